/**
 * Cassettes (seed 005): the file format, reading one, and {@link serveCassette} (`mcptest serve`
 * as one call: a recorded server answering over stdio or HTTP).
 *
 * @example The format a cassette file declares
 * ```ts
 * import { CASSETTE_FORMAT, CASSETTE_VERSION } from "@mcptest/cli/cassette";
 *
 * console.log(CASSETTE_FORMAT, CASSETTE_VERSION);
 * ```
 *
 * @module
 */

export {
  CASSETTE_FORMAT,
  CASSETTE_VERSION,
  CassetteFormatError,
} from "../src/2_connect/cassette/format.ts";
export type {
  Cassette,
  CassetteAfterMessage,
  CassetteExchange,
  CassetteFileHeader,
  CassetteHttp,
  CassetteServerRequest,
} from "../src/2_connect/cassette/format.ts";
export { CASSETTE_DIR, readCassette } from "../src/2_connect/cassette/store.ts";
export type { CassetteOwner } from "../src/2_connect/cassette/store.ts";
export { serveCassette } from "../src/7_features/serve/serve_cassette.ts";
export type { ServeCassetteOptions } from "../src/7_features/serve/serve_cassette.ts";
export type { NormalizeRule } from "../src/2_connect/cassette/format.ts";

// The shared types (suite, server, session, record, matcher, error).
export * from "./core_types.ts";
