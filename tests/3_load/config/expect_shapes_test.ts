/** @module loadSuite() normalises both shapes of `expect:` to the same assertions and budgets. */

import assert from "node:assert/strict";
import { loadSuite } from "../../../src/3_load/config/load_suite.ts";
import type { TestCase } from "../../../src/3_load/config/types.ts";
import { FIXTURES } from "./_helpers.ts";

/** A test's assertions and budgets without positions. */
function shape(test: TestCase | undefined) {
  assert.ok(test);
  return {
    assertions: test.assertions.map((a) => ({
      kind: a.kind,
      target: a.target,
      matcher: { name: a.matcher.name, arg: a.matcher.arg },
    })),
    budgets: test.budgets.map(({ pos: _pos, ...rest }) => rest),
  };
}

Deno.test("loadSuite() normalises the list and object forms of expect: to the same result", async (t) => {
  const suite = await loadSuite({ paths: ["expect/"], cwd: FIXTURES, env: {} });
  const [list, object] = [
    suite.tests.find((x) => x.file === "expect/list_form.yml"),
    suite.tests.find((x) => x.file === "expect/object_form.yml"),
  ];

  await t.step("same assertions and budgets", () => {
    assert.deepEqual(shape(list), shape(object));
    assert.deepEqual(shape(list), {
      assertions: [
        {
          kind: "assertion",
          target: "result.content",
          matcher: { name: "schema", arg: { type: "array" } },
        },
        {
          kind: "assertion",
          target: "result.isError",
          matcher: { name: "not", arg: { exact: true } },
        },
      ],
      budgets: [
        { kind: "max_duration_ms", value: 250 },
        { kind: "max_response_tokens", value: 800 },
        { kind: "response_headers", headers: { "x-served-by": "mcp-edge" } },
        { kind: "response_headers_absent", headers: ["server", "x-powered-by"] },
      ],
    });
  });

  await t.step("positions: assertion at its item, matcher at its object, budget at its key", () => {
    assert.ok(list && object);
    assert.deepEqual(list.assertions[0]?.pos, { file: "expect/list_form.yml", line: 8, col: 9 });
    assert.deepEqual(list.assertions[0]?.matcher.pos, {
      file: "expect/list_form.yml",
      line: 10,
      col: 11,
    });
    assert.deepEqual(list.budgets[0]?.pos, { file: "expect/list_form.yml", line: 14, col: 9 });
    assert.deepEqual(object.assertions[1]?.pos, {
      file: "expect/object_form.yml",
      line: 12,
      col: 11,
    });
    assert.deepEqual(object.assertions[1]?.matcher.pos, {
      file: "expect/object_form.yml",
      line: 14,
      col: 13,
    });
    assert.deepEqual(object.budgets[3]?.pos, { file: "expect/object_form.yml", line: 19, col: 7 });
  });

  await t.step("a test without args: calls the tool with empty args", () => {
    assert.ok(list);
    assert.equal(list.kind, "tool");
    assert.deepEqual(list.call, { kind: "tool", tool: "search", args: {} });
  });
});
