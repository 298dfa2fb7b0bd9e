/**
 * Schema-driven fuzzing: {@link fuzzServer} (`mcptest fuzz` as one call: arguments generated from
 * each tool's, prompt's and resource template's schema, findings shrunk and printed as YAML tests)
 * and its renderers.
 *
 * @example The finding kinds a fuzz run reports
 * ```ts
 * import { FINDING_KINDS } from "@mcptest/cli/fuzz";
 *
 * console.log(FINDING_KINDS);
 * ```
 *
 * @module
 */

export { DEFAULT_RUNS, fuzzServer } from "../src/7_features/fuzz/fuzz_server.ts";
export type { FuzzOptions } from "../src/7_features/fuzz/fuzz_server.ts";
export { FUZZ_FORMATS, renderFuzz } from "../src/7_features/fuzz/render.ts";
export { FUZZ_OUTPUT_FORMATS, renderFuzzAs } from "../src/7_features/fuzz/fuzz_formats.ts";
export { fuzzRecord } from "../src/7_features/fuzz/fuzz_record.ts";
export type { FuzzFormat } from "../src/7_features/fuzz/render.ts";
export { FINDING_KINDS } from "../src/7_features/fuzz/types.ts";
export type {
  Expectation,
  FuzzCase,
  FuzzFinding,
  FuzzFindingKind,
  FuzzReport,
  FuzzTargetKind,
  FuzzTargetResult,
} from "../src/7_features/fuzz/types.ts";

// The shared types (suite, server, session, record, matcher, error).
export * from "./core_types.ts";
