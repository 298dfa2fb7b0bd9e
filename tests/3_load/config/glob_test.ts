/** @module The glob helpers LOAD uses for `suites:` entries. */

import assert from "node:assert/strict";
import { globBase, globToRegExp, isGlob } from "../../../src/3_load/config/glob.ts";

Deno.test("globToRegExp() matches suites: globs", () => {
  const re = globToRegExp("tests/**/*.{yml,yaml}");
  assert.ok(re.test("tests/a.yml"));
  assert.ok(re.test("tests/x/y/b.yaml"));
  assert.ok(!re.test("tests/a.json"));
  assert.ok(!re.test("other/a.yml"));
  assert.ok(globToRegExp("t?.yml").test("t1.yml"));
  assert.ok(!globToRegExp("*.yml").test("a/b.yml"));
  assert.ok(isGlob("a/*.yml") && !isGlob("a/b.yml"));
  assert.equal(globBase("tests/sub/**/*.yml"), "tests/sub");
  assert.equal(globBase("*.yml"), "");
});
