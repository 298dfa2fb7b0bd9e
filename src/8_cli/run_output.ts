/** @module What `mcptest run` shows while and after it runs: the progress line, the reports, `--verbose` frames, notices, CI annotations. */

import type { Suite } from "../3_load/config/types.ts";
import type { RuntimeSecrets } from "../2_connect/auth/runtime_secrets.ts";
import type { RunRecord } from "../4_record/run_record.ts";
import type { RunSuiteOptions } from "../5_execute/suite/run_suite.ts";
import { type AnnotationMode, renderAnnotations, shouldAnnotate } from "../6_report/annotations.ts";
import { deferResults } from "../6_report/deferred_results.ts";
import { writeStderr } from "../0_base/util/write_output.ts";
import { useColor } from "./color.ts";
import { createProgress, type Progress } from "./progress.ts";
import type { ReporterSink } from "./reporter_sinks.ts";
import { openRunReports } from "./reporter_sinks_write.ts";
import { printFrames } from "./verbose_frames.ts";

/** The output sinks of one run. */
export interface RunOutput {
  /** What `runSuite` calls as the run goes: selection, each result, frames, notices. */
  readonly hooks: Pick<RunSuiteOptions, "onSelected" | "onResult" | "onFrame" | "onNotice">;
  /** Erase the progress line: the run is over (or failed). */
  done(): void;
  /** Write every report, then the CI annotations. */
  finish(record: RunRecord): Promise<void>;
}

/** What the sinks need of the run and of its flags. */
export interface RunOutputOptions {
  readonly suite: Suite;
  readonly cwd: string;
  /** The run's secrets (the streamed report redacts with them, as the record is). */
  readonly secrets: RuntimeSecrets;
  readonly cassettes: "auto" | "live" | "record";
  /** `--no-color` clears it. */
  readonly color: boolean;
  /** `--verbose`: every JSON-RPC frame on stderr. */
  readonly verbose: boolean;
  readonly annotations: AnnotationMode;
}

/** Open the sinks: reports (the pretty one on stdout streams), a progress line on a terminal. */
export async function openRunOutput(
  sinks: readonly ReporterSink[],
  options: RunOutputOptions,
): Promise<RunOutput> {
  let progress: Progress | undefined;
  const erase = () => progress?.erase();
  const reports = await openRunReports(sinks, {
    color: useColor(options.color),
    suite: options.suite,
    cwd: options.cwd,
    secrets: options.secrets,
    cassettes: options.cassettes,
    beforeWrite: erase,
  });
  const results = deferResults((result) => {
    reports.result(result);
    progress?.update(result);
  });
  // Anything else printed waits for the results before it, so the output keeps the run's order.
  const flushed = () => {
    results.drain();
    erase();
  };
  return {
    hooks: {
      onSelected: (tests) => {
        progress = createProgress(tests.length, options.color);
        reports.selected(tests);
      },
      // Only a report or a progress line that shows results as they come needs each one: with
      // neither (reports written at the end, no terminal), a result is not queued at all.
      onResult: (result) => {
        if (reports.streams || progress?.active) results.push(result);
      },
      onNotice: (line) => {
        flushed();
        console.error(line);
      },
      ...(options.verbose ? { onFrame: printFrames(options.secrets, flushed) } : {}),
    },
    done: () => {
      results.drain();
      progress?.done();
    },
    async finish(record) {
      results.drain();
      await reports.finish(record);
      if (shouldAnnotate(options.annotations, (name) => Deno.env.get(name))) {
        const commands = renderAnnotations(record);
        if (commands !== "") await writeStderr(commands);
      }
    },
  };
}
