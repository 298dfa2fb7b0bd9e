/** @module Compile the assertions of agent and eval rows at LOAD: targets against their roots, deterministic matchers through the registry, judges' arguments read. */

import type { Assertion } from "./types.ts";
import { ConfigError, ConfigErrors } from "../../0_base/errors/errors.ts";
import { compileMatcher } from "../../1_matchers/registry.ts";
import { parseTarget, rootProblem, type TargetPath } from "../../1_matchers/target_path.ts";
import type { Matcher } from "../../1_matchers/types.ts";
import { type JudgeSpec, type JurySpec, parseJudge } from "./judge_spec.ts";
import { ModuleNotLoaded } from "../../0_base/util/lazy_module.ts";

/** The roots an agent test's targets start at (the conversation trace, docs/agents.md). */
export const AGENT_TARGET_ROOTS: readonly string[] = [
  "tool_calls",
  "final_response",
  "turns",
  "conversation",
  "stop_reason",
  "provider",
  "model",
  "cost_usd",
  "collisions",
];

/** An assertion compiled: a deterministic matcher or a judge. */
export interface CompiledAssertion {
  readonly assertion: Assertion;
  readonly target: TargetPath;
  readonly matcher?: Matcher;
  readonly judge?: JudgeSpec | JurySpec;
}

/**
 * Compile assertions; every bad target, matcher or judge option is a positioned ConfigError.
 * @param roots the roots targets may start at
 */
export function compileAssertions(
  assertions: readonly Assertion[],
  roots: readonly string[],
): { compiled: CompiledAssertion[]; errors: ConfigError[] } {
  const compiled: CompiledAssertion[] = [];
  const errors: ConfigError[] = [];
  for (const assertion of assertions) {
    let target: TargetPath;
    try {
      target = parseTarget(assertion.target);
    } catch (error) {
      errors.push(
        new ConfigError(
          `invalid target "${assertion.target}": ${(error as Error).message}`,
          assertion.pos,
        ),
      );
      continue;
    }
    const problem = rootProblem(target, roots);
    if (problem) {
      errors.push(
        new ConfigError(`invalid target "${assertion.target}": ${problem}`, assertion.pos),
      );
      continue;
    }
    const name = assertion.matcher.name;
    try {
      if (name === "llm-judge" || name === "llm-jury") {
        compiled.push({ assertion, target, judge: parseJudge(name, assertion.matcher.arg) });
      } else {
        compiled.push({ assertion, target, matcher: compileMatcher(assertion.matcher) });
      }
    } catch (error) {
      if (error instanceof ModuleNotLoaded) throw error; // the load loads it and reads again
      if (error instanceof ConfigErrors) errors.push(...error.errors);
      else if (error instanceof ConfigError) errors.push(error);
      else errors.push(new ConfigError((error as Error).message, assertion.matcher.pos));
    }
  }
  return { compiled, errors };
}
