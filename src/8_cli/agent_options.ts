/** @module Argument parsers of the agent flags of `mcptest run` (`--max-cost`, `--coverage-threshold`, `--drift-baseline`). */

import { InvalidArgumentError } from "@commander-js/extra-typings";
import { UsageError } from "../0_base/errors/errors.ts";
import type { RunRecord } from "../4_record/run_record.ts";
import { parseRunRecord } from "../4_record/validate.ts";

/** `--max-cost <usd>`: a non-negative amount of US dollars (`0.50`). */
export function usdAmount(value: string): number {
  const n = Number(value);
  if (value.trim() === "" || !Number.isFinite(n) || n < 0) {
    throw new InvalidArgumentError("expected an amount of US dollars, e.g. 0.50");
  }
  return n;
}

/** `--coverage-threshold <percent>`: 0 to 100. */
export function percent(value: string): number {
  const n = Number(value);
  if (value.trim() === "" || !Number.isFinite(n) || n < 0 || n > 100) {
    throw new InvalidArgumentError("expected a percentage from 0 to 100");
  }
  return n;
}

/**
 * `--drift-baseline <file>`: a run record saved with `--reporter json` (read before anything runs).
 * @throws {UsageError} (exit 2) a missing file or one that is not a run record, naming it
 */
export async function readDriftBaseline(
  path: string,
): Promise<{ record: RunRecord; label: string }> {
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch (error) {
    throw new UsageError(
      `--drift-baseline ${path}: cannot read it (${(error as Error).message}); ` +
        "save one with: mcptest run --reporter json --output <file>",
    );
  }
  return { record: parseRunRecord(text, `--drift-baseline ${path}`), label: path };
}
