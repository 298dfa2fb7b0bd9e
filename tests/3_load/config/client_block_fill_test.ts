/** @module `fill_from_schema:` on an elicitation reply: read into the spec; anything but a boolean is a load error at file:line:col. */

import assert from "node:assert/strict";
import { loadSuite } from "../../../src/3_load/config/load_suite.ts";
import { loadErrors, withFiles } from "./_helpers.ts";

const server = (reply: string) =>
  `servers:
  s:
    command: ["deno", "run", "server.ts"]
    client:
      elicitation:
        - ${reply}
tools:
  - name: t
    server: s
    tool: t
`;

Deno.test("fill_from_schema: true on an elicitation reply is read into the spec", async () => {
  await withFiles(
    { "suite.yml": server("{ action: accept, fill_from_schema: true }") },
    async (dir) => {
      const suite = await loadSuite({ paths: ["suite.yml"], cwd: dir, env: {} });
      const client = suite.servers["suite.yml#s"]!.client!;
      assert.deepEqual(client.capabilities, { elicitation: {} });
      assert.deepEqual(client.elicitation, [{
        result: { action: "accept" },
        fillFromSchema: true,
      }]);
    },
  );
  await withFiles(
    { "suite.yml": server("{ action: accept, fill_from_schema: false }") },
    async (dir) => {
      const suite = await loadSuite({ paths: ["suite.yml"], cwd: dir, env: {} });
      assert.deepEqual(suite.servers["suite.yml#s"]!.client!.elicitation, [
        { result: { action: "accept" } },
      ]);
    },
  );
});

Deno.test("fill_from_schema that is not a boolean is an error at its place", async () => {
  await withFiles(
    { "suite.yml": server('{ action: accept, fill_from_schema: "yes" }') },
    async (dir) => {
      const errors = await loadErrors({ paths: ["suite.yml"], cwd: dir });
      const shown = errors.map((e) => e.message).join("\n");
      assert.match(
        shown,
        /^suite\.yml:6:47: "fill_from_schema" must be true or false, got string "yes"$/m,
      );
    },
  );
});
