/** @module Option parsers shared by several commands. */

import { InvalidArgumentError } from "../0_base/command_line/declared_command.ts";
import { UsageError } from "../0_base/errors/errors.ts";

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

/**
 * A parser of an option whose value is one of `names` (a registry's names, a fixed list): the
 * command line is refused while it is parsed, before any action runs, with a usage error (exit 2)
 * that `refuse` words.
 *
 * @example
 * ```ts
 * import { oneOf } from "./options.ts";
 *
 * const format = oneOf(["pretty", "json"], (v) => `unknown --format "${v}", expected pretty or json`);
 * format("json"); // "json"
 * ```
 */
export function oneOf<const T extends string>(
  names: readonly T[],
  refuse: (value: string) => string,
): (value: string) => T {
  return (value) => {
    const name = names.find((n) => n === value);
    if (name === undefined) throw new UsageError(refuse(value));
    return name;
  };
}
