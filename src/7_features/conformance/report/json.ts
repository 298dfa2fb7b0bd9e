/** @module JSON reporter: the result.json shape of seed 002 (plus mcptest's documented extras). */

import { safeJson } from "../../../0_base/util/escape.ts";
import type { ConformanceResult } from "../result.ts";

/** Render the result as pretty-printed JSON with a trailing newline (printable: see `safeJson`). */
export function renderJson(result: ConformanceResult): string {
  return safeJson(JSON.stringify(result, null, 2)) + "\n";
}
