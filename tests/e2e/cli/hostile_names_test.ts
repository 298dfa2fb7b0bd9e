/** @module `list` and `lint` print names and file names from suites through the one escaping gate: no ESC byte, no line-leading `::` (#23). */

import assert from "node:assert/strict";
import { itemsServerYaml, mcptest, tempProject } from "../../_helpers/cli.ts";

const NAME = "evil\x1b[2J\x07\\n::error::planted";
const suite = `servers:\n${itemsServerYaml()}tools:\n` +
  `  - name: "${NAME.replace("\x1b", "\\e").replace("\x07", "\\a")}"\n` +
  `    server: items\n    tool: echo\n    args: { text: hi }\n` +
  `  - name: "second\\n::warning::x\\r::error::y"\n    server: items\n    tool: echo\n` +
  `    args: { text: hi }\n`;

function assertSafe(label: string, text: string): void {
  assert.ok(!text.includes("\x1b"), `${label}: an ESC byte reached the terminal`);
  assert.ok(!text.includes("\x07"), `${label}: a BEL byte reached the terminal`);
  assert.ok(!text.includes("\r"), `${label}: a CR reached the terminal`);
  assert.doesNotMatch(text, /^\s*::/m, `${label}: a line starts with ::`);
}

Deno.test("list and lint escape hostile test names and file names", async () => {
  const dir = await tempProject({ "suite.yml": suite, "bad\x1b[31m::x.yml": "tools: [\n" });
  try {
    const pretty = await mcptest(["list", "suite.yml"], { cwd: dir });
    assert.equal(pretty.code, 0, pretty.stderr);
    assert.match(pretty.stdout, /evil\\u001b\[2J\\u0007/);
    assertSafe("list", pretty.stdout + pretty.stderr);
    const json = await mcptest(["list", "suite.yml", "--format", "json"], { cwd: dir });
    assert.equal(json.code, 0, json.stderr);
    assertSafe("list --format json", json.stdout);
    assert.equal(JSON.parse(json.stdout).tests[0].name.includes("\x1b"), true, "the value kept");
    const lint = await mcptest(["lint"], { cwd: dir });
    assertSafe("lint", lint.stdout + lint.stderr);
    const lintJson = await mcptest(["lint", "--format", "json"], { cwd: dir });
    assertSafe("lint --format json", lintJson.stdout + lintJson.stderr);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
