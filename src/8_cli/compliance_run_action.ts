/** @module The `compliance run` and `compliance baseline` actions: flags in, one `runComplianceSuite` call, the report or the baseline file, exit code out. */

import { ExitCode } from "../0_base/errors/exit_codes.ts";
import { serverFromFlag } from "../3_load/config/server_spec.ts";
import { runExitCode } from "../4_record/exit_code.ts";
import { baselineOf, writeBaseline } from "../5_execute/compliance/baseline.ts";
import {
  type ComplianceSuiteOptions,
  type ComplianceSuiteRun,
  runComplianceSuite,
} from "../5_execute/compliance/run_compliance_suite.ts";
import { getReporter } from "../6_report/reporters.ts";
import { writeOutput } from "../0_base/util/write_output.ts";
import { useColor } from "./color.ts";
import { dirname } from "../0_base/util/path.ts";
import { loadCorpusDir } from "../3_load/compliance_corpus/load_dir.ts";
import { parseSafeTool } from "../3_load/config/safe_tool.ts";
import type { ComplianceBaselineOptions, ComplianceRunOptions } from "./compliance.ts";

/** `mcptest compliance run`: report every rule result; exit 1 on a failure or a stale baseline entry. */
export async function complianceRunAction(options: ComplianceRunOptions): Promise<number> {
  const run = await runComplianceSuite({
    ...await complianceTarget(options),
    ...(options.baseline !== undefined ? { baseline: options.baseline } : {}),
    ...(options.saveGrade !== undefined ? { saveGrade: options.saveGrade } : {}),
    ...(options.capture !== undefined ? { captureFile: options.capture } : {}),
  });
  if (!sayRevision(run)) return ExitCode.NoTests;
  for (const line of gradeLines(run.grades)) console.error(line);
  const reporter = await getReporter(options.reporter);
  const color = options.output === "-" && useColor(options.color);
  await writeOutput(options.output, await reporter(run.record, { color }));
  return runExitCode(run.record);
}

/** `mcptest compliance baseline`: write today's failures as the accepted ones. */
export async function complianceBaselineAction(
  options: ComplianceBaselineOptions,
): Promise<number> {
  const run = await runComplianceSuite(await complianceTarget(options));
  if (!sayRevision(run)) return ExitCode.NoTests;
  const baseline = baselineOf(run.record.tests);
  await writeBaseline(options.output, baseline);
  console.log(
    `${baseline.accepted.length} accepted failure(s) of ${run.record.tests.length} rule result(s) written to ${options.output}`,
  );
  return ExitCode.Ok;
}

/** The target flags as `runComplianceSuite` options: `--from-suite` or `--server`, and the rest. */
async function complianceTarget(
  options: ComplianceBaselineOptions | ComplianceRunOptions,
): Promise<ComplianceSuiteOptions> {
  const server = options.server === undefined ? undefined : serverFromFlag(options.server, {
    defaultName: "server",
    headers: options.header,
    timeoutMs: options.timeout,
  });
  return {
    ...(options.fromSuite !== undefined ? { fromSuite: options.fromSuite } : {}),
    ...(server ? { server } : {}),
    ...(options.targetVersion !== undefined ? { revision: options.targetVersion } : {}),
    vars: options.var,
    envFiles: options.envFile,
    // A baseline is recorded with the tools a run will call: the same flag on both.
    ...(options.safeTool.length > 0 ? { safeTools: options.safeTool.map(parseSafeTool) } : {}),
    ...(options.registry !== undefined
      ? {
        corpus: await loadCorpusDir(dirname(options.registry), { registryFile: options.registry }),
      }
      : {}),
  };
}

/**
 * Say which revision ran when it was picked from the server; false when the server lacks the one
 * asked for (its one line is printed instead of a report of rules that cannot run: exit 7).
 */
function sayRevision(run: ComplianceSuiteRun): boolean {
  if (run.pickedRevision !== undefined) {
    console.error(
      `spec version ${run.pickedRevision}: the newest revision the server negotiates (--target-version forces another)`,
    );
  }
  if (run.revisionUnavailable === undefined) return true;
  console.error(run.revisionUnavailable.line);
  return false;
}

/** `--save-grade`: what was written, on stderr (stdout is the report). */
function gradeLines(grades: ComplianceSuiteRun["grades"]): string[] {
  if (grades === undefined) return [];
  return [
    ...grades.saved.map(({ path, server, grade }) =>
      `saved grade ${grade.score} (${grade.letter}) of server "${server}" [${grade.revision}] to ${path}`
    ),
    ...grades.ungraded.map((server) =>
      `no grade saved for server "${server}": no rule reached a verdict`
    ),
  ];
}
