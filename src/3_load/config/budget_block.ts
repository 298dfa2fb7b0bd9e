/** @module Reads the suite's one `budget:` block (spend caps of agent and eval rows, in USD cents). */

import { ConfigError } from "../../0_base/errors/errors.ts";
import type { SpendCaps } from "./agent_types.ts";
import type { DocumentView } from "./types.ts";

/**
 * The spend caps of the first document with a `budget:` (empty when none has one); each later
 * `budget:` is a positioned error in `errors`.
 */
export function readBudget(docs: readonly DocumentView[], errors: ConfigError[]): SpendCaps {
  const [first, ...later] = docs.filter((doc) => doc.value.budget !== undefined);
  for (const doc of later) {
    errors.push(
      new ConfigError(
        "budget: is declared in more than one file; declare it once (mcptest.yml)",
        doc.positionOf(["budget"], "key"),
      ),
    );
  }
  return first ? spendCapsOf(first.value.budget as Readonly<Record<string, unknown>>) : {};
}

/** `per_test_usd_cents` and `per_suite_usd_cents`, where written. */
function spendCapsOf(budget: Readonly<Record<string, unknown>>): SpendCaps {
  return {
    ...(typeof budget.per_test_usd_cents === "number"
      ? { perTestUsdCents: budget.per_test_usd_cents }
      : {}),
    ...(typeof budget.per_suite_usd_cents === "number"
      ? { perSuiteUsdCents: budget.per_suite_usd_cents }
      : {}),
  };
}
