/**
 * @module Which cassette a server of a suite uses, in which mode, and the hash that names its
 * text: what the result cache, the reports and the argument checks ask of cassettes without
 * opening a session (the connector, ./connect.ts, loads the session layer for a run that connects).
 */

import type { ServerEndpoint } from "../session/types.ts";
import type { NormalizeRule } from "./format.ts";
import { cassettePath } from "./store.ts";
import { webSha256Hex } from "../../0_base/util/web_digest.ts";

/**
 * `auto`: replay a server's cassette when it exists, else live (a `--server` flag target: always
 * live, see {@link serverCassetteMode}); `live`: never replay; `record`: live, and write cassettes.
 */
export type CassetteMode = "auto" | "live" | "record";

/**
 * The cassette mode that applies to one server of a run in `mode`. A server whose target came from
 * a `--server NAME=TARGET` flag (`source: "cli flag"`, the highest-precedence target) is always
 * live: `auto` never replays a cassette for it (and so nothing of it is cached, docs/cache.md).
 * `--record` still records it, over NAME's cassette: recording is asked for explicitly.
 */
export function serverCassetteMode(
  server: Pick<ServerEndpoint, "source">,
  mode: CassetteMode,
): CassetteMode {
  return mode === "auto" && server.source === "cli flag" ? "live" : mode;
}

/** What the cassette layer needs from the suite (plain data). */
export interface CassetteSuite {
  readonly servers: Readonly<Record<string, ServerEndpoint>>;
  readonly tests: readonly { readonly serverKey: string; readonly file: string }[];
  readonly secrets: readonly string[];
  readonly cassette?: { readonly normalize: readonly NormalizeRule[] };
}

/** The cassette path of a server in a suite. */
export function serverCassettePath(
  suite: CassetteSuite,
  server: ServerEndpoint,
  cwd: string,
): string {
  const files = suite.tests.filter((t) => t.serverKey === server.key).map((t) => t.file);
  return cassettePath(server, files, cwd);
}

/** The hashes of the last texts hashed: a replay and the result cache hash the same cassette. */
const recentHashes = new Map<string, Promise<string>>();
const RECENT_HASHES = 8;

/**
 * SHA-256 of a text, as hex: one native digest (WebCrypto), so hashing a cassette does not start
 * Deno's Node layer. A text hashed a moment ago (the cassette the result cache keyed, then
 * replayed) is not hashed again.
 */
export function sha256(text: string): Promise<string> {
  let hash = recentHashes.get(text);
  if (hash === undefined) {
    hash = webSha256Hex(text);
    recentHashes.set(text, hash);
    for (const [oldest] of recentHashes) {
      if (recentHashes.size <= RECENT_HASHES) break;
      recentHashes.delete(oldest);
    }
  }
  return hash;
}
