/** @module Argument parsers of the agent flags of `mcptest run` (`--max-cost`, `--coverage-threshold`). */

import { InvalidArgumentError } from "@commander-js/extra-typings";

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
