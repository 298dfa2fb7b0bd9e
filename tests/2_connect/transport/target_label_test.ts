/** @module targetLabel(): the one printable label of a server target. */

import assert from "node:assert/strict";
import { targetLabel } from "../../../src/2_connect/transport/target_label.ts";

Deno.test("targetLabel() labels a stdio command and an HTTP URL, never env or header values", async (t) => {
  await t.step("stdio", () => {
    const label = targetLabel({
      kind: "stdio",
      command: ["deno", "run", "-A", "server.ts"],
      env: { API_TOKEN: "s3cret" },
    });
    assert.equal(label, "stdio://deno run -A server.ts");
  });
  await t.step("http", () => {
    const label = targetLabel({
      kind: "http",
      url: "http://127.0.0.1:3000/mcp",
      headers: { Authorization: "Bearer s3cret" },
      transport: "auto",
    });
    assert.equal(label, "http://127.0.0.1:3000/mcp");
  });
});
