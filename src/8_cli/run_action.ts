/** @module The `mcptest run` action: flags in, one `runSuite` call, output sinks, exit code out. */

import { variableRereader } from "../3_load/config/reread.ts";
import { RuntimeSecrets } from "../2_connect/auth/runtime_secrets.ts";
import { describeSearch } from "../3_load/config/discover.ts";
import { loadSuite } from "../3_load/config/load_suite.ts";
import { UsageError } from "../0_base/errors/errors.ts";
import { ExitCode } from "../0_base/errors/exit_codes.ts";
import { redactCapture } from "../4_record/redact_record.ts";
import {
  ANNOTATION_MODES,
  type AnnotationMode,
  renderAnnotations,
  shouldAnnotate,
} from "../6_report/annotations.ts";
import {
  type LastFailedState,
  readLastFailed,
  saveLastFailed,
  updateLastFailed,
} from "../5_execute/runner/last_failed.ts";
import type { Suite, TestCase } from "../3_load/config/types.ts";
import { runSuite } from "../5_execute/suite/run_suite.ts";
import { runExitCode } from "../4_record/exit_code.ts";
import { readDriftBaseline } from "./agent_options.ts";
import { captureFileValue } from "../2_connect/session/capturing_connect.ts";
import type { CaptureSession } from "../2_connect/session/types.ts";
import { writeFileAtomic, writeStderr } from "../0_base/util/write_output.ts";
import { VERSION } from "../0_base/version.ts";
import { obsoleteSnapshots } from "../1_matchers/snapshot.ts";
import { useColor } from "./color.ts";
import { handleError } from "./handle_error.ts";
import { createProgress, type Progress } from "./progress.ts";
import { parseReporterSinks } from "./reporter_sinks.ts";
import { openRunReports } from "./reporter_sinks_write.ts";
import type { RunOptions } from "./run.ts";
import { suiteLoadOptions } from "./suite_flags.ts";
import { bailLimit } from "./run_flags.ts";
import { printFrames } from "./verbose_frames.ts";

/**
 * Run the suites and return the exit code; with `--watch`, rerun on changes until stopped.
 * `onSuite` receives the loaded suite (what `--watch` plans its watching from).
 */
