/** @module Normalise a test's `expect:` (list form or object form) into Assertions and Budgets. */

import { ConfigError } from "../../0_base/errors/errors.ts";
import type { Assertion, Budget, ExpectError, TestKind } from "./types.ts";
import type { PathSegment, PositionLookup } from "../../0_base/yaml/yaml_source.ts";

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
): { assertions: Assertion[]; budgets: readonly Budget[] } {
  const assertions: Assertion[] = [];
  const budgets: Budget[] = [];
  if (Array.isArray(expect)) {
    expect.forEach((item: Raw, i) => {
      if ("target" in item || "matcher" in item) {
        assertions.push(assertionOf(item, [...path, i], positionOf));
      } else addBudgets(item, [...path, i], positionOf, budgets);
    });
  } else if (expect !== null && typeof expect === "object") {
    const object = expect as Raw;
    const list = Array.isArray(object.assertions) ? object.assertions as Raw[] : [];
    list.forEach((item, i) =>
      assertions.push(assertionOf(item, [...path, "assertions", i], positionOf))
    );
    addBudgets(object, path, positionOf, budgets);
  }
  // Kept as long as the suite: arrays with room for their items only (a pushed one has 17).
  return {
    assertions: assertions.slice(),
    budgets: budgets.length === 0 ? NO_BUDGETS : budgets.slice(),
  };
}

/** The assertion `{target, matcher}` at `at` (its matcher: the one key of `matcher:`). */
function assertionOf(
  item: Raw,
  at: readonly PathSegment[],
  positionOf: PositionLookup,
): Assertion {
  const matcher = (item.matcher ?? {}) as Raw;
  let name = "";
  let arg: unknown;
  for (const key in matcher) {
    name = key;
    arg = matcher[key];
    break;
  }
  return {
    kind: "assertion",
    target: String(item.target),
    matcher: { name, arg, pos: positionOf([...at, "matcher"]) },
    pos: positionOf(at),
  };
}

/** The one empty list of budgets every test without any shares. */
const NO_BUDGETS: readonly Budget[] = Object.freeze([]);

/** Each budget key of `item` (at `at`) as a Budget, into `budgets`. */
function addBudgets(
  item: Raw,
  at: readonly PathSegment[],
  positionOf: PositionLookup,
  budgets: Budget[],
): void {
  for (const key of Object.keys(item)) {
    const budget = toBudget(key, item[key], positionOf([...at, key], "key"));
    if (budget) budgets.push(budget);
  }
}

/** Where the text of an error sits, by kind: the JSON-RPC error message, or a tool error's first text block. */
const MESSAGE_TARGET = {
  protocol: "result.error.message",
  tool: "result.content[0].text",
} as const;

/**
 * Normalise a schema-valid `expect_error:` (`true`, `false`, or `{kind?, code?, message?}`) into the
 * error-kind check and the assertions its `code` (an integer or a matcher) and `message` (a
 * matcher) stand for. `code` implies `kind: protocol`; a test that is not a tool test can only
 * get a JSON-RPC error, so its kind is `protocol` too.
 * @throws {ConfigError} a combination that cannot hold (`kind: tool` with `code`, ...), positioned
 */
export function normalizeExpectError(
  value: unknown,
  testKind: TestKind,
  path: readonly PathSegment[],
  positionOf: PositionLookup,
): { expectError: ExpectError; assertions: Assertion[] } {
  const pos = positionOf(path);
  if (value === false) return { expectError: { kind: "none", pos }, assertions: [] };
  const raw: Raw = value !== null && typeof value === "object" ? value as Raw : {};
  const has = (key: string) => Object.hasOwn(raw, key);
  const written = has("kind") ? raw.kind as ExpectError["kind"] : undefined;
  if (written === "tool" && testKind !== "tool") {
    throw new ConfigError(
      `expect_error: kind "tool" applies to tool tests only, expected kind "protocol" (a ${testKind} call fails with a JSON-RPC error)`,
      positionOf([...path, "kind"]),
    );
  }
  if (written === "tool" && has("code")) {
    throw new ConfigError(
      `expect_error: a tool error (isError: true) has no code, expected kind "protocol" with code, or no code`,
      positionOf([...path, "code"]),
    );
  }
  const kind = written ?? (has("code") || testKind !== "tool" ? "protocol" : "any");
  if (kind === "any" && has("message")) {
    throw new ConfigError(
      `expect_error: message needs to know where the error text is, expected kind: protocol (result.error.message) or kind: tool (result.content[0].text)`,
      positionOf([...path, "message"]),
    );
  }
  const assertions: Assertion[] = [];
  if (has("code")) {
    const at = [...path, "code"];
    const code = raw.code;
    const [name = "", arg] = typeof code === "number"
      ? ["exact", code]
      : Object.entries((code ?? {}) as Raw)[0] ?? [];
    assertions.push({
      kind: "assertion",
      target: "result.error.code",
      matcher: { name, arg, pos: positionOf(at) },
      pos: positionOf(at, "key"),
    });
  }
  if (has("message") && (kind === "protocol" || kind === "tool")) {
    const at = [...path, "message"];
    const [name = "", arg] = Object.entries((raw.message ?? {}) as Raw)[0] ?? [];
    assertions.push({
      kind: "assertion",
      target: MESSAGE_TARGET[kind],
      matcher: { name, arg, pos: positionOf(at) },
      pos: positionOf(at, "key"),
    });
  }
  return { expectError: { kind, pos }, assertions };
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
