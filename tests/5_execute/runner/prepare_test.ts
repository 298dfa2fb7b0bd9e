import assert from "node:assert/strict";
import type { Assertion, Suite, TestCase } from "../../../src/3_load/config/types.ts";
import { compiledOnce, prepareTests } from "../../../src/5_execute/runner/prepare.ts";
import { ConfigErrors } from "../../../src/0_base/errors/errors.ts";

const pos = { file: "suite.yml", line: 1, col: 1 };
const assertion = (target: string, name: string, arg: unknown, line: number): Assertion => ({
  kind: "assertion",
  target,
  matcher: { name, arg, pos: { ...pos, line } },
  pos: { ...pos, line },
});
const tool = (name: string, assertions: Assertion[]): TestCase => ({
  id: `suite.yml::tool::${name}`,
  name,
  kind: "tool",
  serverKey: "a",
  call: { kind: "tool", tool: "echo", args: {} },
  assertions,
  budgets: [],
  file: "suite.yml",
  pos,
  order: 0,
});
const suiteOf = (tests: TestCase[]): Suite => ({
  files: ["suite.yml"],
  servers: {},
  tests,
  secrets: [],
});

Deno.test("prepareTests() checks every matcher and target before it returns, and lists each bad one", () => {
  const tests = [
    tool("good", [assertion("result.content[0].text", "contains", "hello", 3)]),
    tool("bad regex", [assertion("result.content[0].text", "matches", "(", 7)]),
    tool("bad target", [assertion("nowhere.at.all", "exact", 1, 9)]),
  ];
  assert.throws(() => prepareTests(suiteOf(tests)), (error: unknown) => {
    assert.ok(error instanceof ConfigErrors);
    assert.deepEqual(error.errors.map((e) => e.pos?.line), [7, 9]);
    return true;
  });
  assert.equal(prepareTests(suiteOf([tests[0]!])).length, 1);
});

Deno.test("prepareTests() keeps no compiled matcher: a test's compile when read, compiledOnce() keeps them", () => {
  const test = tool("one", [
    assertion("result.content[0].text", "contains", "hello", 3),
    assertion("result.isError", "exact", false, 4),
  ]);
  const [prepared] = prepareTests(suiteOf([test]));
  assert.equal(prepared!.test, test);
  const first = prepared!.assertions;
  const second = prepared!.assertions;
  assert.notEqual(first, second, "compiled anew on each read");
  assert.deepEqual(first.map((a) => [a.assertion, a.matcher.name]), [
    [test.assertions[0], "contains"],
    [test.assertions[1], "exact"],
  ]);
  assert.deepEqual(second.map((a) => a.matcher.name), ["contains", "exact"]);
  const pinned = compiledOnce(prepared!);
  assert.equal(pinned.assertions, pinned.assertions, "compiled once, kept");
  assert.equal(pinned.test, test);
});
