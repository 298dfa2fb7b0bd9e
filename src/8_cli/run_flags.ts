/** @module Parsers of the `mcptest run` selection flags: `--bail [N]`, `--retries N`, `--timeout D`. */

import { InvalidArgumentError } from "@commander-js/extra-typings";
import { parseDuration } from "../5_execute/runner/run_deadline.ts";

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
