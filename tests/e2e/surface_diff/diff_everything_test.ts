/** @module `mcptest diff` end to end on server-everything: record -> diff with the cassette, the live server and the mock. */

import assert from "node:assert/strict";
import { mcptest, mcptestArgv, tempProject } from "../../_helpers/cli.ts";

const EVERYTHING = "npm:@modelcontextprotocol/server-everything@2026.8.31";
const SERVER = [
  Deno.execPath(),
  "run",
  "--quiet",
  "-A",
  "--no-config",
  "--no-lock",
  EVERYTHING,
  "stdio",
];
const LISTS = ["tools", "resources", "resource_templates", "prompts"];

Deno.test("mcptest diff: a server-everything cassette against the live server and against its mock", async () => {
  const suite = `servers:\n  everything:\n    command: ${JSON.stringify(SERVER)}\n` +
    `    timeout_ms: 20000\nlists:\n` +
    LISTS.map((l) => `  - name: lists ${l}\n    server: everything\n    list: ${l}\n`).join("");
  const dir = await tempProject({ "rec/suite.yml": suite });
  try {
    const rec = await mcptest(["run", "--record", "rec/suite.yml"], { cwd: dir });
    assert.equal(rec.code, 0, rec.stdout + rec.stderr);
    const cassette = "rec/cassettes/suite__everything.json";
    const live = await mcptest(
      ["diff", cassette, SERVER.map((a) => JSON.stringify(a)).join(" "), "--format", "json"],
      { cwd: dir },
    );
    assert.equal(live.code, 0, live.stdout + live.stderr);
    const report = JSON.parse(live.stdout);
    assert.deepEqual(report.changes, [], "the live server offers what it recorded");
    assert.deepEqual(report.skipped, [], "every category was listed and compared");
    const mock = await mcptest(
      ["diff", cassette, mcptestArgv(["serve", cassette]).map((a) => JSON.stringify(a)).join(" ")],
      { cwd: dir },
    );
    assert.equal(mock.code, 0, mock.stdout + mock.stderr);
    assert.match(mock.stdout, /no changes/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
