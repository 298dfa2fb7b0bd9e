/** @module Test selection: `--filter` by name substring or /regex/. */

import type { TestCase } from "../../3_load/config/types.ts";
import { UsageError } from "../../0_base/errors/errors.ts";

/** Build a predicate from `--filter`: `/re/flags` is a regex, anything else a substring of the name. */
export function nameFilter(pattern: string): (test: TestCase) => boolean {
  const regex = /^\/(.*)\/([a-z]*)$/s.exec(pattern);
  if (regex) {
    let re: RegExp;
    try {
      re = new RegExp(regex[1] ?? "", regex[2]);
    } catch (error) {
      throw new UsageError(`invalid --filter regex ${pattern}: ${(error as Error).message}`);
    }
    return (test) => re.test(test.name);
  }
  return (test) => test.name.includes(pattern);
}
