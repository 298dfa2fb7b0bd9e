/** @module diffSurfaces(): `mcptest diff OLD NEW` as one call: load both sides, compare them, refuse an empty comparison. */

import { UsageError } from "../../0_base/errors/errors.ts";
import { ExitCode } from "../../0_base/errors/exit_codes.ts";
import { breakingCount, compareSurfaces } from "./compare.ts";
import { loadSide, type SideOptions } from "./load_side.ts";
import { CATEGORIES, type DiffResult } from "./types.ts";

/**
 * The changes between two tool surfaces, each side a cassette, a capture file (`FILE#N` picks a
 * session), an `http(s)://` URL or a command line (a live server, listed and closed).
 * @param old the side a client was written against
 * @param next the side it now meets
 * @param options `--header` values and the per-request timeout of a live side
 * @returns every change and every skipped category, judged breaking or not
 * @throws {UsageError} when neither side lists any category (nothing to compare), a missing or
 *   unreadable file (exit 2)
 * @throws {ConfigError} a malformed side or header (exit 2)
 * @throws {ConnectError} a live side that cannot be reached (exit 1)
 * @example
 * ```ts ignore
 * import { diffSurfaces } from "./diff_surfaces.ts";
 *
 * const result = await diffSurfaces("v1.capture.json", "http://127.0.0.1:3000/mcp");
 * console.log(result.changes.filter((c) => c.breaking).length);
 * ```
 */
export async function diffSurfaces(
  old: string,
  next: string,
  options: SideOptions = {},
): Promise<DiffResult> {
  const before = await loadSide(old, options);
  const after = await loadSide(next, options);
  const result = compareSurfaces(before, after);
  if (result.skipped.length === CATEGORIES.length) {
    throw new UsageError(
      `nothing to compare: ${result.skipped.map((s) => s.reason).join("; ")} ` +
        "(a capture or cassette needs the list responses; record a run that lists them, " +
        "or diff a live server)",
    );
  }
  return result;
}

/** The exit code of a diff: 1 when a change is breaking, 0 otherwise. */
export function diffExitCode(result: DiffResult): number {
  return breakingCount(result) > 0 ? ExitCode.TestsFailed : ExitCode.Ok;
}