export async function runAction(
  paths: string[],
  options: RunOptions,
  onSuite?: (suite: Suite) => void,
): Promise<number> {
  if (options.watch && onSuite === undefined) {
    try {
      parseReporterSinks(options.reporter, options.output); // a usage error stops --watch at once
    } catch (error) {
      return handleError(error, options.verbose);
    }
    const { watchRuns } = await import("./watch.ts");
    return await watchRuns(paths, options, (which, seen) => runAction(which, options, seen));
  }
  try {
    const cwd = Deno.cwd();
    const sinks = parseReporterSinks(options.reporter, options.output);
    const annotations = parseAnnotationMode(options.annotations);
    const loadOptions = suiteLoadOptions(paths, options, cwd);
    const suite = await loadSuite(loadOptions);
    onSuite?.(suite);
    // The suite's secrets plus the tokens learnt while running (docs/auth.md).
    const secrets = new RuntimeSecrets(suite.secrets);
    for (const w of suite.warnings ?? []) {
      console.error(`${w.file}:${w.line}:${w.col}: warning: ${w.message}`);
    }
    const captures: CaptureSession[] = [];
    let progress: Progress | undefined;
    const previous = await readState(cwd);
    let selected: readonly TestCase[] = [];
    const cassettes = cassetteModeOf(options);
    const bail = bailLimit(options.bail);
    const reports = await openRunReports(sinks, {
      color: useColor(options.color),
      suite,
      cwd,
      secrets,
      cassettes,
      beforeWrite: () => progress?.erase(),
    });
    const record = await runSuite(suite, {
      cwd,
      toolVersion: VERSION,
      lastFailed: options.lastFailed,
      lastFailedState: previous ?? null,
      ...(options.filter !== undefined ? { filter: options.filter } : {}),
      ...(options.shard !== undefined ? { shard: options.shard } : {}),
      tags: options.tag,
      excludeTags: options.excludeTag,
      ...(bail !== undefined ? { bail } : {}),
      ...(options.retries !== undefined ? { retries: options.retries } : {}),
      ...(options.timeout !== undefined ? { timeoutMs: options.timeout } : {}),
      ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
      updateSnapshots: options.updateSnapshots,
      cassettes,
      cache: options.cache,
      agents: {
        requireKeys: options.requireKeys,
        ...(options.maxCost !== undefined ? { maxCostUsd: options.maxCost } : {}),
        ...(options.coverageThreshold !== undefined
          ? { coverageThreshold: options.coverageThreshold }
          : {}),
        ...(options.driftBaseline !== undefined
          ? { driftBaseline: await readDriftBaseline(options.driftBaseline) }
          : {}),
      },
      secrets,
      ...(options.verbose ? { onFrame: printFrames(secrets, () => progress?.erase()) } : {}),
      reread: variableRereader(loadOptions),
      ci: Deno.env.get("CI") === "true",
      onSelected: (tests) => {
        selected = tests;
        progress = createProgress(tests.length, options.color);
        reports.selected(tests);
      },
      onResult: (result) => {
        reports.result(result);
        progress?.update(result);
      },
      ...(options.capture !== undefined
        ? { onCapture: (capture: CaptureSession) => captures.push(capture) }
        : {}),
    }).finally(() => progress?.done());
    if (record.tests.length === 0) {
      const facts = { paths, cwd, files: suite.files, tests: suite.tests.length };
      const where = options.passWithNoTests ? [] : await describeSearch(
        options.config === undefined ? facts : { ...facts, configFile: options.config },
      );
      return noTests(options.passWithNoTests, where);
    }
    if (options.capture !== undefined) {
      const value = redactCapture(captureFileValue(captures), secrets.list);
      await writeFileAtomic(options.capture, JSON.stringify(value, null, 2) + "\n");
    }
    await reports.finish(record);
    const obsolete = await obsoleteSnapshots(suite.files, [suite.tests, suite.agent], cwd);
    if (obsolete.length > 0) {
      const n = obsolete.length;
      console.error(
        `${n} obsolete snapshot${n === 1 ? "" : "s"} (no loaded test uses ${
          n === 1 ? "it" : "them"
        }): ${obsolete.join(", ")}`,
      );
    }
    if (shouldAnnotate(annotations, (name) => Deno.env.get(name))) {
      const commands = renderAnnotations(record);
      if (commands !== "") await writeStderr(commands);
    }
    await keepLastFailed(cwd, () => updateLastFailed(previous, selected, record));
    return runExitCode(record);
  } catch (error) {
    return handleError(error, options.verbose);
  }
}

function noTests(passWithNoTests: boolean, where: readonly string[]): number {
  if (passWithNoTests) {
    console.error("no tests selected");
    return ExitCode.Ok;
  }
  console.error("error: no tests selected (pass --pass-with-no-tests to accept that)");
  for (const line of where) console.error(`  ${line}`);
  return ExitCode.NoTests;
}

/** The `--last-failed` state before the run; an unreadable one is a warning and counts as none. */
async function readState(cwd: string): Promise<LastFailedState | undefined> {
  try {
    return await readLastFailed(cwd);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`warning: could not read the --last-failed state: ${reason}`);
    return undefined;
  }
}

/** The state is written after the report; failing to write it costs a warning only. */
async function keepLastFailed(cwd: string, next: () => Promise<LastFailedState>): Promise<void> {
  try {
    await saveLastFailed(cwd, await next());
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`warning: could not save the --last-failed state: ${reason}`);
  }
}

/** `--record` / `--live` (not both) as a cassette mode; neither: replay when a cassette exists. */
function cassetteModeOf(options: { record: boolean; live: boolean }): "auto" | "live" | "record" {
  if (options.record && options.live) {
    throw new UsageError(
      "--record and --live cannot be used together (--record already runs live)",
    );
  }
  return options.record ? "record" : options.live ? "live" : "auto";
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
