/** @module A replayed test is graded as it was recorded: its expected values redacted the way the cassette redacted the responses, so a secret the server echoes gives the same verdict live and in replay. */

import type { Assertion, Budget, TestCase } from "../../3_load/config/types.ts";
import type { ServerEndpoint } from "../../2_connect/session/types.ts";
import { compileMatcher } from "../../1_matchers/registry.ts";
import { createRedactor, type Redactor } from "../../0_base/redaction/redactor.ts";
import { McptestError } from "../../0_base/errors/errors.ts";
import type { PreparedAssertion, PreparedTest } from "./prepare.ts";
import { redactMatcherSpec } from "./redact_expected.ts";

/**
 * The values a server's cassette hides: the run's secrets and, for an HTTP server, its header
 * values (the recording and the replay index use the same list).
 */
export function cassetteSecrets(server: ServerEndpoint, secrets: readonly string[]): string[] {
  const headers = server.target.kind === "http" ? Object.values(server.target.headers) : [];
  return [...secrets, ...headers].filter((secret) => secret.length > 0);
}

/**
 * The tests of a replayed server, graded against what the cassette holds: each assertion's
 * matcher argument redacted with `secrets` (see redactMatcherSpec) and compiled again, and the
 * values of `response_headers` budgets redacted. The test's call is unchanged (the replay index
 * matches requests by their redacted form itself). Without secrets the tests are returned as is.
 */
export function gradeAsRecorded(
  tests: readonly PreparedTest[],
  secrets: readonly string[],
): readonly PreparedTest[] {
  const redactor = createRedactor(secrets.filter((secret) => secret.length > 0));
  if (!redactor.active) return tests;
  return tests.map((prepared) => asRecorded(prepared, redactor));
}

function asRecorded(prepared: PreparedTest, redactor: Redactor): PreparedTest {
  const assertions = prepared.assertions.map((item) => recompiled(item, redactor));
  const test: TestCase = {
    ...prepared.test,
    assertions: assertions.map((item) => item.assertion),
    budgets: prepared.test.budgets.map((budget) => redactBudget(budget, redactor)),
  };
  return { ...prepared, test, assertions };
}

function recompiled(item: PreparedAssertion, redactor: Redactor): PreparedAssertion {
  const spec = redactMatcherSpec(item.assertion.matcher, redactor);
  if (spec === item.assertion.matcher) return item;
  try {
    const assertion: Assertion = { ...item.assertion, matcher: spec };
    return { ...item, assertion, matcher: compileMatcher(spec) };
  } catch (error) {
    // A pattern the secret was part of the syntax of: graded as written.
    if (error instanceof McptestError) return item;
    throw error;
  }
}

function redactBudget(budget: Budget, redactor: Redactor): Budget {
  if (budget.kind !== "response_headers") return budget;
  const headers = Object.fromEntries(
    Object.entries(budget.headers).map(([name, value]) => [name, redactor.text(value)]),
  );
  return { ...budget, headers };
}
