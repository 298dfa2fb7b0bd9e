/** @module Fault tests over stdio: every failure ends as a ConnectError or Exchange.failure, with no orphan. */

import assert from "node:assert/strict";
import { connect } from "../../../src/2_connect/session/connect.ts";
import { ConnectError } from "../../../src/2_connect/transport/failure_layer.ts";
import {
  connectStdioWithPid,
  denoFixture,
  processGone,
  stdioServer,
} from "../../fixtures/transport/helpers.ts";

const raw = (mode: string, extra = {}) =>
  stdioServer(denoFixture("raw_stdio_server.ts", mode), extra);

async function connectError(spec: ReturnType<typeof raw>): Promise<ConnectError> {
  const error = await connect(spec).then(async (s) => {
    await s.close();
    return undefined;
  }, (e: unknown) => e);
  assert.ok(error instanceof ConnectError, `expected a ConnectError, got ${error}`);
  return error;
}

/** A session whose child pid we keep, to check it was reaped. */
function openWithPid(mode: string) {
  return connectStdioWithPid(raw(mode));
}

Deno.test("connect() reports stdio start-up failures by layer", async (t) => {
  await t.step("command not found -> spawn", async () => {
    const error = await connectError(stdioServer(["mcptest-missing-server-xyz", "--flag"]));
    assert.equal(error.layer, "spawn");
    assert.equal(error.message, "spawn failed: mcptest-missing-server-xyz: command not found");
  });

  await t.step("the server exits at start -> spawn, with exit code and stderr tail", async () => {
    const error = await connectError(raw("crash"));
    assert.equal(error.layer, "spawn");
    assert.match(error.message, /^spawn failed: .*deno.*: server process exited with code 2/);
    assert.match(error.message, /cannot start: missing config/);
  });

  await t.step("non-JSON on stdout -> framing", async () => {
    const error = await connectError(raw("banner"));
    assert.equal(error.layer, "framing");
    assert.equal(
      error.message,
      "stdio framing error: server wrote non-JSON to stdout: Server ready! (not JSON)",
    );
  });

  await t.step("a server that never answers -> initialize, after one timeout", async () => {
    const error = await connectError(raw("silent", { timeoutMs: 300 }));
    assert.equal(error.layer, "initialize");
    // The server/discover probe timed out: initialize is not tried (no second timeout).
    assert.equal(
      error.message,
      "no answer to server/discover within 300ms (a server must answer every request, -32601 for an unknown method); pin protocol_version to skip the probe",
    );
  });
});

Deno.test("request() reports stdio failures mid-run as Exchange.failure", async (t) => {
  await t.step(
    "the server exits: closed, with exit code and stderr, then the child is gone",
    async () => {
      const { session, pid } = await openWithPid("exit");
      try {
        const exchange = await session.request("tools/list");
        assert.equal(exchange.failure?.kind, "closed");
        assert.match(
          exchange.failure?.message ?? "",
          /server process exited with code 3; stderr: .*fatal: boom/,
        );
        const next = await session.request("tools/list");
        assert.equal(next.failure?.kind, "closed");
      } finally {
        await session.close();
      }
      assert.ok(processGone(pid));
    },
  );

  await t.step(
    "the server prints garbage instead of an answer: a framing failure when the request gives up",
    async () => {
      // A line that is not JSON-RPC carries no id: on a stream every request shares, nothing
      // tells whose it is, so it fails no request by itself; the request it stood in for ends at
      // its deadline and says what came instead.
      const { session, pid } = await openWithPid("garbage");
      try {
        const exchange = await session.request("tools/list", undefined, { timeoutMs: 500 });
        assert.equal(exchange.failure?.kind, "protocol");
        assert.equal(exchange.failure?.layer, "framing");
        assert.equal(
          exchange.failure?.message,
          "server wrote non-JSON to stdout: this is not json at all; no response to tools/list within 500 ms",
        );
        const logged = session.capture().server_messages ?? [];
        assert.equal(logged.at(-1)?.raw, "this is not json at all");
      } finally {
        await session.close();
      }
      assert.ok(processGone(pid));
    },
  );

  await t.step(
    "sendRaw() without an id gets the reply that matches no request (id null)",
    async () => {
      const { session, pid } = await openWithPid("old");
      try {
        const exchange = await session.sendRaw("{not json");
        assert.equal(exchange.sentRaw, "{not json");
        assert.equal(exchange.response?.id, null);
        assert.equal(exchange.response?.error?.code, -32700);
        assert.deepEqual(session.capture().exchanges.at(-1), {
          request: "{not json",
          response: exchange.response,
        });
        const silent = await session.sendRaw('{"jsonrpc":"2.0","method":"notifications/x"}', {
          timeoutMs: 300,
        });
        assert.equal(silent.failure?.kind, "timeout");
      } finally {
        await session.close();
      }
      assert.ok(processGone(pid));
    },
  );
});
