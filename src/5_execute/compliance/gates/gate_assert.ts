/** @module One `expect:` item of a gate (`spec_version_check:`, `grade_delta:`) asserted on the gate's computed root. */

import type { SourcePos } from "../../../0_base/errors/errors.ts";
import { compileMatcher } from "../../../1_matchers/registry.ts";
import { matchTarget } from "../../../1_matchers/apply.ts";
import { parseTarget } from "../../../1_matchers/target_path.ts";
import type { AssertionResult } from "../../../4_record/run_record.ts";
import { withLazyModules } from "../../../0_base/util/lazy_module.ts";

/** A gate expectation: a target into the gate's root and a `{matcher: arg}`. */
export interface GateExpectation {
  readonly target: string;
  readonly matcher: Readonly<Record<string, unknown>>;
}

/**
 * Assert `item` on `root`, positioned at `pos`. `context`, when given, is appended to the message
 * (the grade summary, so a failing line says what moved).
 */
export async function assertGateExpectation(
  item: GateExpectation,
  root: Record<string, unknown>,
  pos: Pick<SourcePos, "line" | "col"> & { readonly file?: string },
  context?: string,
): Promise<AssertionResult> {
  const [name = "", arg] = Object.entries(item.matcher ?? {})[0] ?? [];
  const spec = { name, arg, pos: pos as SourcePos };
  const compiled = await withLazyModules(() => Promise.resolve(compileMatcher(spec)));
  const at = { target: item.target, matcher: compiled.name, line: pos.line, col: pos.col };
  const withContext = (message: string | undefined) =>
    context === undefined ? message : message === undefined ? context : `${message}; ${context}`;
  // A missing target is the matcher's to judge: `absent` passes, `not` inverts.
  const outcome = await matchTarget(compiled, root, parseTarget(item.target), {
    suiteDir: ".",
    updateSnapshots: false,
  });
  const message = withContext(outcome.message);
  return {
    ...at,
    status: outcome.pass ? "pass" : "fail",
    expected: outcome.expected,
    actual: outcome.actual,
    ...(message !== undefined ? { message } : {}),
  };
}
