/** @module Writes a run's reports to their sinks: the pretty report on stdout streams as tests finish, the others render at the end. */

import type { Suite } from "../3_load/config/types.ts";
import type { RuntimeSecrets } from "../2_connect/auth/runtime_secrets.ts";
import { serverCassetteMode, serverCassettePath } from "../2_connect/cassette/server_cassette.ts";
import { exists } from "../2_connect/cassette/store.ts";
import { replayedResult } from "../5_execute/runner/replay_results.ts";
import { createRedactor, type Redactor } from "../0_base/redaction/redactor.ts";
import { redactTests } from "../4_record/redact_record.ts";
import type { RunRecord, TestResult } from "../4_record/run_record.ts";
import {
  createPrettyStream,
  type PrettyStream,
  type SelectedTest,
} from "../6_report/pretty_stream.ts";
import { renderChunks } from "../6_report/reporters.ts";
import { styler } from "../0_base/util/ansi.ts";
import { writeOutput, writeStdoutSync } from "../0_base/util/write_output.ts";
import { consoleSummary, needsConsoleSummary, type ReporterSink } from "./reporter_sinks.ts";

/** The reports of one run, fed while it runs and finished with its record. */
export interface RunReports {
  /** The selected tests, before any server starts. */
  selected(tests: readonly SelectedTest[]): void;
  /** Whether a report shows each result as it comes (the pretty one on stdout). */
  readonly streams: boolean;
  /** A test finished. */
  result(result: TestResult): void;
  /** Write every report (the streamed one's rest) and, when none went to stdout, the summary line. */
  finish(record: RunRecord): Promise<void>;
}

/** How the reports are written. */
export interface RunReportsOptions {
  /** Colour the report written to stdout. */
  readonly color: boolean;
  readonly suite: Suite;
  readonly cwd: string;
  /** The run's secrets (streamed results are redacted with them, as the record is). */
  readonly secrets: RuntimeSecrets;
  /** The cassette mode: in `auto`, servers with a cassette replay (their results are marked so). */
  readonly cassettes: "auto" | "live" | "record";
  /** Called before text reaches the terminal (erases the progress line). */
  readonly beforeWrite?: () => void;
  /** Where stdout text goes; default: Deno.stdout. */
  readonly stdout?: (text: string) => void;
}

/** Open the reports of a run. The pretty report to stdout streams; the rest wait for the record. */
export async function openRunReports(
  sinks: readonly ReporterSink[],
  options: RunReportsOptions,
): Promise<RunReports> {
  const stdout = options.stdout ?? writeStdoutSync;
  const streamed = sinks.find((s) => s.name === "pretty" && s.path === "-");
  let stream: PrettyStream | undefined;
  let redactor: { size: number; redactor: Redactor } | undefined;
  if (streamed) {
    const replaying = await replayingServers(options);
    stream = createPrettyStream({
      files: options.suite.files,
      style: styler(options.color),
      write: (text) => {
        options.beforeWrite?.();
        stdout(text);
      },
      prepare: (result) => {
        const marked = replaying.has(result.server) ? replayedResult(result) : result;
        const list = options.secrets.list;
        if (list.length === 0) return marked;
        // The secret list only grows (tokens learnt mid-run): one redactor per length, not per test.
        if (redactor?.size !== list.length) {
          redactor = { size: list.length, redactor: createRedactor(list) };
        }
        return redactTests([marked], list, redactor.redactor)[0] ?? marked;
      },
    });
  }
  return {
    streams: stream !== undefined,
    selected: (tests) => stream?.selected(tests),
    result: (result) => stream?.result(result),
    async finish(record) {
      for (const sink of sinks) {
        if (sink === streamed) continue;
        const toStdout = sink.path === "-";
        const chunks = await renderChunks(sink.name, record, { color: toStdout && options.color });
        if (toStdout) { for (const chunk of chunks) stdout(chunk); }
        else await writeOutput(sink.path, chunks);
      }
      stream?.finish(record);
      if (needsConsoleSummary(sinks)) stdout(await consoleSummary(record, sinks));
    },
  };
}

/**
 * The servers a run in `auto` mode replays from a cassette (their results get the replay marks
 * `runSuite` adds to the record), keyed as the record's `server` field.
 */
async function replayingServers(options: RunReportsOptions): Promise<Set<string>> {
  const keys = new Set<string>();
  if (options.cassettes !== "auto") return keys;
  for (const server of Object.values(options.suite.servers)) {
    if (serverCassetteMode(server, options.cassettes) !== "auto") continue; // a --server target
    if (await exists(serverCassettePath(options.suite, server, options.cwd))) keys.add(server.key);
  }
  return keys;
}
