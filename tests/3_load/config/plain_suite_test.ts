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

Deno.test("a test's fields keep one order whether or not it sets the optional ones (its cache key's text)", async () => {
  const suite = `servers:
  s:
    command: ./server
tools:
  - name: plain
    server: s
    tool: echo
    expect:
      - target: result
        matcher: { exists: true }
  - name: tagged
    server: s
    tool: echo
    tags: [a]
    expect:
      - target: result
        matcher: { exists: true }
  - name: empty tags
    server: s
    tool: echo
    tags: []
    cache: false
`;
  await withFiles({ "t.yml": suite }, async (dir) => {
    const { tests } = await loadSuite({ paths: ["t.yml"], cwd: dir, env: {} });
    const common = ["id", "name", "kind", "serverKey", "call", "assertions", "budgets"];
    const end = ["file", "pos", "order"];
    assert.deepEqual(Object.keys(tests[0]!), [...common, ...end]);
    assert.deepEqual(Object.keys(tests[1]!), [...common, "tags", ...end]);
    assert.deepEqual(Object.keys(tests[2]!), [...common, "noCache", ...end]);
    assert.deepEqual(tests[1]!.tags, ["a"]);
  });
});
