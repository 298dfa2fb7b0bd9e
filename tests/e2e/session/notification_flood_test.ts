/** @module A 600 MB notification flood during one call fails that call at the cap and leaves mcptest's memory bounded (peak RSS under 400 MB). */

import assert from "node:assert/strict";

const CLIENT = new URL("../../fixtures/transport/flood_client.ts", import.meta.url).pathname;

Deno.test({
  name: "a notification flood fails the request at max_notification_bytes with bounded memory",
  ignore: Deno.build.os !== "linux", // peak RSS is read from /proc
  fn: async () => {
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", CLIENT],
      stdout: "piped",
      stderr: "piped",
    }).output();
    const text = new TextDecoder().decode(out.stdout);
    assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
    const result = JSON.parse(text) as {
      failure?: { kind: string; message: string };
      kept: number;
      drained: boolean;
      dropped?: { messages: number; bytes: number };
      peakMb: number;
    };
    assert.equal(result.drained, true);
    assert.ok((result.dropped?.bytes ?? 0) > 500_000_000, JSON.stringify(result.dropped));
    assert.equal(result.failure?.kind, "protocol");
    assert.match(result.failure?.message ?? "", /over the 16777216-byte cap/);
    assert.ok(result.peakMb < 400, `peak RSS ${result.peakMb} MB`);
  },
});
