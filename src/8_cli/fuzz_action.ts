/** @module The `mcptest fuzz` action: flags in, one fuzzServer() call, render, exit code. */

import { ExitCode } from "../0_base/errors/exit_codes.ts";
import { writeOutput } from "../0_base/util/write_output.ts";
import { fuzzServer } from "../7_features/fuzz/fuzz_server.ts";
import { renderFuzzAs } from "../7_features/fuzz/fuzz_formats.ts";
import { useColor } from "./color.ts";
import type { FuzzCliOptions } from "./fuzz.ts";

/** Fuzz, write the report, return the exit code. */
export async function fuzzAction(options: FuzzCliOptions): Promise<number> {
  const startedAt = new Date().toISOString();
  const started = performance.now();
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
  const timing = { startedAt, durationMs: performance.now() - started };
  await writeOutput(options.output, await renderFuzzAs(report, options.format, timing, color));
  return report.status === "pass" ? ExitCode.Ok : ExitCode.TestsFailed;
}
