/** @module capture: between tests: values keep their JSON type, a failed capture fails its dependents with the reason, bad captures are load errors. */

import assert from "node:assert/strict";
import { itemsServerArgv, mcptest, tempProject } from "../../_helpers/cli.ts";
import { loadErrors, withFiles } from "../../3_load/config/_helpers.ts";
import { loadSuite } from "../../../src/3_load/config/load_suite.ts";

const SERVER = () => `servers:\n  items:\n    command: ${JSON.stringify(itemsServerArgv())}\n`;
const create = (capture: string, expect = "") =>
  `  - name: create\n    tool: create_item\n    args: { name: "w" }\n    capture: { ${capture} }\n${expect}`;
const user =
  `  - name: uses the id\n    tool: get_item\n    args: { id: "\${id}" }\n    expect:\n      - target: result.structuredContent.id\n        matcher: { exact: "\${id}" }\n`;

async function run(yaml: string) {
  const dir = await tempProject({ "s.yml": yaml });
  try {
    return await mcptest(["run", "s.yml", "--no-cache"], { cwd: dir });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("capture: a captured number stays a number in a later test", async () => {
  const out = await run(`${SERVER()}tools:\n${create("id: result.structuredContent.id")}${user}`);
  assert.equal(out.code, 0, out.stdout + out.stderr);
  assert.match(out.stdout, /PASS {2}uses the id/);
});

Deno.test("capture: a failed capture fails its dependents with the reason", async (t) => {
  await t.step("the path is missing", async () => {
    const out = await run(
      `${SERVER()}tools:\n${create("id: result.structuredContent.nope")}${user}`,
    );
    assert.equal(out.code, 1);
    assert.match(out.stdout, /PASS {2}create/);
    assert.match(
      out.stdout,
      /FAIL {2}uses the id[\s\S]*capture "id" of "create" failed: result\.structuredContent\.nope not found/,
    );
  });
  await t.step("the capturing test failed", async () => {
    const failing =
      "    expect:\n      - target: result.structuredContent.name\n        matcher: { exact: other }\n";
    const out = await run(
      `${SERVER()}tools:\n${create("id: result.structuredContent.id", failing)}${user}`,
    );
    assert.equal(out.code, 1);
    assert.match(out.stdout, /FAIL {2}uses the id[\s\S]*the test did not pass \(fail\)/);
  });
});

Deno.test("capture: a name captured again further down is the first capture's for the tests between", async () => {
  const again = create("id: result.structuredContent.id").replace("name: create", "name: again");
  await withFiles(
    { "s.yml": `${SERVER()}tools:\n${create("id: result.structuredContent.id")}${user}${again}` },
    async (dir) => {
      const suite = await loadSuite({ paths: ["s.yml"], cwd: dir });
      const uses = suite.tests.map((t) => [t.name, t.captureUses ?? []]);
      assert.deepEqual(uses, [["create", []], ["uses the id", ["id"]], ["again", []]]);
    },
  );
});

Deno.test("capture: bad captures and uses are load errors at their position", async (t) => {
  const cases: Array<[string, string, RegExp]> = [
    [
      "a use before the capture",
      `tools:\n${user}${create("id: result.structuredContent.id")}`,
      /id/,
    ],
    [
      "a use in the test that captures it (the capture is set after its call)",
      `tools:\n  - name: self\n    tool: create_item\n    args: { name: "\${id}" }\n    capture: { id: result.structuredContent.id }\n`,
      /id/,
    ],
    [
      "a target with no result. or http. root",
      `tools:\n${create("id: structuredContent.id")}`,
      /capture "id" target "structuredContent\.id"/,
    ],
    [
      "a capture name that is no variable name",
      `tools:\n${create('"a b": result.structuredContent.id')}`,
      /capture name "a b" is not a variable name/,
    ],
  ];
  for (const [label, tests, pattern] of cases) {
    await t.step(label, async () => {
      await withFiles({ "s.yml": `${SERVER()}${tests}` }, async (dir) => {
        const errors = await loadErrors({ paths: ["s.yml"], cwd: dir });
        const text = errors.map((e) => `${e.pos?.line}: ${e.message}`).join("\n");
        assert.ok(errors.some((e) => pattern.test(e.message) && (e.pos?.line ?? 0) > 0), text);
      });
    });
  }
});
