/** @module The argument check needs no JSON Schema engine for args a plain inputSchema accepts; args it refuses still get the engine's message. */

import assert from "node:assert/strict";
import { schemaEngineLoaded } from "../../../src/1_matchers/schema.ts";
import type { TestCase } from "../../../src/3_load/config/types.ts";
import { argProblems } from "../../../src/7_features/arg_check/check_args.ts";
import type { ToolCatalog } from "../../../src/7_features/arg_check/tool_catalog.ts";

const CATALOG: ToolCatalog = {
  source: "tests/cassettes/calc.json",
  tools: new Map([["add", {
    name: "add",
    inputSchema: {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      properties: { a: { type: "number" }, b: { type: "number" } },
      required: ["a", "b"],
      additionalProperties: false,
    },
  }]]),
};

function toolTest(name: string, args: Record<string, unknown>): TestCase {
  return {
    id: `t.yml::tool::${name}`,
    name,
    kind: "tool",
    serverKey: "t.yml#calc",
    call: { kind: "tool", tool: "add", args },
    assertions: [],
    budgets: [],
    file: "t.yml",
    pos: { file: "t.yml", line: 1, col: 1 },
    order: 0,
  } as TestCase;
}

Deno.test("args a plain schema accepts are checked without the JSON Schema engine", async (t) => {
  await t.step("valid args: no problem, the engine not loaded", async () => {
    assert.deepEqual(await argProblems(toolTest("adds", { a: 1, b: 2 }), CATALOG), []);
    assert.equal(schemaEngineLoaded(), false);
  });
  await t.step("invalid args: the engine loads and says why", async () => {
    const [problem] = await argProblems(toolTest("adds text", { a: "1", b: 2 }), CATALOG);
    assert.equal(problem?.at, "args");
    assert.match(problem?.message ?? "", /\/a must be number/);
    assert.equal(schemaEngineLoaded(), true);
  });
});
