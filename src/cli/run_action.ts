/** @module The `mcptest run` action: flags in, one `runSuite` call, output sinks, exit code out. */

import { loadSuite } from "../config/load_suite.ts";
import { UsageError } from "../errors/errors.ts";
import { ExitCode } from "../errors/exit_codes.ts";
import { redactCapture } from "../record/redact.ts";
import type { RunRecord } from "../record/run_record.ts";
import {
  ANNOTATION_MODES,
  type AnnotationMode,
  renderAnnotations,
  shouldAnnotate,
} from "../report/annotations.ts";
import { getReporter } from "../report/reporters.ts";
import { saveLastRun } from "../runner/last_failed.ts";
import { runSuite } from "../runner/run_suite.ts";
import { captureFileValue } from "../session/capturing_connect.ts";
import type { CaptureSession } from "../session/types.ts";
import { writeFileAtomic, writeOutput, writeStderr } from "../util/write_output.ts";
import { VERSION } from "../version.ts";
import { useColor } from "./color.ts";
import { handleError } from "./handle_error.ts";
import { createProgress, type Progress } from "./progress.ts";
import type { RunOptions } from "./run.ts";
import { suiteLoadOptions } from "./suite_flags.ts";

/** Run the suites and return the exit code. */
export async function runAction(paths: string[], options: RunOptions): Promise<number> {
  try {
    const cwd = Deno.cwd();
    const reporter = await getReporter(options.reporter);
    const annotations = parseAnnotationMode(options.annotations);
    const suite = await loadSuite(suiteLoadOptions(paths, options, cwd));
    for (const w of suite.warnings ?? []) {
      console.error(`${w.file}:${w.line}:${w.col}: warning: ${w.message}`);
    }
    const captures: CaptureSession[] = [];
    let progress: Progress | undefined;
    const record = await runSuite(suite, {
      cwd,
      toolVersion: VERSION,
      lastFailed: options.lastFailed,
      ...(options.filter !== undefined ? { filter: options.filter } : {}),
      ...(options.shard !== undefined ? { shard: options.shard } : {}),
      ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
      updateSnapshots: options.updateSnapshots,
      ci: Deno.env.get("CI") === "true",
      onSelected: (tests) => progress = createProgress(tests.length, options.color),
      onResult: (result) => progress?.update(result),
      ...(options.capture !== undefined
        ? { onCapture: (capture: CaptureSession) => captures.push(capture) }
        : {}),
    }).finally(() => progress?.done());
    if (record.tests.length === 0) return noTests(options.passWithNoTests);
    if (options.capture !== undefined) {
      const value = redactCapture(captureFileValue(captures), suite.secrets);
      await writeFileAtomic(options.capture, JSON.stringify(value, null, 2) + "\n");
    }
    const toStdout = options.output === "-";
    const text = await reporter(record, { color: toStdout && useColor(options.color) });
    await writeOutput(options.output, text);
    if (shouldAnnotate(annotations, (name) => Deno.env.get(name))) {
      const commands = renderAnnotations(record);
      if (commands !== "") await writeStderr(commands);
    }
    await keepLastRun(cwd, record);
    const { failed, errored } = record.summary;
    return failed + errored > 0 ? ExitCode.TestsFailed : ExitCode.Ok;
  } catch (error) {
    return handleError(error, options.verbose);
  }
}

function noTests(passWithNoTests: boolean): number {
  if (passWithNoTests) {
    console.error("no tests selected");
    return ExitCode.Ok;
  }
  console.error("error: no tests selected (pass --pass-with-no-tests to accept that)");
  return ExitCode.NoTests;
}

/** The last-run state is written after the report; failing to write it costs a warning only. */
async function keepLastRun(cwd: string, record: RunRecord): Promise<void> {
  try {
    await saveLastRun(cwd, record);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`warning: could not save the last-run state for --last-failed: ${reason}`);
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
