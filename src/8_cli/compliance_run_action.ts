/** @module The `compliance run` and `compliance baseline` actions: target -> rule results -> report or baseline file. */

import { loadSuite } from "../3_load/config/load_suite.ts";
import { UsageError } from "../0_base/errors/errors.ts";
import { ExitCode } from "../0_base/errors/exit_codes.ts";
import {
  applyBaseline,
  baselineOf,
  readBaseline,
  writeBaseline,
} from "../5_execute/compliance/baseline.ts";
import { runComplianceBlocks } from "../5_execute/compliance/run_blocks.ts";
import {
  pickComplianceVersion,
  runCompliance,
  withVersionPrefix,
} from "../5_execute/compliance/run_compliance.ts";
import { validateComplianceVersion } from "../3_load/compliance_corpus/versions.ts";
import type { ComplianceBlock } from "../3_load/config/compliance_block.ts";
import type { Suite } from "../3_load/config/types.ts";
import { parseServerArg } from "../7_features/conformance/server_arg.ts";
import { redactCapture, redactRecord } from "../4_record/redact_record.ts";
import { getReporter } from "../6_report/reporters.ts";
import { RUN_RECORD_VERSION, type RunRecord, type TestResult } from "../4_record/run_record.ts";
import { summarize } from "../4_record/summary.ts";
import { writeFileAtomic, writeOutput } from "../0_base/util/write_output.ts";
import { captureFileValue, capturingConnect } from "../2_connect/session/capturing_connect.ts";
import type { CaptureSession, Session } from "../2_connect/session/types.ts";
import { connect } from "../2_connect/session/connect.ts";
import { VERSION } from "../0_base/version.ts";
import { useColor } from "./color.ts";
import type { ComplianceBaselineOptions, ComplianceRunOptions } from "./compliance.ts";
import { handleError } from "./handle_error.ts";

type TargetOptions = ComplianceBaselineOptions | ComplianceRunOptions;

/** What a target produced: every result, what the record needs, and what `--save-grade` needs. */
interface Found {
  readonly tests: TestResult[];
  readonly files: string[];
  readonly secrets: readonly string[];
  /** Set when the server does not speak the requested revision: the one line to print. */
  readonly unavailable?: string;
  /** With --from-suite: the blocks, their raw rule results and the suite's servers. */
  readonly suite?: {
    readonly blocks: ComplianceBlock[];
    readonly ruleResults: TestResult[];
    readonly servers: Suite["servers"];
  };
}

/** Rule results of the target the options name, plus what the record needs. */
async function results(
  options: TargetOptions,
  captures: CaptureSession[] = [],
): Promise<Found> {
  // The suite's secrets, once it is loaded: hidden in stderr tails at the source.
  let secrets: readonly string[] = [];
  const open = capturingConnect(
    (server) => connect(server, { clientVersion: VERSION, secrets }),
    (capture) => captures.push(capture),
  );
  if (options.fromSuite !== undefined && options.server !== undefined) {
    throw new UsageError("use either --from-suite or --server, not both");
  }
  if (options.server === undefined) {
    // --from-suite FILE, or else the project's suites (as `mcptest run` finds them).
    const paths = options.fromSuite === undefined ? [] : [options.fromSuite];
    const cwd = Deno.cwd();
    const suite = await loadSuite({ paths, cwd, vars: options.var, envFiles: options.envFile });
    secrets = suite.secrets;
    const blocks = [...(suite.compliance ?? [])];
    if (blocks.length === 0 && options.fromSuite !== undefined) {
      throw new UsageError(`${options.fromSuite} has no compliance: block, expected one to run`);
    }
    if (blocks.length === 0) throw await noProjectBlocks(cwd, suite);
    const { evaluateGates, readGradeBaselines } = await import(
      "../5_execute/compliance/gates/run_gates.ts"
    );
    const gradeBaselines = await readGradeBaselines(blocks);
    const ruleResults = await runComplianceBlocks(suite, blocks, { connect: open });
    const tests = [
      ...ruleResults,
      ...await evaluateGates(blocks, {
        results: ruleResults,
        servers: suite.servers,
        gradeBaselines,
      }),
    ];
    return {
      tests,
      files: [...suite.files],
      secrets: [...suite.secrets],
      suite: { blocks, ruleResults, servers: suite.servers },
    };
  }
  const server = parseServerArg(options.server, {
    headers: options.header,
    timeoutMs: options.timeout,
    name: "server",
  });
  secrets = server.target.kind === "http" ? Object.values(server.target.headers) : [];
  let version = options.specVersion === undefined
    ? undefined
    : validateComplianceVersion(withVersionPrefix(options.specVersion));
  let session: Session | undefined;
  if (version === undefined) {
    // No --spec-version: the newest revision the server negotiates (its session is reused).
    session = await open(server);
    version = pickComplianceVersion(session.protocolVersion);
    console.error(
      `spec version ${version}: the newest revision the server negotiates (--spec-version forces another)`,
    );
  }
  const run = await runCompliance({
    server,
    version,
    connect: open,
    ...(session ? { session } : {}),
  });
  return {
    tests: run.results,
    files: [],
    secrets,
    ...(run.revisionUnavailable ? { unavailable: run.revisionUnavailable.line } : {}),
  };
}

