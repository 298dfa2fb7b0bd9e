/** @module The `mcptest scan` action: flags in, one scanSurface() call, render, exit code. */

import { ExitCode } from "../0_base/errors/exit_codes.ts";
import { writeOutput } from "../0_base/util/write_output.ts";
import { renderScan } from "../7_features/scan/render.ts";
import { scanSurface } from "../7_features/scan/scan_surface.ts";
import { useColor } from "./color.ts";
import type { ScanCliOptions } from "./scan.ts";
import { suiteLoadOptions } from "./suite_flags.ts";

/** Scan, write the report, return the exit code. */
export async function scanAction(paths: string[], options: ScanCliOptions): Promise<number> {
  const useSuite = options.server.length === 0 || paths.length > 0 ||
    options.config !== undefined;
  const suite = suiteLoadOptions(paths, { ...options, server: [] }, Deno.cwd());
  const report = await scanSurface({
    servers: options.server,
    headers: options.header,
    ...(useSuite ? { suite } : {}),
    ...(options.timeout === undefined ? {} : { timeoutMs: options.timeout }),
    failOn: options.failOn,
    ...(options.lock === false ? {} : { lock: options.lock }),
    update: options.update,
    ci: Deno.env.get("CI") === "true",
    ignore: options.ignore,
  });
  const color = options.output === "-" && useColor(options.color);
  await writeOutput(options.output, renderScan(report, options.format, color));
  return report.status === "pass" ? ExitCode.Ok : ExitCode.TestsFailed;
}
