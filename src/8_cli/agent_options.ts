/** @module The agent flags of `mcptest run` (`--require-keys`, `--max-cost`, `--coverage-threshold`, `--drift-baseline`) and their parsers. */

import { flagGroup } from "./flag_group.ts";
import { InvalidArgumentError } from "../0_base/command_line/declared_command.ts";
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

/** The agent flags as commander parses them. */
type AgentFlagValues = {
  requireKeys: boolean;
  maxCost?: number | undefined;
  coverageThreshold?: number | undefined;
  driftBaseline?: string | undefined;
};

/** The agent flags, with the same names and help wherever they are offered. */
export const withAgentFlags = flagGroup<AgentFlagValues>((command) =>
  command
    .option(
      "--require-keys",
      "fail an agent/eval row whose model API key is missing (default: the stub provider answers)",
      false,
    )
    .option(
      "--max-cost <usd>",
      "stop model calls before the run spends more than this; exit 5",
      usdAmount,
    )
    .option(
      "--coverage-threshold <percent>",
      "exit 6 when a server's advertised tools, resources and prompts exercised fall below this share",
      percent,
    )
    .option(
      "--drift-baseline <file>",
      "a run record saved with --reporter json: agent rows whose verdict changed get DRIFT rows; exit 6",
    )
);
