/** @module Run side of `capture:` (docs/captures.md): values taken from responses, substituted into later tests of the same file and server. */

import { CAPTURE_MARKER } from "../../3_load/config/captures.ts";
import type { Call, TestCase } from "../../3_load/config/types.ts";
import { ConfigErrors } from "../../0_base/errors/errors.ts";
import { setOwn } from "../../0_base/util/set_own.ts";
import { parseTarget, resolveTarget } from "../../1_matchers/target_path.ts";
import type { TestResult } from "../../4_record/run_record.ts";
import { type PreparedTest, prepareTests } from "./prepare.ts";

type Captured = { readonly value: unknown } | { readonly reason: string };

/** The captures of one server's run, by file and name. */
export class CaptureStore {
  readonly #values = new Map<string, Captured>();

  /**
   * Take `test`'s captures from its response `root` (undefined: no response). A test that did not
   * pass, or a path that is missing, fails the capture with the reason; its users then error.
   */
  record(test: TestCase, result: TestResult, root: unknown): void {
    for (const [name, target] of Object.entries(test.capture ?? {})) {
      this.#values.set(key(test.file, name), captured(test, result, root, name, target));
    }
  }

  /**
   * The test with its capture markers replaced by the captured values (a marker that is the whole
   * string takes the value with its JSON type), compiled again; or why it cannot run.
   */
  apply(prepared: PreparedTest): PreparedTest | { readonly reason: string } {
    const { test } = prepared;
    const values = new Map<string, unknown>();
    for (const name of test.captureUses ?? []) {
      const got = this.#values.get(key(test.file, name));
      if (!got) {
        return {
          reason:
            `capture "${name}" was not set: no earlier test of ${test.file} against this server captures it`,
        };
      }
      if ("reason" in got) return { reason: got.reason };
      values.set(name, got.value);
    }
    const filled: TestCase = {
      ...test,
      call: substitute(test.call, values) as Call,
      assertions: test.assertions.map((a) => ({
        ...a,
        matcher: { ...a.matcher, arg: substitute(a.matcher.arg, values) },
      })),
    };
    try {
      return prepareTests({ files: [], servers: {}, tests: [filled], secrets: [] })[0]!;
    } catch (error) {
      if (!(error instanceof ConfigErrors)) throw error;
      return { reason: `with its captures: ${error.errors.map((e) => e.message).join("; ")}` };
    }
  }
}

/** Whether a server's tests take or use captures (they then run one at a time, in file order). */
export function usesCaptures(tests: readonly PreparedTest[]): boolean {
  return tests.some((t) => t.test.capture !== undefined || t.test.captureUses !== undefined);
}

function key(file: string, name: string): string {
  return `${file}\u0000${name}`;
}

function captured(
  test: TestCase,
  result: TestResult,
  root: unknown,
  name: string,
  target: string,
): Captured {
  const from = `capture "${name}" of "${test.name}" failed`;
  if (result.status !== "pass") {
    return { reason: `${from}: the test did not pass (${result.status})` };
  }
  if (root === undefined) return { reason: `${from}: no response` };
  const resolved = resolveTarget(root, parseTarget(target));
  if (!resolved.found) {
    return { reason: `${from}: ${target} not found at ${resolved.missingAt} (${resolved.reason})` };
  }
  return { value: resolved.value };
}

/** A string that is one capture marker and nothing else (takes the value with its JSON type). */
const WHOLE_MARKER = new RegExp(`^${CAPTURE_MARKER.source}$`, "u");
/** Every capture marker inside a string (`replace` resets its `lastIndex`). */
const ANY_MARKER = new RegExp(CAPTURE_MARKER.source, "gu");

/**
 * `node` with every capture marker of a name in `values` replaced (a marker that is the whole
 * string takes the value with its JSON type); markers of other names are left.
 */
export function substitute(node: unknown, values: ReadonlyMap<string, unknown>): unknown {
  if (typeof node === "string") {
    if (!node.includes("\u{F8FF}")) return node;
    const whole = WHOLE_MARKER.exec(node);
    if (whole && values.has(whole[1]!)) return values.get(whole[1]!);
    return node.replace(ANY_MARKER, (all, name: string) => {
      if (!values.has(name)) return all;
      const value = values.get(name);
      return typeof value === "string" ? value : JSON.stringify(value);
    });
  }
  if (Array.isArray(node)) return node.map((n) => substitute(n, values));
  if (node === null || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    setOwn(out, k, substitute(v, values));
  }
  return out;
}
