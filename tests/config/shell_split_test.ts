/** @module shellSplit() and the glob helpers used by LOAD. */

import assert from "node:assert/strict";
import { shellSplit } from "../../src/config/shell_split.ts";
import { globBase, globToRegExp, isGlob } from "../../src/config/glob.ts";

Deno.test("shellSplit() splits a command like a shell", async (t) => {
  const cases: Array<[string, string[]]> = [
    ["deno run -A server.ts", ["deno", "run", "-A", "server.ts"]],
    ["  node   'my server.js'  ", ["node", "my server.js"]],
    [`python -c "print(\\"hi\\")"`, ["python", "-c", 'print("hi")']],
    [`a\\ b "c"'d' ""`, ["a b", "cd", ""]],
    [`echo "$HOME \\n"`, ["echo", "$HOME \\n"]],
    ["", []],
  ];
  for (const [input, expected] of cases) {
    await t.step(JSON.stringify(input), () => assert.deepEqual(shellSplit(input), expected));
  }
  await t.step("unterminated quotes throw; a trailing backslash stays literal, as in sh", () => {
    assert.throws(() => shellSplit("a 'b"), /unterminated single quote/);
    assert.throws(() => shellSplit('a "b'), /unterminated double quote/);
    assert.deepEqual(shellSplit("a \\"), ["a", "\\"]);
  });
});

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
