/** @module Assert a rule's expectations with the test-file matcher engine (compiled once per matcher spec). */

import { compileMatcher } from "../../../1_matchers/registry.ts";
import { matchTarget } from "../../../1_matchers/apply.ts";
import { parseTarget, type TargetPath } from "../../../1_matchers/target_path.ts";
import type { Matcher } from "../../../1_matchers/types.ts";
import type { AssertionResult } from "../../../4_record/run_record.ts";
import type { SourcePos } from "../../../0_base/errors/errors.ts";
import type { RuleExpectation } from "../../../3_load/compliance_corpus/types.ts";
import { withLazyModules } from "../../../0_base/util/lazy_module.ts";
import { importLater } from "../../../0_base/util/import_later.ts";
import { addCompiledSchemas } from "../../../1_matchers/schema.ts";
import type { ValidateFunction } from "ajv";

const cache = new Map<string, Matcher>();

/**
 * The validators of the corpus's `schema:` matchers, generated with it (`deno task
 * compliance:build-corpus`), added once: a compliance run compiles none of the corpus's schemas
 * (ajv took a quarter of a stdio compliance run compiling them) and loads no ajv for them.
 */
let corpusValidators: Promise<void> | undefined;

function addCorpusValidators(): Promise<void> {
  return corpusValidators ??= importLater<
    typeof import("../../../3_load/compliance_corpus/_generated/corpus_validators.js")
  >(import.meta.url, "../../../3_load/compliance_corpus/_generated/corpus_validators.js")
    .then(({ VALIDATORS }) =>
      // The module is generated JavaScript: each entry is a schema key and ajv's validator.
      addCompiledSchemas(VALIDATORS as unknown as readonly (readonly [string, ValidateFunction])[])
    );
}

function matcherOf(
  expectation: RuleExpectation,
  pos: SourcePos,
): { name: string; matcher: Matcher } {
  const [name, arg] = Object.entries(expectation.matcher)[0] ?? ["exact", undefined];
  const key = JSON.stringify([name, arg]);
  let matcher = cache.get(key);
  if (!matcher) {
    matcher = compileMatcher({ name, arg, pos });
    cache.set(key, matcher);
  }
  return { name, matcher };
}

/**
 * Evaluate every expectation against `root`. A missing target is judged by the matcher (`absent`
 * passes, `not` inverts); for any other matcher it is a failed assertion naming where it stopped.
 */
export async function assertAll(
  root: unknown,
  expect: readonly RuleExpectation[],
  pos: SourcePos,
  suiteDir: string,
): Promise<AssertionResult[]> {
  const results: AssertionResult[] = [];
  await addCorpusValidators();
  for (const expectation of expect) {
    const { name, matcher } = await withLazyModules(() =>
      Promise.resolve(matcherOf(expectation, pos))
    );
    const base = { target: expectation.target, matcher: name, line: pos.line, col: pos.col };
    const path = parseTarget(expectation.target);
    const outcome = await matchTarget(matcher, root, path, {
      suiteDir,
      updateSnapshots: false,
    });
    const missed = !outcome.pass && outcome.actual === "(missing)";
    const message = missed
      ? `target ${expectation.target} not found at ${outcome.message}`
      : outcome.message;
    results.push({
      ...base,
      status: outcome.pass ? "pass" : "fail",
      expected: outcome.expected,
      actual: missed ? `(missing); ${whatWasSent(root, path)}` : outcome.actual,
      ...(message === undefined ? {} : { message }),
    });
  }
  return results;
}

/** The most an `actual:` quotes of what the server sent. */
const SENT_CHARS = 300;

/**
 * What the server sent where a target stopped resolving: the deepest part of the path that exists
 * and its value (`result.error is absent; result is {"content":[...],"isError":true}`), so a
 * missing target shows the answer it looked in instead of only `(missing)`.
 */
export function whatWasSent(root: unknown, path: TargetPath): string {
  let current: unknown = root;
  let depth = 0;
  for (const segment of path.segments) {
    const next = "index" in segment
      ? Array.isArray(current) ? current.at(segment.index) : undefined
      : current !== null && typeof current === "object" && !Array.isArray(current) &&
          Object.hasOwn(current, segment.key)
      ? (current as Record<string, unknown>)[segment.key]
      : undefined;
    if (next === undefined) break;
    current = next;
    depth++;
  }
  const name = (n: number) =>
    path.segments.slice(0, n).map((s, i) =>
      "index" in s ? `[${s.index}]` : `${i === 0 ? "" : "."}${s.key}`
    ).join("");
  const json = JSON.stringify(current) ?? String(current);
  const shown = json.length > SENT_CHARS ? `${json.slice(0, SENT_CHARS)}...` : json;
  return depth === 0
    ? `the server sent ${shown}`
    : `${name(depth + 1)} is absent; ${name(depth)} is ${shown}`;
}
