/** @module The session contract suite: every transport kind must give the runner the same Session behaviour. */

import assert from "node:assert/strict";
import type { ServerSpec } from "../../../src/3_load/config/types.ts";
import { LATEST_INITIALIZE_REVISION } from "../../../src/0_base/protocol/revisions.ts";
import { connect } from "../../../src/2_connect/session/connect.ts";
import type { Exchange, Session } from "../../../src/2_connect/session/types.ts";

/** A server to run the contract against. */
export interface SessionTarget {
  /** A spec for a fresh session (optionally pinned). */
  readonly spec: (extra?: Partial<ServerSpec>) => ServerSpec;
  /** The expected capture label. */
  readonly label: string;
  /** Whether the server can send notifications and requests to the client. */
  readonly serverMessages: boolean;
}

/** The text of the first content item of a tools/call result. */
export function firstText(exchange: Exchange): string | undefined {
  const result = exchange.response?.result as { content?: { text?: string }[] } | undefined;
  return result?.content?.[0]?.text;
}

async function withSession(
  spec: ServerSpec,
  body: (session: Session) => Promise<void>,
): Promise<void> {
  const session = await connect(spec, { clientVersion: "9.9.9" });
  try {
    await body(session);
  } finally {
    await session.close();
  }
}

/** Run the session contract steps. */
export async function sessionContract(t: Deno.TestContext, target: SessionTarget): Promise<void> {
  await t.step("connect() negotiates the latest initialize-era revision by default", async () => {
    await withSession(target.spec(), (session) => {
      assert.equal(session.protocolVersion, LATEST_INITIALIZE_REVISION);
      assert.equal(session.serverInfo?.name, "mcptest-fixture");
      assert.ok(session.serverCapabilities && "tools" in session.serverCapabilities);
      const capture = session.capture();
      assert.equal(capture.server_label, target.label);
      assert.deepEqual(capture.server_capabilities, session.serverCapabilities);
      const methods = capture.exchanges.map((e) => (e.request as { method: string }).method);
      assert.deepEqual(methods, ["server/discover", "initialize", "notifications/initialized"]);
      const init = capture.exchanges[1]?.request as { params: Record<string, unknown> };
      assert.deepEqual(init.params.clientInfo, { name: "mcptest", version: "9.9.9" });
      assert.equal("response" in (capture.exchanges[2] ?? {}), false);
      return Promise.resolve();
    });
  });

  await t.step("connect() honours a pinned initialize-era revision", async () => {
    await withSession(target.spec({ revision: "2025-06-18" }), (session) => {
      assert.equal(session.protocolVersion, "2025-06-18");
      const methods = session.capture().exchanges.map((e) =>
        (e.request as { method: string }).method
      );
      assert.deepEqual(methods, ["initialize", "notifications/initialized"]);
      return Promise.resolve();
    });
  });

  await t.step("request() returns the response with timing and raw text", async () => {
    await withSession(target.spec(), async (session) => {
      const list = await session.request("tools/list");
      assert.equal(list.failure, undefined);
      const tools = (list.response?.result as { tools: { name: string }[] }).tools.map((t) =>
        t.name
      );
      assert.ok(tools.includes("echo"));
      const echo = await session.request("tools/call", {
        name: "echo",
        arguments: { text: "hello" },
      });
      assert.equal(firstText(echo), "hello");
      assert.equal(typeof echo.durationMs, "number");
      assert.deepEqual(JSON.parse(echo.raw ?? "null"), echo.response);
      const ids = session.capture().exchanges.map((e) => (e.request as { id?: number }).id).filter((
        i,
      ) => i);
      assert.deepEqual(ids, [...ids].sort((a, b) => (a ?? 0) - (b ?? 0)));
    });
  });

  await t.step("requests pipeline over one session", async () => {
    await withSession(target.spec(), async (session) => {
      const texts = Array.from({ length: 8 }, (_, i) => `p${i}`);
      const exchanges = await Promise.all(
        texts.map((text) => session.request("tools/call", { name: "echo", arguments: { text } })),
      );
      assert.deepEqual(exchanges.map(firstText), texts);
    });
  });

  await t.step(
    "a request that gets no answer fails with a timeout and the session goes on",
    async () => {
      await withSession(target.spec(), async (session) => {
        const hang = await session.request("tools/call", { name: "hang", arguments: {} }, {
          timeoutMs: 300,
        });
        assert.equal(hang.failure?.kind, "timeout");
        assert.equal(hang.failure?.message, "no response to tools/call within 300 ms");
        assert.equal(hang.response, undefined);
        const after = await session.request("tools/call", {
          name: "echo",
          arguments: { text: "still" },
        });
        assert.equal(firstText(after), "still");
      });
    },
  );

  if (target.serverMessages) {
    await t.step("notifications sent during a request are attached to its exchange", async () => {
      await withSession(target.spec(), async (session) => {
        const exchange = await session.request("tools/call", { name: "notify", arguments: {} });
        assert.equal(firstText(exchange), "notified");
        const data = exchange.notifications.map((n) =>
          (n as unknown as { params: { data: string } }).params.data
        );
        assert.deepEqual(data, ["note 1", "note 2"]);
        const logged = session.capture().server_messages ?? [];
        assert.equal(
          logged.filter((m) =>
            (m.message as { method?: string }).method === "notifications/message"
          ).length,
          2,
        );
      });
    });

    await t.step("server requests (ping, roots/list) are answered", async () => {
      const client = { capabilities: { roots: {} }, roots: [{ uri: "file:///work", name: "w" }] };
      await withSession({ ...target.spec(), client }, async (session) => {
        assert.equal(
          firstText(await session.request("tools/call", { name: "ping_client", arguments: {} })),
          "pong",
        );
        assert.equal(
          firstText(await session.request("tools/call", { name: "roots", arguments: {} })),
          "roots: 1",
        );
        const replies = (session.capture().server_messages ?? []).filter((m) =>
          m.reply !== undefined
        );
        assert.deepEqual(replies.map((m) => (m.reply as { result: unknown }).result), [{}, {
          roots: [{ uri: "file:///work", name: "w" }],
        }]);
      });
    });

    await t.step("roots/list to a client that did not declare roots is -32601", async () => {
      await withSession(target.spec(), async (session) => {
        const exchange = await session.request("tools/call", { name: "roots", arguments: {} });
        assert.match(JSON.stringify(exchange.response), /-32601|did not declare roots/);
        const reply = (session.capture().server_messages ?? []).find((m) =>
          (m.message as { method?: string }).method === "roots/list"
        )?.reply as { error?: { code: number } } | undefined;
        assert.equal(reply?.error?.code, -32601);
      });
    });
  }

  await t.step("sendRaw() sends bytes as they are and matches the expected id", async () => {
    await withSession(target.spec(), async (session) => {
      const raw = '{"jsonrpc":"2.0","id":"raw-1","method":"tools/list"}';
      const exchange = await session.sendRaw(raw, { expectId: "raw-1" });
      assert.equal(exchange.sentRaw, raw);
      assert.equal(exchange.response?.id, "raw-1");
      assert.deepEqual(session.capture().exchanges.at(-1)?.request, JSON.parse(raw));
    });
  });

  await t.step("close() is idempotent and later requests fail as closed", async () => {
    const session = await connect(target.spec());
    await Promise.all([session.close(), session.close()]);
    const exchange = await session.request("tools/list");
    assert.equal(exchange.failure?.kind, "closed");
  });
}
