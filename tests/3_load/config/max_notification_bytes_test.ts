/** @module `max_notification_bytes` on a server feeds ServerEndpoint.maxNotificationBytes (#23); a bad value is a load error at its line. */

import assert from "node:assert/strict";
import { loadSuite } from "../../../src/3_load/config/load_suite.ts";
import { loadMessages, withFiles } from "./_helpers.ts";

Deno.test("max_notification_bytes sets the server's notification cap; absent leaves the default", async () => {
  const yaml = "servers:\n  s:\n    command: x\n    max_notification_bytes: 4096\n" +
    "  h:\n    url: http://127.0.0.1:1/mcp\n    max_notification_bytes: 100\n" +
    "  d:\n    command: y\n";
  await withFiles({ "s.yml": yaml }, async (dir) => {
    const suite = await loadSuite({ paths: ["s.yml"], cwd: dir });
    assert.equal(suite.servers["s.yml#s"]?.maxNotificationBytes, 4096);
    assert.equal(suite.servers["s.yml#h"]?.maxNotificationBytes, 100);
    assert.equal(suite.servers["s.yml#d"]?.maxNotificationBytes, undefined);
  });
  const bad = "servers:\n  s:\n    command: x\n    max_notification_bytes: 0\n";
  await withFiles({ "b.yml": bad }, async (dir) => {
    const [message] = await loadMessages({ paths: ["b.yml"], cwd: dir });
    assert.match(message ?? "", /^b\.yml:4:\d+: .*max_notification_bytes.*/);
  });
});
