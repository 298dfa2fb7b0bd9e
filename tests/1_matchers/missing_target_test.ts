/** @module Missing targets: `not`, `exists` and `absent` judge a key the server left out; failure text shows values, not matcher objects. */

import assert from "node:assert/strict";
import { matchTarget } from "../../src/1_matchers/apply.ts";
import { compileMatcher, MATCHER_NAMES } from "../../src/1_matchers/registry.ts";
import { parseTarget } from "../../src/1_matchers/target_path.ts";
import type { MatchOutcome } from "../../src/1_matchers/types.ts";
import { POS } from "./_compile.ts";
import { loadSchemaEngine } from "../../src/1_matchers/schema.ts";

// Matchers are compiled here directly, not behind a run or a load that loads the engine.
await loadSchemaEngine();

/** A tools/call success as servers send it: `isError` omitted. */
const ROOT = {
  result: { content: [{ type: "text", text: "ok" }], structuredContent: { sum: 5, none: null } },
};

function at(target: string, matcher: Record<string, unknown>): Promise<MatchOutcome> {
  const [name, arg] = Object.entries(matcher)[0]!;
  const compiled = compileMatcher({ name, arg, pos: POS });
  return matchTarget(compiled, ROOT, parseTarget(target), {
    suiteDir: ".",
    updateSnapshots: false,
  });
}

Deno.test("matchTarget() lets not, exists and absent judge missing targets", async (t) => {
  const cases: Array<[string, Record<string, unknown>, boolean, string]> = [
    ["result.isError", { not: { exact: true } }, true, "not true"],
    ["result.isError", { exact: true }, false, "true"],
    ["result.isError", { exists: true }, false, "present"],
    ["result.isError", { absent: true }, true, "absent"],
    ["result.isError", { not: { absent: true } }, false, "not absent"],
    ["result.isError", { not: { exists: true } }, true, "not present"],
    ["result.isError", { not: { not: { exact: true } } }, false, "not not true"],
    ["result.content[3].text", { absent: true }, true, "absent"],
    ["result.content[0].text.deeper", { absent: true }, true, "absent"],
    ["result.content[0].text", { absent: true }, false, "absent"],
    ["result.content[0].text", { exists: true }, true, "present"],
    ["result.structuredContent.none", { exists: true }, true, "present"],
    ["result.structuredContent.none", { absent: true }, false, "absent"],
    ["result.structuredContent.sum", { not: { exact: 5 } }, false, "not 5"],
    ["result.error", { absent: true }, true, "absent"],
    ["result.isError", { not: { regex: "undefined" } }, true, "not text matching /undefined/"],
  ];
  for (const [target, matcher, pass, expected] of cases) {
    await t.step(`${target} ${JSON.stringify(matcher)} -> ${pass}`, async () => {
      const outcome = await at(target, matcher);
      assert.equal(outcome.pass, pass, JSON.stringify(outcome));
      assert.equal(outcome.expected, expected);
    });
  }
});

Deno.test("matchTarget() says where a missing path stopped", async () => {
  const outcome = await at("result.isError", { exists: true });
  assert.deepEqual(outcome, {
    pass: false,
    expected: "present",
    actual: "(missing)",
    message: "result.isError: no such key",
  });
  const plain = await at("result.content[5].text", { icontains: "ok" });
  assert.deepEqual(plain, {
    pass: false,
    expected: 'text containing "ok" (any case)',
    actual: "(missing)",
    message: "result.content[5]: index out of range (length 1)",
  });
});

/** One argument per matcher that compiles and fails on the value 42 (a missing value, too). */
const FAILING: Record<string, unknown> = {
  exact: { ok: true },
  schema: { type: "string" },
  regex: "^x$",
  contains: { a: 1 },
  subset: [1],
  "contains-all": ["a", "b"],
  "contains-any": ["a", "b"],
  icontains: "a",
  "starts-with": "a",
  levenshtein: { value: "abc", max_distance: 1 },
  "is-json": { schema: { type: "object" } },
  "is-valid-tools-call": true,
  exists: true,
  absent: true,
  not: { exact: 42 },
};

Deno.test("every matcher's failure reads as expected and actual values, never the matcher object", async (t) => {
  // The model-graded matchers' actual is the judges' verdict: llm_judge_test.ts covers them.
  const judged = (n: string) => n === "llm-judge" || n === "llm-jury";
  for (const name of MATCHER_NAMES.filter((n) => n !== "snapshot" && !judged(n))) {
    await t.step(name, async () => {
      assert.ok(Object.hasOwn(FAILING, name), `add a failing case for the new matcher ${name}`);
      if (name === "exists") return; // exists passes on any present value; covered above
      const arg = FAILING[name];
      const matcher = compileMatcher({ name, arg, pos: POS });
      const value = name === "is-json" ? "42" : 42;
      const outcome = await matcher.match(value, { suiteDir: ".", updateSnapshots: false });
      assert.equal(outcome.pass, false);
      assert.equal(outcome.actual, name === "is-json" ? "42" : JSON.stringify(value));
      assert.equal(outcome.expected, matcher.expected, "the same text present or missing");
      const dump = JSON.stringify({ [name]: arg });
      assert.ok(!outcome.expected.includes(dump), `${outcome.expected} dumps ${dump}`);
      const missing = await matchTarget(matcher, {}, parseTarget("result.x"), {
        suiteDir: ".",
        updateSnapshots: false,
      });
      if (name !== "absent" && name !== "not") {
        assert.equal(missing.pass, false);
        assert.equal(missing.expected, matcher.expected);
        assert.equal(missing.actual, "(missing)");
      }
    });
  }
});

Deno.test("not's failure text reads `expected: not <value>`", async () => {
  const matcher = compileMatcher({ name: "not", arg: { exact: true }, pos: POS });
  const outcome = await matcher.match(true, { suiteDir: ".", updateSnapshots: false });
  assert.deepEqual(outcome, { pass: false, expected: "not true", actual: "true" });
});
