/** @module `serve --http` refuses foreign Host and Origin headers with 403 (DNS rebinding), honours the allow-lists and the bearer token; a real HTTP/1.1 client on 127.0.0.1. */

import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { serveCassette } from "../../../src/7_features/serve/serve_cassette.ts";
import { isLoopbackName } from "../../../src/7_features/serve/http_guard.ts";

const CASSETTE = fileURLToPath(
  new URL("../../../examples/cassettes/cassettes__items.json", import.meta.url),
);
const BODY = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" });

/** POST a JSON-RPC ping with exactly these headers (Host included) over a raw socket; the status. */
async function post(port: number, headers: Record<string, string>): Promise<number> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  try {
    const lines = Object.entries({
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "content-length": String(new TextEncoder().encode(BODY).length),
      connection: "close",
      ...headers,
    }).map(([k, v]) => `${k}: ${v}`);
    const request = `POST /mcp HTTP/1.1\r\n${lines.join("\r\n")}\r\n\r\n${BODY}`;
    await conn.write(new TextEncoder().encode(request));
    const chunks: string[] = [];
    const buffer = new Uint8Array(4096);
    while (true) {
      const n = await conn.read(buffer);
      if (n === null) break;
      chunks.push(new TextDecoder().decode(buffer.subarray(0, n)));
      if (chunks.join("").includes("\r\n")) break;
    }
    return Number(/^HTTP\/1\.1 (\d{3})/.exec(chunks.join(""))?.[1] ?? 0);
  } finally {
    conn.close();
  }
}

async function withMock(
  options: { allowOrigins?: string[]; allowHosts?: string[]; token?: string },
  body: (port: number) => Promise<void>,
): Promise<void> {
  const stop = new AbortController();
  const listening = Promise.withResolvers<string>();
  const serving = serveCassette(CASSETTE, {
    http: "127.0.0.1:0",
    signal: stop.signal,
    onListening: (url) => listening.resolve(url),
    ...options,
  });
  const port = Number(new URL(await listening.promise).port);
  try {
    await body(port);
  } finally {
    stop.abort();
    await serving;
  }
}

Deno.test("serve --http answers loopback Host and Origin, refuses foreign ones with 403", async () => {
  await withMock({}, async (port) => {
    assert.equal(await post(port, { host: `127.0.0.1:${port}` }), 200);
    assert.equal(await post(port, { host: `localhost:${port}` }), 200);
    assert.equal(await post(port, { host: `[::1]:${port}` }), 200);
    assert.equal(
      await post(port, { host: `127.0.0.1:${port}`, origin: `http://localhost:3000` }),
      200,
    );
    // DNS rebinding: the browser's page at attacker.example now resolves to 127.0.0.1.
    assert.equal(await post(port, { host: `attacker.example:${port}` }), 403);
    assert.equal(await post(port, { host: `127.0.0.1.attacker.example:${port}` }), 403);
    assert.equal(
      await post(port, { host: `127.0.0.1:${port}`, origin: "http://attacker.example" }),
      403,
    );
    assert.equal(await post(port, { host: `127.0.0.1:${port}`, origin: "null" }), 403);
  });
});

Deno.test("serve --http --allow-origin / --allow-host widen the lists, nothing else", async () => {
  await withMock(
    { allowOrigins: ["https://app.example"], allowHosts: ["mock.internal"] },
    async (port) => {
      assert.equal(await post(port, { host: `mock.internal:${port}` }), 200);
      assert.equal(
        await post(port, { host: `127.0.0.1:${port}`, origin: "https://app.example" }),
        200,
      );
      assert.equal(
        await post(port, { host: `127.0.0.1:${port}`, origin: "https://evil.example" }),
        403,
      );
      assert.equal(await post(port, { host: `other.internal:${port}` }), 403);
    },
  );
});

Deno.test("serve --http with a token refuses requests without it (401)", async () => {
  const token = "tok-" + crypto.randomUUID();
  await withMock({ token }, async (port) => {
    const host = `127.0.0.1:${port}`;
    assert.equal(await post(port, { host }), 401);
    assert.equal(await post(port, { host, authorization: "Bearer wrong" }), 401);
    assert.equal(await post(port, { host, authorization: `Bearer ${token}` }), 200);
    assert.equal(
      await post(port, { host: `evil.example:${port}`, authorization: `Bearer ${token}` }),
      403,
      "a token does not lift the Host check",
    );
  });
});

Deno.test("isLoopbackName() knows loopback names only", () => {
  for (const name of ["localhost", "127.0.0.1", "127.255.0.9", "[::1]", "::1", "LOCALHOST."]) {
    assert.ok(isLoopbackName(name), name);
  }
  for (const name of ["127.0.0.1.nip.io", "0.0.0.0", "10.0.0.1", "localhost.evil", "128.0.0.1"]) {
    assert.ok(!isLoopbackName(name), name);
  }
});
