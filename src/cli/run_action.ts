/** @module The `mcptest run` action: Load -> Connect -> Execute -> Report, and the exit code. */

import { loadSuite } from "../config/load_suite.ts";
import { ExitCode } from "../errors/exit_codes.ts";
import { redactValue } from "../record/redact.ts";
import {
  ANNOTATION_MODES,
  type AnnotationMode,
  renderAnnotations,
  shouldAnnotate,
} from "../report/annotations.ts";
import { getReporter } from "../report/reporters.ts";
import { ConfigError, UsageError } from "../errors/errors.ts";
import { writeFileAtomic, writeOutput, writeStderr } from "../util/write_output.ts";
import { saveLastRun } from "../runner/last_failed.ts";
import { prepareTests } from "../runner/prepare.ts";
import { runTests } from "../runner/run.ts";
import { selectTests } from "../runner/select_tests.ts";
import { connect } from "../session/connect.ts";
import type { Session } from "../session/types.ts";
import { capturingConnect } from "../session/capturing_connect.ts";
import type { ServerSpec, Suite, TestCase } from "../config/types.ts";
import type { RunRecord } from "../record/run_record.ts";
import { summarize } from "../record/summary.ts";
import { nameFilter } from "../runner/select.ts";
import type { CaptureSession } from "../session/types.ts";
import { VERSION } from "../version.ts";
import { useColor } from "./color.ts";
import { handleError } from "./handle_error.ts";
import { createProgress } from "./progress.ts";
import type { RunOptions } from "./run.ts";

/** Run the suites and return the exit code. */
export async function runAction(paths: string[], options: RunOptions): Promise<number> {
  try {
    const cwd = Deno.cwd();
    const reporter = await getReporter(options.reporter);
    const annotations = parseAnnotationMode(options.annotations);
    const suite = await loadSuite({
      paths,
      cwd,
      ...(options.config !== undefined ? { configFile: options.config } : {}),
      ...(options.serverConfig !== undefined ? { serverConfigFile: options.serverConfig } : {}),
      serverOverrides: options.server,
      vars: options.var,
      envFiles: options.envFile,
    });
    const selected = await selectTests(suite.tests, {
      cwd,
      lastFailed: options.lastFailed,
      ...(options.filter !== undefined ? { filter: options.filter } : {}),
      ...(options.shard !== undefined ? { shard: options.shard } : {}),
    });
    rejectUnsupportedTests(suite);
    const compliance = await complianceOf(suite, options.filter);
    if (selected.length === 0 && compliance === undefined) {
      if (options.passWithNoTests) {
        console.error("no tests selected");
        return ExitCode.Ok;
      }
      console.error("error: no tests selected (pass --pass-with-no-tests to accept that)");
      return ExitCode.NoTests;
    }
    const prepared = prepareTests(suite, selected);
    const progress = createProgress(prepared.length, options.color);
    const captures: CaptureSession[] = [];
    const testRecord = await runTests(suite, prepared, {
      connect: (server) => connect(server, { clientVersion: VERSION }),
      toolVersion: VERSION,
      ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
      updateSnapshots: options.updateSnapshots,
      ci: Deno.env.get("CI") === "true",
      onResult: (result) => progress.update(result),
      onCapture: (capture) => captures.push(capture),
    }).finally(() => progress.done());
    const record = compliance === undefined ? testRecord : await withCompliance(
      testRecord,
      suite,
      compliance,
      (server) => connect(server, { clientVersion: VERSION, capture: true }),
      (capture) => captures.push(capture),
    );
    if (options.capture !== undefined) {
      const value = captures.length === 1 ? captures[0] : captures;
      await writeFileAtomic(
        options.capture,
        JSON.stringify(redactValue(value, suite.secrets), null, 2) + "\n",
      );
    }
    await saveLastRun(cwd, record);
    const toStdout = options.output === "-";
    const text = await reporter(record, { color: toStdout && useColor(options.color) });
    await writeOutput(options.output, text);
    if (shouldAnnotate(annotations, (name) => Deno.env.get(name))) {
      const commands = renderAnnotations(record);
      if (commands !== "") await writeStderr(commands);
    }
    const { failed, errored } = record.summary;
    return failed + errored > 0 ? ExitCode.TestsFailed : ExitCode.Ok;
  } catch (error) {
    return handleError(error, options.verbose);
  }
}

function parseAnnotationMode(value: string): AnnotationMode {
  const mode = ANNOTATION_MODES.find((m) => m === value);
  if (!mode) {
    throw new UsageError(
      `invalid --annotations "${value}", expected one of: ${ANNOTATION_MODES.join(", ")}`,
    );
  }
  return mode;
}

/** The suite's compliance blocks (loaded lazily: only suites that have one pay for the corpus). */
async function complianceOf(suite: Suite, filter: string | undefined) {
  if (!(suite.documents ?? []).some((d) => d.value.compliance !== undefined)) return undefined;
  const [{ complianceBlocks }, { readGradeBaselines }] = await Promise.all([
    import("../compliance/suite_block.ts"),
    import("../compliance/gates/run_gates.ts"),
  ]);
  const blocks = complianceBlocks(suite);
  const gradeBaselines = await readGradeBaselines(blocks);
  const select = filter === undefined ? undefined : nameFilter(filter);
  return {
    blocks,
    gradeBaselines,
    select: (name: string) => select?.({ name } as TestCase) ?? true,
  };
}

/** Run the compliance blocks and gates and fold their results into the record (file order kept). */
async function withCompliance(
  record: RunRecord,
  suite: Suite,
  compliance: NonNullable<Awaited<ReturnType<typeof complianceOf>>>,
  open: (server: ServerSpec) => Promise<Session>,
  onCapture: (capture: CaptureSession) => void,
): Promise<RunRecord> {
  const [{ runComplianceBlocks }, { evaluateGates }] = await Promise.all([
    import("../compliance/run_blocks.ts"),
    import("../compliance/gates/run_gates.ts"),
  ]);
  const connectAndCapture = capturingConnect(open, onCapture);
  const ruleResults = await runComplianceBlocks(suite, compliance.blocks, {
    connect: connectAndCapture,
    select: compliance.select,
  });
  const extra = [
    ...ruleResults,
    ...await evaluateGates(compliance.blocks, {
      results: ruleResults,
      servers: suite.servers,
      gradeBaselines: compliance.gradeBaselines,
    }),
  ];
  const tests = redactValue([...record.tests, ...extra], suite.secrets);
  const ran = extra.reduce((total, t) => total + t.durationMs, 0);
  return { ...record, tests, summary: summarize(tests), durationMs: record.durationMs + ran };
}

/**
 * `agents:` and `evals:` are accepted by the schema for forward compatibility, but this version
 * cannot run them: say so (exit 2) rather than report a green run that skipped them silently.
 */
function rejectUnsupportedTests(suite: Suite): void {
  for (const doc of suite.documents ?? []) {
    for (const key of ["agents", "evals"]) {
      const value = doc.value[key];
      if (Array.isArray(value) && value.length > 0) {
        throw new ConfigError(
          `${key}: tests are not supported by this version of mcptest, expected tools:, resources:, prompts: or compliance:`,
          doc.positionOf([key], "key"),
        );
      }
    }
  }
}
