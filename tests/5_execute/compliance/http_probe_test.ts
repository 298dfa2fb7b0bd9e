/** @module runHttpProbe(): the initialize body comes from initializeRequest(), and a redirect to another origin is never followed. */

import assert from "node:assert/strict";
import { runHttpProbe } from "../../../src/5_execute/compliance/engine/http_probe.ts";
import { findRevision } from "../../../src/0_base/protocol/revisions.ts";
import { initializeRequest } from "../../../src/2_connect/session/initialize_request.ts";
import type { HttpTarget } from "../../../src/2_connect/transport/target.ts";

interface Seen {
  readonly method: string;
  readonly path: string;
  readonly body: string;
}

/** A 127.0.0.1 server that records every request and answers through `answer`. */
function serve(answer: (req: Request, url: URL) => Response) {
  const seen: Seen[] = [];
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    async (req) => {
      const url = new URL(req.url);
      seen.push({ method: req.method, path: url.pathname, body: await req.text() });
      return answer(req, url);
    },
  );
  const origin = `http://127.0.0.1:${server.addr.port}`;
  return { seen, origin, close: () => server.shutdown() };
}

function target(url: string): HttpTarget {
  return { kind: "http", url, headers: { Authorization: "Bearer t" }, transport: "auto" };
}

const revision = findRevision("2025-11-25")!;

Deno.test("runHttpProbe() opens its session with initializeRequest()'s body", async () => {
  const server = serve((req) => {
    if (req.method === "POST") {
      return new Response('{"jsonrpc":"2.0","id":"x","result":{}}', {
        headers: { "content-type": "application/json", "mcp-session-id": "s1" },
      });
    }
    return new Response(null, { status: req.method === "DELETE" ? 200 : 405 });
  });
  try {
    const root = await runHttpProbe(
      { kind: "http", method: "GET", headers: { "Mcp-Session-Id": "{{session_id}}" } },
      target(`${server.origin}/mcp`),
      revision,
      2000,
    );
    assert.equal(root.http.status, 405);
    const init = server.seen[0];
    assert.ok(init);
    assert.deepEqual(
      JSON.parse(init.body),
      initializeRequest("mcptest-compliance-init", "2025-11-25"),
    );
    assert.deepEqual(server.seen.map((s) => s.method), ["POST", "POST", "GET", "DELETE"]);
  } finally {
    await server.close();
  }
});

Deno.test("runHttpProbe() follows a same-origin redirect and refuses one to another origin", async (t) => {
  const other = serve(() =>
    new Response("{}", { headers: { "content-type": "application/json" } })
  );
  const server = serve((_req, url) => {
    if (url.pathname === "/away") {
      return new Response(null, { status: 307, headers: { location: `${other.origin}/mcp` } });
    }
    if (url.pathname === "/moved") {
      return new Response(null, { status: 307, headers: { location: "/mcp" } });
    }
    return new Response('{"ok":true}', { headers: { "content-type": "application/json" } });
  });
  try {
    await t.step("same origin: followed, the final answer judged", async () => {
      const root = await runHttpProbe(
        { kind: "http", method: "POST", body: "{}" },
        target(`${server.origin}/moved`),
        revision,
        2000,
      );
      assert.equal(root.http.status, 200);
      assert.deepEqual(root.body, { ok: true });
    });
    await t.step("another origin: refused, nothing sent there", async () => {
      await assert.rejects(
        () =>
          runHttpProbe(
            { kind: "http", method: "POST", body: "{}" },
            target(`${server.origin}/away`),
            revision,
            2000,
          ),
        /to another origin/,
      );
      assert.equal(other.seen.length, 0);
    });
  } finally {
    await server.close();
    await other.close();
  }
});
