/** @module The `mcptest diff` action: flags in, diffSurfaces(), the chosen format out, exit 1 on a breaking change. */

import { diffExitCode, diffSurfaces } from "../7_features/surface_diff/diff_surfaces.ts";
import { DIFF_FORMATS } from "../7_features/surface_diff/formats.ts";
import { writeOutput } from "../0_base/util/write_output.ts";
import { useColor } from "./color.ts";
import type { DiffOptions } from "./diff.ts";

/** Compare `old` with `next`, write the report, return the exit code. */
export async function diffAction(old: string, next: string, options: DiffOptions): Promise<number> {
  const render = await DIFF_FORMATS[options.format]();
  const result = await diffSurfaces(old, next, {
    headers: options.header,
    ...(options.timeout === undefined ? {} : { timeoutMs: options.timeout }),
  });
  const color = options.output === "-" && useColor(options.color);
  await writeOutput(options.output, render(result, { color }));
  return diffExitCode(result);
}
