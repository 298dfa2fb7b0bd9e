/** @module `contains` on text says it is structural; the editor schema names every registered matcher. */

import assert from "node:assert/strict";
import { TEST_FILE_SCHEMA } from "../../src/3_load/config/schema_validate.ts";
import { STRING_CONTAINS_HINT } from "../../src/1_matchers/contains.ts";
import { compileMatcher, MATCHER_NAMES } from "../../src/1_matchers/registry.ts";
import type { MatchContext } from "../../src/1_matchers/types.ts";

const pos = { file: "f.yml", line: 1, col: 1 };
const context: MatchContext = { suiteDir: ".", updateSnapshots: false };

Deno.test("contains() on a string against a string hints at icontains and regex", async (t) => {
  const matcher = compileMatcher({ name: "contains", arg: "world", pos });
  await t.step("a substring fails, with the hint", async () => {
    const outcome = await matcher.match("hello world", context);
    assert.equal(outcome.pass, false);
    assert.equal(outcome.message, STRING_CONTAINS_HINT);
    assert.match(outcome.message ?? "", /icontains.*regex/);
  });
  await t.step("the whole string passes, without a hint", async () => {
    const outcome = await matcher.match("world", context);
    assert.equal(outcome.pass, true);
    assert.equal(outcome.message, undefined);
  });
  await t.step("a structural miss gets no text hint", async () => {
    const outcome = await compileMatcher({ name: "contains", arg: { a: 1 }, pos })
      .match({ a: 2 }, context);
    assert.equal(outcome.pass, false);
    assert.equal(outcome.message, undefined);
  });
});

Deno.test("compileMatcher() suggests the closest matcher name", () => {
  assert.throws(
    () => compileMatcher({ name: "exactly", arg: 1, pos }),
    /unknown matcher "exactly", expected one of: .*; did you mean "exact"\?$/,
  );
});

Deno.test("schemas/v1.json names exactly the registered matchers, in registry order", () => {
  const defs = TEST_FILE_SCHEMA.$defs as Record<string, { properties?: object }>;
  assert.deepEqual(Object.keys(defs.matcher?.properties ?? {}), [...MATCHER_NAMES]);
});
