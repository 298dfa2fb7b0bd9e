/** @module The `safe_tools:` setting of a `compliance:` block: read into `{name, arguments}`, every mistake positioned. */

import assert from "node:assert/strict";
import { loadSuite } from "../../../src/3_load/config/load_suite.ts";
import { loadErrors, withFiles } from "./_helpers.ts";

const head = `server:
  command: ./my-mcp-server
compliance:
  spec_version: v2025-11-25
`;

Deno.test("compliance safe_tools: names the tools the capability rules may call, with their args", async () => {
  const file = `${head}  safe_tools:
    - name: trigger-sampling-request
      args: { prompt: hi }
    - name: get-roots-list
`;
  await withFiles({ "c.yml": file }, async (dir) => {
    const suite = await loadSuite({ paths: ["c.yml"], cwd: dir, env: {} });
    assert.deepEqual(suite.compliance?.[0]?.safeTools, [
      { name: "trigger-sampling-request", arguments: { prompt: "hi" } },
      { name: "get-roots-list" },
    ]);
  });
  // Without the setting the block names none (the read-only default applies).
  await withFiles({ "c.yml": head }, async (dir) => {
    const suite = await loadSuite({ paths: ["c.yml"], cwd: dir, env: {} });
    assert.equal(suite.compliance?.[0]?.safeTools, undefined);
  });
});

Deno.test("compliance safe_tools: a malformed list fails the load with file:line:col (exit 2)", async (t) => {
  const cases: [string, string, RegExp][] = [
    ["not a list", "  safe_tools: ask\n", /c\.yml:5:\d+: .*safe_tools/],
    ["no name", "  safe_tools:\n    - args: { a: 1 }\n", /c\.yml:6:\d+: .*name/],
    [
      "args not a mapping",
      "  safe_tools:\n    - name: ask\n      args: [1]\n",
      /c\.yml:7:\d+: .*args/,
    ],
    [
      "unknown key",
      "  safe_tools:\n    - name: ask\n      arguments: {}\n",
      /c\.yml:7:\d+: .*arguments/,
    ],
  ];
  for (const [name, tail, expected] of cases) {
    await t.step(name, async () => {
      await withFiles({ "c.yml": head + tail }, async (dir) => {
        const errors = await loadErrors({ paths: ["c.yml"], cwd: dir });
        const text = errors.map((e) => e.message).join("\n");
        assert.match(text, expected);
      });
    });
  }
});
