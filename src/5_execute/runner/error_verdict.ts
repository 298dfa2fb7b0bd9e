/** @module The error verdict of a test: a call that ends in an error fails unless the test expects one (`expect_error:`) or asserts on the error. */

import type { ExpectError } from "../../3_load/config/types.ts";
import type { JsonRpcResponse } from "../../0_base/protocol/jsonrpc.ts";
import type { AssertionResult } from "../../4_record/run_record.ts";
import type { PreparedAssertion, PreparedTest } from "./prepare.ts";

/** The error a response ended in, if any. */
export type CallError =
  | { readonly kind: "protocol"; readonly text: string }
  | { readonly kind: "tool"; readonly text: string };

const MAX_TEXT = 200;

/** What the assertion line shows for each `expect_error` kind. */
const EXPECTED: Readonly<Record<ExpectError["kind"], string>> = {
  any: "an error (a JSON-RPC error or a tool result with isError: true)",
  protocol: "a JSON-RPC error",
  tool: "a tool error result (isError: true)",
  none: "a successful result",
};

/** The JSON-RPC error or tool error (`isError: true`) a response carries, described for a report. */
export function callError(response: JsonRpcResponse | undefined): CallError | undefined {
  if (!response) return undefined;
  if (response.error !== undefined) {
    const error = response.error as { code?: unknown; message?: unknown };
    const code = typeof error.code === "number" ? ` ${error.code}` : "";
    const message = typeof error.message === "string" ? `: ${clip(error.message)}` : "";
    return { kind: "protocol", text: `JSON-RPC error${code}${message}` };
  }
  const result = response.result as { isError?: unknown; content?: unknown } | undefined;
  if (result === null || typeof result !== "object" || result.isError !== true) return undefined;
  const first = Array.isArray(result.content) ? result.content[0] as { text?: unknown } : undefined;
  const text = typeof first?.text === "string" ? `: ${JSON.stringify(clip(first.text))}` : "";
  return { kind: "tool", text: `a tool error result (isError: true)${text}` };
}

/**
 * The verdict on how the call ended, as an assertion line (undefined: nothing to report).
 * With `expect_error:` the call must end in an error of that kind (pass or fail, always shown).
 * Without it, an error fails the test, unless an assertion looks at the error itself
 * (see {@link assertsOnError}).
 */
export function errorVerdict(
  prepared: PreparedTest,
  response: JsonRpcResponse | undefined,
): AssertionResult | undefined {
  const { test } = prepared;
  const error = callError(response);
  const expectError = test.expectError;
  if (expectError) {
    const pass = expectError.kind === "none"
      ? error === undefined
      : error !== undefined && (expectError.kind === "any" || expectError.kind === error.kind);
    return {
      target: "result",
      matcher: "expect_error",
      status: pass ? "pass" : "fail",
      expected: EXPECTED[expectError.kind],
      actual: error?.text ?? "a successful result",
      line: expectError.pos.line,
      col: expectError.pos.col,
    };
  }
  if (!error || assertsOnError(prepared.assertions)) return undefined;
  return {
    target: "result",
    matcher: "no error",
    status: "fail",
    expected: "a successful result",
    actual: error.text,
    message:
      "the call ended in an error; add expect_error: to the test if that is the point, or assert on result.error / result.isError",
    line: test.pos.line,
    col: test.pos.col,
  };
}

/**
 * True when an assertion looks at the error, which turns the implicit error check off: a target
 * under `result.error` or `result.isError`, or the whole `result` with
 * `is-valid-tools-call: { allow_error: true }` or an `exact`/`contains`/`subset` object naming
 * `error` or `isError`.
 */
export function assertsOnError(assertions: readonly PreparedAssertion[]): boolean {
  return assertions.some(({ assertion, target }) => {
    const [first, second] = target.segments;
    if (!first || !("key" in first) || first.key !== "result") return false;
    if (second) return "key" in second && (second.key === "error" || second.key === "isError");
    const { name, arg } = assertion.matcher;
    const object = arg !== null && typeof arg === "object" && !Array.isArray(arg)
      ? arg as Record<string, unknown>
      : undefined;
    if (!object) return false;
    if (name === "is-valid-tools-call") return object.allow_error === true;
    if (name === "exact" || name === "contains" || name === "subset") {
      return Object.hasOwn(object, "error") || Object.hasOwn(object, "isError");
    }
    return false;
  });
}

function clip(text: string): string {
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}...` : text;
}
