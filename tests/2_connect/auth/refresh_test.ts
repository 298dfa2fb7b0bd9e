/** @module ServerAuth + fetchAuthorized: refresh-on-401 re-reads variables, once, shared by concurrent requests. */

import assert from "node:assert/strict";
import { ServerAuth } from "../../../src/2_connect/auth/server_auth.ts";
import { fetchAuthorized } from "../../../src/2_connect/transport/http_fetch.ts";
import { TransportError } from "../../../src/2_connect/transport/transport_error.ts";
import { startProtectedServer } from "../../fixtures/auth/protected_server.ts";

const post = () => ({
  method: "POST",
  headers: new Headers({ "content-type": "application/json" }),
  body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
  signal: AbortSignal.timeout(5000),
});

Deno.test("fetchAuthorized() refreshes once on a 401 and retries", async (t) => {
  const accept = new Map([["authorization", new Set(["Bearer new-token"])]]);
  const server = startProtectedServer({ accept });
  try {
    await t.step("bearer: the variable is re-read and the retry passes", async () => {
      let value = "old-token";
      let reads = 0;
      const learnt: string[] = [];
      const auth = new ServerAuth(
        { kind: "bearer", token: "old-token", variable: "MCP_TOKEN" },
        server.url,
        { reread: () => (reads++, value), onSecret: (s) => learnt.push(s) },
      );
      value = "new-token";
      const results = await Promise.all(
        Array.from({ length: 5 }, () => fetchAuthorized(server.url, post(), auth)),
      );
      for (const r of results) {
        assert.equal(r.response.status, 200);
        await r.response.body?.cancel();
      }
      assert.equal(reads, 1, "one refresh shared by the five requests");
      assert.deepEqual(learnt, ["new-token"]);
      assert.equal(auth.describe().refreshes, 1);
    });
    await t.step("custom headers: re-resolved the same way", async () => {
      const accept2 = new Map([["x-api-key", new Set(["k2"])]]);
      const s2 = startProtectedServer({ accept: accept2 });
      try {
        const auth = new ServerAuth(
          { kind: "headers", headers: [{ name: "X-Api-Key", value: "k1", variable: "API_KEY" }] },
          s2.url,
          { reread: () => "k2" },
        );
        const r = await fetchAuthorized(s2.url, post(), auth);
        assert.equal(r.response.status, 200);
        await r.response.body?.cancel();
      } finally {
        await s2.close();
      }
    });
    await t.step("still 401 after the refresh: the seed's message at the auth layer", async () => {
      const auth = new ServerAuth(
        { kind: "bearer", token: "old-token", variable: "MCP_TOKEN" },
        server.url,
        { reread: () => "still-wrong" },
      );
      await assert.rejects(
        () => fetchAuthorized(server.url, post(), auth),
        (e: unknown) =>
          e instanceof TransportError && e.layer === "auth" &&
          /auth still failed after refresh$/.test(e.message) && !/still-wrong/.test(e.message),
      );
    });
  } finally {
    await server.close();
  }
});
