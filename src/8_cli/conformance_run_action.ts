/** @module The `mcptest conformance run` action: flags in, runConformance(), the report out, exit code. */

import { ConformanceExitCode } from "../0_base/errors/exit_codes.ts";
import { parseSafeTool } from "../3_load/config/safe_tool.ts";
import { getConformanceReporter } from "../7_features/conformance/report/reporters.ts";
import type { ConformanceResult } from "../7_features/conformance/result.ts";
import {
  runConformance,
  type RunConformanceOptions,
} from "../7_features/conformance/run_conformance.ts";
import { RevisionUnavailableError } from "../7_features/conformance/revision_unavailable.ts";
import { ConformanceUsageError } from "../7_features/conformance/usage_error.ts";
import { loadDpopCredentials } from "../7_features/conformance/dpop_credentials.ts";
import { writeReport } from "../7_features/conformance/write_report.ts";
import { useColor } from "./color.ts";
import type { ConformanceRunOptions } from "./conformance_run.ts";

/**
 * Score the server and return the exit code: 0 whatever the tier; 7 when the server does not speak
 * `--target-version` (one line on stderr, and the JSON report with the reason for `--reporter json`).
 */
export async function conformanceRunAction(options: ConformanceRunOptions): Promise<number> {
  const out = outPath(options);
  let result: ConformanceResult;
  try {
    const dpop = await loadDpopCredentials({
      ...(options.dpopKey === undefined ? {} : { keyFile: options.dpopKey }),
      ...(options.dpopTokenEnv === undefined ? {} : { tokenEnv: options.dpopTokenEnv }),
      ...(options.dpopForeignTokenEnv === undefined
        ? {}
        : { foreignTokenEnv: options.dpopForeignTokenEnv }),
    });
    result = await runConformance({ ...runOptions(options), ...(dpop ? { dpop } : {}) });
  } catch (error) {
    if (!(error instanceof RevisionUnavailableError)) throw error;
    return await revisionUnavailable(error, options.reporter, out);
  }
  const toStdout = out === undefined || out === "-";
  const render = getConformanceReporter(options.reporter);
  await writeReport(out, render(result, { color: toStdout && useColor(options.color) }));
  if (!toStdout) console.error(`${result.badge} ${result.tier}: report written to ${out}`);
  return ConformanceExitCode.Ok;
}

/** The library's inputs, named as the flags name them. */
function runOptions(options: ConformanceRunOptions): RunConformanceOptions {
  return {
    server: options.server,
    headers: options.header,
    timeoutMs: options.timeout,
    autoRefresh: options.autoRefresh,
    log: (line) => console.error(line),
    ...(options.targetVersion === undefined ? {} : { revision: options.targetVersion }),
    ...(options.corpusDir === undefined ? {} : { corpusDir: options.corpusDir }),
    ...(options.capture === undefined ? {} : { capture: options.capture }),
    ...(options.safeTool.length === 0 ? {} : { safeTools: options.safeTool.map(parseSafeTool) }),
  };
}

/** `--out`, or its alias `--output` (`compliance run`'s name); both must agree when both are given. */
function outPath(options: ConformanceRunOptions): string | undefined {
  const { out, output } = options;
  if (out !== undefined && output !== undefined && out !== output) {
    throw new ConformanceUsageError(
      `--out "${out}" and --output "${output}" name two reports; give one of them`,
    );
  }
  return out ?? output;
}

/**
 * No check could run: print the one line (as `compliance run` does) and, for the JSON reporter,
 * write the report with the reason where the report would have gone. Exit 7.
 */
async function revisionUnavailable(
  error: RevisionUnavailableError,
  reporter: string,
  out: string | undefined,
): Promise<number> {
  console.error(error.report.reason);
  if (reporter === "json") await writeReport(out, JSON.stringify(error.report, null, 2) + "\n");
  return error.exitCode;
}