function recordOf(
  tests: TestResult[],
  files: string[],
  started: number,
  startedAt: string,
): RunRecord {
  return {
    version: RUN_RECORD_VERSION,
    tool: { name: "mcptest", version: VERSION },
    startedAt,
    durationMs: Math.round(performance.now() - started),
    files,
    servers: [],
    tests,
    summary: summarize(tests),
  };
}

/** No --from-suite, no --server, and no compliance: block in the project's suites: say where we looked. */
async function noProjectBlocks(cwd: string, suite: Suite): Promise<UsageError> {
  const { describeSearch } = await import("../3_load/config/discover.ts");
  const facts = { paths: [], cwd, files: suite.files, tests: suite.tests.length };
  const where = await describeSearch(facts);
  return new UsageError(
    [
      "no compliance: block in the project's suites, expected one to run; give --from-suite FILE, or --server TARGET (with --spec-version VERSION to force a revision)",
      ...where.map((line) => `  ${line}`),
    ].join("\n"),
  );
}

/** `mcptest compliance run`: report every rule result; exit 1 on a failure or a stale baseline entry. */
export async function complianceRunAction(options: ComplianceRunOptions): Promise<number> {
  try {
    const started = performance.now();
    const startedAt = new Date().toISOString();
    const reporter = await getReporter(options.reporter);
    if (options.saveGrade !== undefined && options.server !== undefined) {
      throw new UsageError(
        "--save-grade needs --from-suite, or the project's suites without --server: grades are saved under the suite's server names",
      );
    }
    const baseline = options.baseline === undefined
      ? undefined
      : await readBaseline(options.baseline);
    const captures: CaptureSession[] = [];
    const found = await results(options, captures);
    if (found.unavailable !== undefined) {
      // One clear line instead of a report of rules that cannot run (exit 7: no rule ran).
      console.error(found.unavailable);
      return ExitCode.NoTests;
    }
    if (options.capture !== undefined) {
      const value = redactCapture(captureFileValue(captures), found.secrets);
      await writeFileAtomic(options.capture, JSON.stringify(value, null, 2) + "\n");
    }
    if (options.saveGrade !== undefined && found.suite !== undefined) {
      await saveGradesOf(found.suite, options.saveGrade);
    }
    const tests = baseline ? applyBaseline(found.tests, baseline, options.baseline!) : found.tests;
    const record = redactRecord(recordOf(tests, found.files, started, startedAt), found.secrets);
    const toStdout = options.output === "-";
    await writeOutput(
      options.output,
      await reporter(record, { color: toStdout && useColor(options.color) }),
    );
    return record.summary.failed + record.summary.errored > 0 ? ExitCode.TestsFailed : ExitCode.Ok;
  } catch (error) {
    return handleError(error, options.verbose);
  }
}

/** `--save-grade [PATH]`: write the raw grades, say what was written on stderr (stdout is the report). */
async function saveGradesOf(
  suite: NonNullable<Found["suite"]>,
  saveGrade: string | true,
): Promise<void> {
  const { saveGrades } = await import("../5_execute/compliance/gates/grade_save.ts");
  const { saved, ungraded } = await saveGrades(suite.blocks, {
    results: suite.ruleResults,
    servers: suite.servers,
    ...(typeof saveGrade === "string" ? { path: saveGrade } : {}),
  });
  for (const { path, server, grade } of saved) {
    console.error(
      `saved grade ${grade.score} (${grade.letter}) of server "${server}" [${grade.revision}] to ${path}`,
    );
  }
  for (const server of ungraded) {
    console.error(`no grade saved for server "${server}": no rule reached a verdict`);
  }
}

/** `mcptest compliance baseline`: write today's failures as the accepted ones. */
export async function complianceBaselineAction(
  options: ComplianceBaselineOptions,
): Promise<number> {
  try {
    const found = await results(options);
    if (found.unavailable !== undefined) {
      console.error(found.unavailable);
      return ExitCode.NoTests;
    }
    const baseline = baselineOf(found.tests);
    await writeBaseline(options.output, baseline);
    console.log(
      `${baseline.accepted.length} accepted failure(s) of ${found.tests.length} rule result(s) written to ${options.output}`,
    );
    return ExitCode.Ok;
  } catch (error) {
    return handleError(error, options.verbose);
  }
}
