/** @module `client: { capabilities: { extensions } }` declares extensions (MCP Apps' `io.modelcontextprotocol/ui`) in the handshake; a malformed one is a load error. */

import assert from "node:assert/strict";
import { loadSuite } from "../../../src/3_load/config/load_suite.ts";
import { declaredCapabilities } from "../../../src/2_connect/session/client_spec.ts";
import { loadErrors, withFiles } from "./_helpers.ts";

const suite = (extensions: string) =>
  `servers:
  apps:
    command: ["deno", "run", "server.ts"]
    client:
      capabilities:
        roots: true
        extensions: ${extensions}
tools:
  - name: t
    tool: show
`;

Deno.test("extensions are declared as capabilities.extensions, by identifier", async () => {
  const ui = `{ "io.modelcontextprotocol/ui": { mimeTypes: ["text/html;profile=mcp-app"] } }`;
  await withFiles({ "suite.yml": suite(ui) }, async (cwd) => {
    const loaded = await loadSuite({ paths: ["suite.yml"], cwd, env: {} });
    const client = Object.values(loaded.servers)[0]!.client!;
    assert.deepEqual(declaredCapabilities(client), {
      roots: {},
      extensions: { "io.modelcontextprotocol/ui": { mimeTypes: ["text/html;profile=mcp-app"] } },
    });
  });
});

Deno.test("an extension whose settings are not a mapping is a load error at it", async () => {
  await withFiles({ "suite.yml": suite(`{ "io.modelcontextprotocol/ui": true }`) }, async (cwd) => {
    const errors = await loadErrors({ paths: ["suite.yml"], cwd });
    assert.equal(errors.length, 1);
    assert.match(
      errors[0]!.message,
      /"io.modelcontextprotocol\/ui" must be a mapping, got boolean true/,
    );
    assert.equal(errors[0]!.pos?.line, 7);
  });
});
