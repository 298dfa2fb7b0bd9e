/** @module The `mcptest fuzz` action: flags in, one fuzzServer() call, render, exit code. */

import { UsageError } from "../0_base/errors/errors.ts";
import { ExitCode } from "../0_base/errors/exit_codes.ts";
import { writeOutput } from "../0_base/util/write_output.ts";
import { fuzzServer } from "../7_features/fuzz/fuzz_server.ts";
import { isFuzzFormat, renderFuzz } from "../7_features/fuzz/render.ts";
import { useColor } from "./color.ts";
import type { FuzzCliOptions } from "./fuzz.ts";
import { handleError } from "./handle_error.ts";

/** Fuzz, write the report, return the exit code. */
export async function fuzzAction(options: FuzzCliOptions): Promise<number> {
  try {
    if (!isFuzzFormat(options.format)) {
      throw new UsageError(`unknown --format "${options.format}", expected pretty or json`);
    }
    const report = await fuzzServer({
      server: options.server,
      headers: options.header,
      tools: options.tool,
      prompts: options.prompt,
      templates: options.template,
      runs: options.runs,
      ...(options.seed === undefined ? {} : { seed: options.seed }),
      ...(options.maxTime === undefined ? {} : { maxTimeMs: options.maxTime }),
      timeoutMs: options.timeout,
      allowWrites: options.allowWrites,
      allowDestructive: options.allowDestructive,
    });
    const color = options.output === "-" && useColor(options.color);
    await writeOutput(options.output, renderFuzz(report, options.format, color));
    return report.status === "pass" ? ExitCode.Ok : ExitCode.TestsFailed;
  } catch (error) {
    return handleError(error, options.verbose);
  }
}
