/** @module Suite.documents: raw documents kept for later features (compliance:, agents:), with positions and resolve(). */

import assert from "node:assert/strict";
import { ConfigErrors } from "../../src/errors/errors.ts";
import { loadSuite } from "../../src/config/load_suite.ts";
import { withFiles } from "./_helpers.ts";

const FILE = `server:
  command: ./my-mcp-server
variables:
  pin: v2025-06-18
compliance:
  spec_version: "\${pin}"
  tests:
    - name: PROTO-002
      token_Env: TOKEN
    - name: "\${unset}"
`;

Deno.test("loadSuite() keeps each document with positions and an interpolating resolve()", async () => {
  await withFiles({ "c.yml": FILE }, async (dir) => {
    const suite = await loadSuite({ paths: ["c.yml"], cwd: dir, env: { TOKEN: "s3cret" } });
    assert.equal(suite.tests.length, 0);
    const [document] = suite.documents ?? [];
    assert.ok(document);
    assert.equal(document.file, "c.yml");
    assert.equal(document.role, "test file");
    assert.deepEqual((document.value.compliance as Record<string, unknown>).spec_version, "${pin}");
    assert.deepEqual(document.positionOf(["compliance", "spec_version"]), {
      file: "c.yml",
      line: 6,
      col: 17,
    });
    assert.deepEqual(document.resolve(["compliance", "spec_version"]), {
      value: "v2025-06-18",
      secrets: [],
    });
    assert.deepEqual(document.resolve(["compliance", "tests", 0]), {
      value: { name: "PROTO-002", token: "s3cret" },
      secrets: ["s3cret"],
    });
    assert.throws(() => document.resolve(["compliance", "tests"]), (error: unknown) => {
      assert.ok(error instanceof ConfigErrors);
      assert.match(error.message, /^c\.yml:10:13: unresolvable variable \$\{unset\}/);
      return true;
    });
  });
});
