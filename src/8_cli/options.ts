/** @module Option parsers shared by several commands. */

import { InvalidArgumentError } from "@commander-js/extra-typings";

/** Collect a repeatable option into a list. */
export function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** Parse a positive integer option. */
export function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) {
    throw new InvalidArgumentError("expected a whole number of at least 1");
  }
  return n;
}
