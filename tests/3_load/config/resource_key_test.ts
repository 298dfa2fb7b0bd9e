/** @module A resource test names its URI with resource: (seed 004, as tool: and prompt:) or uri:, never both. */

import assert from "node:assert/strict";
import { loadSuite } from "../../../src/3_load/config/load_suite.ts";
import { loadMessages, withFiles } from "./_helpers.ts";

const SERVERS = `servers:
  local:
    command: ["deno", "run", "server.ts"]
`;

Deno.test("loadSuite() reads resource: and uri: as the same key", async () => {
  const yaml = `${SERVERS}resources:
  - name: by resource
    resource: "items://1"
  - name: by uri
    uri: "items://2"
`;
  await withFiles({ "suite.yml": yaml }, async (dir) => {
    const suite = await loadSuite({ paths: ["suite.yml"], cwd: dir, env: {} });
    const calls = suite.tests.map((t) => t.call);
    assert.deepEqual(calls, [
      { kind: "resource", uri: "items://1" },
      { kind: "resource", uri: "items://2" },
    ]);
  });
});

Deno.test("loadSuite() refuses resource: and uri: together, and neither, with positions", async () => {
  const yaml = `${SERVERS}resources:
  - name: both
    resource: "items://1"
    uri: "items://1"
  - name: neither
`;
  let errors: string[] = [];
  await withFiles({ "suite.yml": yaml }, async (dir) => {
    errors = await loadMessages({ paths: ["suite.yml"], cwd: dir });
  });
  assert.ok(
    errors.includes(
      "suite.yml:7:5: a resource test takes resource: or uri: (the same key, the URI to read), not both; expected one of them",
    ),
    errors.join("\n"),
  );
  assert.ok(
    errors.some((e) => /^suite\.yml:8:5: .*missing required key "resource"/.test(e)),
    errors.join("\n"),
  );
});
