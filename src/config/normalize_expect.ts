/** @module Normalise a test's `expect:` (list form or object form) into Assertions and Budgets. */

import type { Assertion, Budget } from "./types.ts";
import type { PathSegment, PositionLookup } from "./yaml_source.ts";

/** The budget keys, in the order they are read from an object. */
export const BUDGET_KEYS = [
  "max_duration_ms",
  "max_response_tokens",
  "response_headers",
  "response_headers_absent",
] as const;

type Raw = Readonly<Record<string, unknown>>;

/**
 * Normalise a schema-valid `expect:` value. Both shapes give the same result:
 * `[{target, matcher}, {max_duration_ms: 250}]` and `{assertions: [{target, matcher}], max_duration_ms: 250}`.
 * Positions: an assertion at its item, a matcher at its object, a budget at its key.
 * @param path where `expect` sits in its document
 */
export function normalizeExpect(
  expect: unknown,
  path: readonly PathSegment[],
  positionOf: PositionLookup,
): { assertions: Assertion[]; budgets: Budget[] } {
  const assertions: Assertion[] = [];
  const budgets: Budget[] = [];
  const addAssertion = (item: Raw, at: readonly PathSegment[]) => {
    const matcher = (item.matcher ?? {}) as Raw;
    const [name = "", arg] = Object.entries(matcher)[0] ?? [];
    assertions.push({
      kind: "assertion",
      target: String(item.target),
      matcher: { name, arg, pos: positionOf([...at, "matcher"]) },
      pos: positionOf(at),
    });
  };
  const addBudgets = (item: Raw, at: readonly PathSegment[]) => {
    for (const key of Object.keys(item)) {
      const budget = toBudget(key, item[key], positionOf([...at, key], "key"));
      if (budget) budgets.push(budget);
    }
  };
  if (Array.isArray(expect)) {
    expect.forEach((item: Raw, i) => {
      if ("target" in item || "matcher" in item) addAssertion(item, [...path, i]);
      else addBudgets(item, [...path, i]);
    });
  } else if (expect !== null && typeof expect === "object") {
    const object = expect as Raw;
    const list = Array.isArray(object.assertions) ? object.assertions as Raw[] : [];
    list.forEach((item, i) => addAssertion(item, [...path, "assertions", i]));
    addBudgets(object, path);
  }
  return { assertions, budgets };
}

function toBudget(
  key: string,
  value: unknown,
  pos: ReturnType<PositionLookup>,
): Budget | undefined {
  switch (key) {
    case "max_duration_ms":
    case "max_response_tokens":
      return { kind: key, value: Number(value), pos };
    case "response_headers":
      return {
        kind: key,
        headers: Object.fromEntries(Object.entries(value as Raw).map(([k, v]) => [k, String(v)])),
        pos,
      };
    case "response_headers_absent":
      return { kind: key, headers: (value as unknown[]).map(String), pos };
    default:
      return undefined;
  }
}
