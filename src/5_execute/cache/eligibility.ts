/** @module Decides per test whether its result may be cached (docs/cache.md): pure, over plain data. */

import type { TestCase } from "../../3_load/config/types.ts";
import type { MatcherSpec } from "../../1_matchers/types.ts";

/**
 * Matchers whose verdict depends only on the response and their argument. Anything else (the
 * `snapshot` matcher reads a file outside the key; a model-graded matcher asks a model) makes a
 * test not cacheable: a matcher added later is not cacheable until it is listed here.
 */
export const DETERMINISTIC_MATCHERS: ReadonlySet<string> = new Set([
  "exact",
  "schema",
  "regex",
  "contains",
  "subset",
  "contains-all",
  "contains-any",
  "icontains",
  "starts-with",
  "levenshtein",
  "is-json",
  "is-valid-tools-call",
  "exists",
  "absent",
  "not",
]);

/** What eligibility needs to know about the run and the test's server. */
export interface EligibilityContext {
  /** The cassette mode of the run: only `auto` replays. */
  readonly mode: "auto" | "live" | "record";
  /** `--update-snapshots`. */
  readonly updateSnapshots: boolean;
  /** The SHA-256 of the cassette the test's server replays; undefined: the server runs live. */
  readonly cassetteHash: string | undefined;
  /** The author wrote `cache: false` on the test. */
  readonly optedOut: boolean;
  /** The test's server target came from a `--server NAME=TARGET` flag: it always runs live. */
  readonly serverFlag?: boolean;
}

/** The verdict: cacheable, or why not. */
export type Eligibility = { readonly cacheable: true } | {
  readonly cacheable: false;
  readonly reason: string;
};

/** Whether `test` may be served from, and stored in, the cache. */
export function eligibility(test: TestCase, context: EligibilityContext): Eligibility {
  const no = (reason: string): Eligibility => ({ cacheable: false, reason });
  if (context.optedOut) return no("cache: false");
  if (context.mode === "record") return no("--record runs live");
  if (context.mode === "live") return no("--live runs live");
  if (context.serverFlag === true) return no("--server runs live");
  if (context.updateSnapshots) return no("--update-snapshots");
  if (test.load) return no("load: measures the live server");
  if (context.cassetteHash === undefined) {
    return no("live server: mcptest cannot prove it unchanged");
  }
  const steps = test.call.kind === "sequence" ? test.call.steps : [];
  const timed = [
    ...test.budgets,
    ...steps.flatMap((s) => s.action === "call" ? s.test.budgets : []),
  ]
    .find((b) => b.kind === "max_duration_ms" || b.kind === "max_response_tokens");
  if (timed) return no(`performance budget ${timed.kind}`);
  for (const assertion of checksOf(test)) {
    const odd = nonDeterministic(assertion.matcher);
    if (odd) return no(`matcher ${odd}`);
  }
  return { cacheable: true };
}

/** Every check a test makes: its own, and a sequence's steps' (their `where:` conditions too). */
function checksOf(test: TestCase): TestCase["assertions"] {
  if (test.call.kind !== "sequence") return test.assertions;
  return [
    ...test.assertions,
    ...test.call.steps.flatMap((step) =>
      step.action === "call"
        ? checksOf(step.test)
        : step.action === "await"
        ? [...step.where, ...step.assertions]
        : []
    ),
  ];
}

/** The first matcher (nested `not` included) that is not deterministic, or undefined. */
function nonDeterministic(spec: MatcherSpec | unknown): string | undefined {
  if (spec === null || typeof spec !== "object") return undefined;
  const { name, arg } = spec as { name?: unknown; arg?: unknown };
  if (typeof name !== "string") return undefined;
  if (!DETERMINISTIC_MATCHERS.has(name)) return name;
  if (name === "not" && arg !== null && typeof arg === "object") {
    // `not` holds one nested matcher: `{ <name>: <arg> }`.
    for (const [inner, innerArg] of Object.entries(arg as Record<string, unknown>)) {
      const found = nonDeterministic({ name: inner, arg: innerArg });
      if (found) return found;
    }
  }
  return undefined;
}
