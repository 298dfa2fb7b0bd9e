/** @module The selection flags of `mcptest run` (`--filter` ... `--timeout`) and their parsers; `--annotations`, `--record`/`--live`. */

import { flagGroup } from "./flag_group.ts";
import { InvalidArgumentError } from "../0_base/command_line/declared_command.ts";
import { parseDuration } from "../5_execute/runner/run_deadline.ts";
import { ANNOTATION_MODES } from "../6_report/annotations.ts";
import { UsageError } from "../0_base/errors/errors.ts";
import { collect, oneOf, positiveInt } from "./options.ts";

/** Parse a whole number of at least 0 (`--retries 0` turns retries off). */
export function nonNegativeInt(value: string): number {
  const n = Number(value);
  if (value.trim() === "" || !Number.isInteger(n) || n < 0) {
    throw new InvalidArgumentError("expected a whole number of at least 0");
  }
  return n;
}

/** Parse `--timeout`: milliseconds (`1500`) or a duration (`500ms`, `30s`, `2m`, `1h`). */
export function durationMs(value: string): number {
  const ms = parseDuration(value);
  if (ms === undefined) {
    throw new InvalidArgumentError("expected milliseconds or a duration such as 500ms, 30s, 2m");
  }
  return ms;
}

/** `--bail` without a value means 1: stop at the first failure; absent: never stop. */
export function bailLimit(value: number | true | undefined): number | undefined {
  return value === true ? 1 : value;
}

/** `--record` / `--live` (not both) as a cassette mode; neither: replay when a cassette exists. */
export function cassetteModeOf(
  options: { record: boolean; live: boolean },
): "auto" | "live" | "record" {
  if (options.record && options.live) {
    throw new UsageError(
      "--record and --live cannot be used together (--record already runs live)",
    );
  }
  return options.record ? "record" : options.live ? "live" : "auto";
}

/** Parse `--annotations`: one of the annotation modes (a usage error, exit 2, otherwise). */
export const annotationMode = oneOf(
  ANNOTATION_MODES,
  (value) => `invalid --annotations "${value}", expected one of: ${ANNOTATION_MODES.join(", ")}`,
);

/** The selection flags as commander parses them. */
type SelectionFlagValues = {
  filter?: string | undefined;
  shard?: string | undefined;
  lastFailed: boolean;
  lastFailedOrAll: boolean;
  tag: string[];
  excludeTag: string[];
  bail?: number | true | undefined;
  retries?: number | undefined;
  timeout?: number | undefined;
};

/** Which tests run, and for how long: `--filter`, `--shard`, `--last-failed`, `--tag`, `--exclude-tag`, `--bail`, `--retries`, `--timeout`. */
export const withSelectionFlags = flagGroup<SelectionFlagValues>((command) =>
  command
    .option("--filter <pattern>", "run tests whose name contains pattern, or matches /regex/")
    .option("--shard <k/n>", "run shard k of n (stable: a test always lands in the same shard)")
    .option(
      "--last-failed",
      "run only the tests that failed in the previous run (.mcptest/last-run.json); none: exit 7",
      false,
    )
    .option(
      "--last-failed-or-all",
      "as --last-failed, but run every selected test when none of them failed last time",
      false,
    )
    .option(
      "--tag <name>",
      "run only the tests with this tags: entry (repeatable: any of them)",
      collect,
      [] as string[],
    )
    .option(
      "--exclude-tag <name>",
      "leave out the tests with this tags: entry (repeatable; wins over --tag)",
      collect,
      [] as string[],
    )
    .option(
      "--bail [n]",
      "stop after n failures (default 1); the tests not run are reported skipped (--bail)",
      positiveInt,
    )
    .option(
      "--retries <n>",
      "run a failing test up to n more times (a test's retries: wins); a pass on retry is flaky",
      nonNegativeInt,
    )
    .option(
      "--timeout <duration>",
      "time limit of the whole run (ms, or 500ms, 30s, 2m); tests not started by then are errors",
      durationMs,
    )
);
