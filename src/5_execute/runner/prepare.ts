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
  /**
   * Its assertions, compiled, in declaration order. From {@link prepareTests} they are compiled
   * when read, anew on each read (read them once per grading): a run keeps no compiled matcher of
   * a test that is not being graded.
   */
  readonly assertions: readonly PreparedAssertion[];
}

/**
 * Check that the matchers and target paths of the given tests compile, and return the tests
 * ready to execute. The compiled matchers are not kept: each test's compile again when its
 * assertions are read (as its grading does), so a run of many tests does not hold all of them
 * from its start to its end (docs/performance.md, memory).
 * @throws {ConfigErrors} listing every bad matcher or target, with positions
 */
export function prepareTests(
  suite: Suite,
  tests: readonly TestCase[] = suite.tests,
): PreparedTest[] {
  const errors: ConfigError[] = [];
  for (const test of tests) prepareAssertions(test, rootsOf(test), errors);
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
  return tests.map((test) => new CompiledWhenRead(test));
}

/** A checked test whose assertions compile each time they are read. */
class CompiledWhenRead implements PreparedTest {
  readonly test: TestCase;

  constructor(test: TestCase) {
    this.test = test;
  }

  get assertions(): readonly PreparedAssertion[] {
    // Checked by prepareTests: nothing is left out here.
    return prepareAssertions(this.test, rootsOf(this.test), []);
  }
}

/** A test that is graded many times (a load test): its assertions compiled once, kept. */
export function compiledOnce(prepared: PreparedTest): PreparedTest {
  return { test: prepared.test, assertions: prepared.assertions };
}

/** The roots a target of `test` may start at. */
function rootsOf(test: TestCase): readonly string[] {
  return test.assertions.length === 0 ? [] : targetRootsOf(test, TEST_TARGET_ROOTS);
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
