/** @module The loaded Suite is plain data: compliance: blocks parsed at load, no functions, no YAML kept. */

import assert from "node:assert/strict";
import { ConfigErrors } from "../../../src/0_base/errors/errors.ts";
import { loadSuite } from "../../../src/3_load/config/load_suite.ts";
import { withFiles } from "./_helpers.ts";

const FILE = `server:
  command: ./my-mcp-server
variables:
  pin: v2025-06-18
compliance:
  spec_version: "\${pin}"
  tests:
    - name: PROTO-002
`;

Deno.test("loadSuite() returns plain data with the compliance: blocks parsed at load", async () => {
  await withFiles({ "c.yml": FILE }, async (dir) => {
    const suite = await loadSuite({ paths: ["c.yml"], cwd: dir, env: {} });
    // structuredClone throws on functions: the suite holds none (no positionOf/resolve closures).
    assert.deepEqual(structuredClone(suite), suite);
    assert.equal("documents" in suite, false);
    const [block] = suite.compliance ?? [];
    assert.equal(block?.revision, "v2025-06-18");
    assert.deepEqual(block?.entries.map((e) => [e.rule, e.serverKey, e.pos.line]), [
      ["PROTO-002", "c.yml#default", 8],
    ]);
  });
});

Deno.test("loadSuite() reports compliance: problems with every other load error, in one pass", async () => {
  const broken =
    `${FILE}    - name: "\${unset}"\ntools:\n  - name: t\n    tool: x\n    server: nope\n`;
  await withFiles({ "c.yml": broken }, async (dir) => {
    await assert.rejects(loadSuite({ paths: ["c.yml"], cwd: dir, env: {} }), (error: unknown) => {
      assert.ok(error instanceof ConfigErrors);
      const lines = error.message.split("\n");
      assert.ok(
        lines.some((l) => /^c\.yml:9:13: unresolvable variable \$\{unset\}/.test(l)),
        error.message,
      );
      assert.ok(lines.some((l) => /^c\.yml:\d+:\d+: unknown server "nope"/.test(l)), error.message);
      return true;
    });
  });
});
