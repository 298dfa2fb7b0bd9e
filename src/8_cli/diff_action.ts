/** @module The `mcptest diff` action: load both sides, compare, render, exit 1 on a breaking change. */

import { breakingCount, diffSurfaces } from "../7_features/surface_diff/compare.ts";
import { loadSide } from "../7_features/surface_diff/load_side.ts";
import {
  DIFF_FORMATS,
  type DiffFormat,
  renderJson,
  renderMarkdown,
  renderPretty,
} from "../7_features/surface_diff/render.ts";
import { UsageError } from "../0_base/errors/errors.ts";
import { CATEGORIES } from "../7_features/surface_diff/types.ts";
import { ExitCode } from "../0_base/errors/exit_codes.ts";
import { styler } from "../0_base/util/ansi.ts";
import { writeOutput } from "../0_base/util/write_output.ts";
import { useColor } from "./color.ts";
import type { DiffOptions } from "./diff.ts";
import { handleError } from "./handle_error.ts";

/** Compare `old` with `next`, write the report, return the exit code. */
export async function diffAction(old: string, next: string, options: DiffOptions): Promise<number> {
  try {
    const format = options.format as DiffFormat;
    if (!DIFF_FORMATS.includes(format)) {
      throw new UsageError(
        `unknown --format "${options.format}", expected one of: ${DIFF_FORMATS.join(", ")}`,
      );
    }
    const sideOptions = {
      headers: options.header,
      ...(options.timeout === undefined ? {} : { timeoutMs: options.timeout }),
    };
    const before = await loadSide(old, sideOptions);
    const after = await loadSide(next, sideOptions);
    const result = diffSurfaces(before, after);
    if (result.skipped.length === CATEGORIES.length) {
      throw new UsageError(
        `nothing to compare: ${result.skipped.map((s) => s.reason).join("; ")} ` +
          "(a capture or cassette needs the list responses; record a run that lists them, " +
          "or diff a live server)",
      );
    }
    const toStdout = options.output === "-";
    const text = format === "json"
      ? renderJson(result)
      : format === "markdown"
      ? renderMarkdown(result)
      : renderPretty(result, styler(toStdout && useColor(options.color)));
    await writeOutput(options.output, text);
    return breakingCount(result) > 0 ? ExitCode.TestsFailed : ExitCode.Ok;
  } catch (error) {
    return handleError(error, options.verbose);
  }
}
