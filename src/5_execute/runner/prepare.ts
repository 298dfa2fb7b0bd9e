/** @module Completes LOAD: compiles every matcher and target path of a suite, so a bad one is a load error (exit 2). */

import type { Assertion, Suite, TestCase } from "../../3_load/config/types.ts";
import { ConfigError, ConfigErrors } from "../../0_base/errors/errors.ts";
import { compileMatcher } from "../../1_matchers/registry.ts";
import {
  parseTarget,
  rootProblem,
  type TargetPath,
  TEST_TARGET_ROOTS,
} from "../../1_matchers/target_path.ts";
import type { Matcher } from "../../1_matchers/types.ts";
import { targetRootsOf } from "./protocol_call.ts";

/** An assertion with its matcher compiled and its target parsed. */
export interface PreparedAssertion {
  /** The assertion as loaded. */
  readonly assertion: Assertion;
  /** Its target path, parsed. */
  readonly target: TargetPath;
  /** Its matcher, compiled. */
  readonly matcher: Matcher;
}

/** A test ready to execute. */
export interface PreparedTest {
  /** The test as loaded. */
  readonly test: TestCase;
  /** Its assertions, compiled, in declaration order. */
  readonly assertions: readonly PreparedAssertion[];
}

/**
 * Compile the matchers and target paths of the given tests.
 * @throws {ConfigErrors} listing every bad matcher or target, with positions
 */
export function prepareTests(
  suite: Suite,
  tests: readonly TestCase[] = suite.tests,
): PreparedTest[] {
  const errors: ConfigError[] = [];
  const prepared = tests.map((test) => {
    const roots = test.assertions.length === 0 ? [] : targetRootsOf(test, TEST_TARGET_ROOTS);
    return { test, assertions: prepareAssertions(test, roots, errors) };
  });
  for (const test of tests) {
    if (test.call.kind !== "sequence") continue;
    // A sequence's request steps are tests of their own: a bad matcher or target there is a load
    // error too (they are compiled again, with their captures, when the step runs).
    const steps = test.call.steps.flatMap((s) => s.action === "call" ? [s.test] : []);
    try {
      prepareTests(suite, steps);
    } catch (error) {
      if (!(error instanceof ConfigErrors)) throw error;
      errors.push(...error.errors);
    }
  }
  if (errors.length > 0) throw new ConfigErrors(errors);
  return prepared;
}

/** The assertions of `test` compiled; a bad matcher or target goes to `errors` (and is left out). */
function prepareAssertions(
  test: TestCase,
  roots: readonly string[],
  errors: ConfigError[],
): PreparedAssertion[] {
  return test.assertions.flatMap((assertion) => {
    try {
      return [{
        assertion,
        target: parseTargetAt(assertion, roots),
        matcher: compileMatcher(assertion.matcher),
      }];
    } catch (error) {
      if (error instanceof ConfigErrors) errors.push(...error.errors);
      else if (error instanceof ConfigError) errors.push(error);
      else throw error;
      return [];
    }
  });
}

function parseTargetAt(assertion: Assertion, roots: readonly string[]): TargetPath {
  let path: TargetPath;
  try {
    path = parseTarget(assertion.target);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError(`invalid target "${assertion.target}": ${reason}`, assertion.pos);
  }
  const problem = rootProblem(path, roots);
  if (problem) {
    throw new ConfigError(
      `target "${assertion.target}" cannot exist: it ${problem}`,
      assertion.pos,
    );
  }
  return path;
}
