/** @module The `mcptest scan` action: flags in, one scanSurface() call, render, exit code. */

import { UsageError } from "../0_base/errors/errors.ts";
import { ExitCode } from "../0_base/errors/exit_codes.ts";
import { didYouMean } from "../0_base/util/suggest.ts";
import { writeOutput } from "../0_base/util/write_output.ts";
import { isScanFormat, renderScan, type ScanFormat } from "../7_features/scan/render.ts";
import { SCAN_RULES } from "../7_features/scan/rules.ts";
import { scanSurface } from "../7_features/scan/scan_surface.ts";
import { type ScanSeverity, SEVERITIES } from "../7_features/scan/types.ts";
import { useColor } from "./color.ts";
import { handleError } from "./handle_error.ts";
import type { ScanCliOptions } from "./scan.ts";
import { suiteLoadOptions } from "./suite_flags.ts";

/** The format, the fail-on severity and the ignored rules, checked. @throws {UsageError} */
function checkedFlags(options: ScanCliOptions): { format: ScanFormat; failOn: ScanSeverity } {
  if (!isScanFormat(options.format)) {
    throw new UsageError(`unknown --format "${options.format}", expected pretty, json or sarif`);
  }
  const failOn = options.failOn as ScanSeverity;
  if (!SEVERITIES.includes(failOn)) {
    throw new UsageError(`unknown --fail-on "${options.failOn}", expected high, medium or low`);
  }
  const ids = SCAN_RULES.map((r) => r.id);
  for (const rule of options.ignore) {
    if (!ids.includes(rule)) {
      throw new UsageError(`unknown rule "${rule}" in --ignore${didYouMean(rule, ids)}`);
    }
  }
  return { format: options.format, failOn };
}

/** Scan, write the report, return the exit code. */
export async function scanAction(paths: string[], options: ScanCliOptions): Promise<number> {
  try {
    const { format, failOn } = checkedFlags(options);
    const useSuite = options.server.length === 0 || paths.length > 0 ||
      options.config !== undefined;
    const suite = suiteLoadOptions(paths, { ...options, server: [] }, Deno.cwd());
    const report = await scanSurface({
      servers: options.server,
      headers: options.header,
      ...(useSuite ? { suite } : {}),
      ...(options.timeout === undefined ? {} : { timeoutMs: options.timeout }),
      failOn,
      ...(options.lock === false ? {} : { lock: options.lock }),
      update: options.update,
      ci: Deno.env.get("CI") === "true",
      ignore: options.ignore,
    });
    const color = options.output === "-" && useColor(options.color);
    await writeOutput(options.output, renderScan(report, format, color));
    return report.status === "pass" ? ExitCode.Ok : ExitCode.TestsFailed;
  } catch (error) {
    return handleError(error, options.verbose);
  }
}
