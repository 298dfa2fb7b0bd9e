/** @module Session tests of wire faults: a message over the size cap, and responses whose id matches no request (wrong type, null, unknown, late). */

import assert from "node:assert/strict";
import { McpSession } from "../../../src/2_connect/session/session.ts";
import { StdioTransport } from "../../../src/2_connect/transport/stdio.ts";
import type { StdioTarget } from "../../../src/2_connect/transport/target.ts";
import { stdioServer } from "../../fixtures/transport/helpers.ts";

/** A shell "server": reads one request line per `reply`, extracts its numeric id as $id, runs it. */
function shellServer(replies: string[]): string[] {
  const steps = replies.map((reply) =>
    `read -r line; id=$(printf '%s' "$line" | sed 's/.*"id":\\([0-9]*\\).*/\\1/'); ${reply};`
  );
  return ["sh", "-c", `${steps.join(" ")} sleep 30`];
}

async function withSession(
  target: Partial<StdioTarget> & { command: string[] },
  run: (session: McpSession) => Promise<void>,
): Promise<void> {
  const full: StdioTarget = { kind: "stdio", env: {}, ...target };
  const transport = new StdioTransport(full, { killTimeoutMs: 200 });
  const session = new McpSession({
    server: stdioServer(full.command, { target: full }),
    transport,
    clientInfo: { name: "mcptest", version: "test" },
  });
  await transport.start();
  try {
    await run(session);
  } finally {
    await session.close();
  }
}

Deno.test("a stdio message over max_message_bytes fails the request clearly", async (t) => {
  await t.step("the request fails at the framing layer, naming the cap", async () => {
    const big = "head -c 5000 /dev/zero | tr '\\0' 'a'; echo";
    await withSession({ command: shellServer([big]), maxMessageBytes: 1024 }, async (session) => {
      const started = performance.now();
      const exchange = await session.request("tools/list", undefined, { timeoutMs: 10_000 });
      assert.ok(performance.now() - started < 5000, "the failure was not prompt");
      assert.equal(exchange.failure?.kind, "protocol");
      assert.equal(exchange.failure?.layer, "framing");
      assert.equal(
        exchange.failure?.message,
        "server message (stdio line) is larger than the 1 KiB cap (1024 bytes); raise max_message_bytes on the server entry to accept it",
      );
    });
  });

  await t.step("under the cap, the same message is a normal response", async () => {
    const ok = `printf '{"jsonrpc":"2.0","id":%s,"result":{"pad":"' "$id"; ` +
      `head -c 5000 /dev/zero | tr '\\0' 'a'; printf '"}}\\n'`;
    await withSession({ command: shellServer([ok]), maxMessageBytes: 8192 }, async (session) => {
      const exchange = await session.request("tools/list", undefined, { timeoutMs: 10_000 });
      assert.equal(exchange.failure, undefined);
      assert.equal((exchange.response?.result as { pad: string }).pad.length, 5000);
    });
  });
});

Deno.test("a response whose id matches no request is reported as such, not as a timeout", async (t) => {
  await t.step('"1" (a string) for the numeric id 1', async () => {
    const reply = `printf '{"jsonrpc":"2.0","id":"%s","result":{}}\\n' "$id"`;
    await withSession({ command: shellServer([reply]) }, async (session) => {
      const started = performance.now();
      const exchange = await session.request("tools/list", undefined, { timeoutMs: 20_000 });
      assert.ok(performance.now() - started < 5000, "the failure was not prompt");
      assert.equal(exchange.failure?.kind, "protocol");
      const id = (exchange.request as { id: number }).id;
      assert.equal(
        exchange.failure?.message,
        `the server answered with id "${id}" (a string), which matches no request; expected id ${id} (a number)`,
      );
    });
  });

  await t.step(
    "null, with the error it carried: never adopted, named when the request gives up",
    async () => {
      // An answer without an id belongs to no request of mcptest's (they all carry ids and parse):
      // it is a stray, whatever is in flight when it comes. The request ends at its deadline and
      // says what came instead.
      const reply =
        `printf '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request"}}\\n'`;
      await withSession({ command: shellServer([reply]) }, async (session) => {
        const exchange = await session.request("tools/list", undefined, { timeoutMs: 800 });
        assert.equal(exchange.failure?.kind, "protocol");
        assert.equal(
          exchange.failure?.message,
          "no response to tools/list within 800 ms; meanwhile the server sent responses whose ids match no request: null (error -32600: Invalid Request)",
        );
        const strays = session.capture().server_messages ?? [];
        assert.deepEqual(strays.map((m) => (m.message as { id?: unknown }).id), [null]);
      });
    },
  );

  await t.step("with two requests in flight, the timeout names the unmatched id", async () => {
    const reply = `printf '{"jsonrpc":"2.0","id":"nope","result":{}}\\n'`;
    await withSession({ command: shellServer(["true", reply]) }, async (session) => {
      const [a, b] = await Promise.all([
        session.request("tools/list", undefined, { timeoutMs: 800 }),
        session.request("prompts/list", undefined, { timeoutMs: 800 }),
      ]);
      for (const exchange of [a, b]) {
        assert.equal(exchange.failure?.kind, "protocol");
        assert.match(
          exchange.failure?.message ?? "",
          /within 800 ms; meanwhile the server sent responses whose ids match no request: "nope" \(a string\)$/,
        );
      }
    });
  });

  await t.step("a late answer to a request that timed out fails nothing else", async () => {
    // Answers the first request after 600 ms (it timed out at 200 and was cancelled), then the
    // second on time.
    const late = `sleep 0.6; printf '{"jsonrpc":"2.0","id":%s,"result":{}}\\n' "$first"`;
    const command = [
      "sh",
      "-c",
      `read -r line; first=$(printf '%s' "$line" | sed 's/.*"id":\\([0-9]*\\).*/\\1/'); ` +
      `read -r cancelled; ` +
      `read -r line; id=$(printf '%s' "$line" | sed 's/.*"id":\\([0-9]*\\).*/\\1/'); ` +
      `${late}; sleep 0.3; printf '{"jsonrpc":"2.0","id":%s,"result":{"second":true}}\\n' "$id"; sleep 30`,
    ];
    await withSession({ command }, async (session) => {
      const first = await session.request("tools/list", undefined, { timeoutMs: 200 });
      assert.equal(first.failure?.kind, "timeout");
      const second = await session.request("prompts/list", undefined, { timeoutMs: 10_000 });
      assert.equal(second.failure, undefined);
      assert.deepEqual(second.response?.result, { second: true });
    });
  });
});
