/** @module The option groups of `mcptest run` that only it has: reports, sessions, outcome. */

import type { AnnotationMode } from "../6_report/annotations.ts";
import { flagGroup } from "./flag_group.ts";
import { positiveInt } from "./options.ts";
import { annotationMode } from "./run_flags.ts";
import { collectReporter } from "./reporter_sinks.ts";

/** The report flags as commander parses them. */
type ReportFlagValues = {
  reporter?: string[] | undefined;
  annotations: AnnotationMode;
  output?: string | undefined;
};

/** Where the reports go: `--reporter` (repeatable), `--annotations`, `--output`. */
export const withReportFlags = flagGroup<ReportFlagValues>((command) =>
  command
    .option(
      "--reporter <name[:path]>",
      "report format, optionally with its file (repeatable): pretty, json, junit, tap, sarif, markdown, html; e.g. --reporter pretty --reporter junit:reports/r.xml (default: pretty)",
      collectReporter,
    )
    .option(
      "--annotations <mode>",
      "GitHub Actions ::error annotations on stderr: auto (when GITHUB_ACTIONS=true), always, never",
      annotationMode,
      "auto" as const,
    )
    .option(
      "--output <path>",
      "where a single --reporter's report goes: a file, or - for stdout (default: -)",
    )
);

/** The session flags as commander parses them. */
type SessionFlagValues = {
  capture?: string | undefined;
  record: boolean;
  live: boolean;
  cache: boolean;
  concurrency?: number | undefined;
  repeat?: number | undefined;
};

/** How sessions are opened and kept: `--capture`, `--record`, `--live`, `--no-cache`, `--concurrency`, `--repeat`. */
export const withSessionFlags = flagGroup<SessionFlagValues>((command) =>
  command
    .option("--capture <file>", "write the session capture of every server (seed 003 format)")
    .option(
      "--record",
      "run live and write one cassette per server under <suite_dir>/cassettes/ (docs/cassettes.md)",
      false,
    )
    .option("--live", "never replay a cassette: talk to the live servers", false)
    .option(
      "--no-cache",
      "neither read nor write the result cache (.mcptest/cache/, docs/cache.md)",
    )
    .option(
      "--concurrency <n>",
      "tests in flight per server (default 1, or 8 for parallel: true servers); with --repeat: calls of one test in flight",
      positiveInt,
    )
    .option(
      "--repeat <n>",
      "run each test n times (tests without their own load:) and report its latency percentiles (docs/load.md)",
      positiveInt,
    )
);

/** The outcome flags as commander parses them. */
type OutcomeFlagValues = {
  passWithNoTests: boolean;
  updateSnapshots: boolean;
  color: boolean;
  watch: boolean;
  verbose: boolean;
};

/** What decides the outcome and what is shown: no tests, snapshots, colour, `--watch`, `--verbose`. */
export const withOutcomeFlags = flagGroup<OutcomeFlagValues>((command) =>
  command
    .option("--pass-with-no-tests", "exit 0 when no test is selected (default: exit 7)", false)
    .option("-u, --update-snapshots", "rewrite snapshot files (refused under CI=true)", false)
    .option("--no-color", "never colour the output")
    .option(
      "--watch",
      "rerun the affected test files when a suite, snapshot, cassette, config or local server file changes (Ctrl-C exits)",
      false,
    )
    .option(
      "--verbose",
      "print each JSON-RPC frame sent (>) and received (<) on stderr, redacted, and error causes",
      false,
    )
);
