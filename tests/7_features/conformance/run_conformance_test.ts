/** @module Tests of runConformance(): probes over a scripted session, statuses kept apart, exit-code errors. */

import assert from "node:assert/strict";
import { embeddedVersion } from "../../../src/7_features/conformance/embedded.ts";
import { RevisionUnavailableError } from "../../../src/7_features/conformance/revision_unavailable.ts";
import {
  runConformance,
  ServerUnreachableError,
} from "../../../src/7_features/conformance/run_conformance.ts";
import type { SepCorpus } from "../../../src/7_features/conformance/types.ts";
import { ConnectError } from "../../../src/2_connect/transport/failure_layer.ts";
import { type Scripted, scriptedSession, STDIO_SERVER } from "./_fake.ts";

const corpus = (version: string) => ({
  ...(embeddedVersion(version) as SepCorpus),
  source: "embedded" as const,
});
const status = (result: { checks: readonly { check: string; status: string }[] }, check: string) =>
  result.checks.find((c) => c.check === check)?.status;

const ECHO = {
  name: "echo",
  inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
};

function toolsOnly(tools: unknown[] = [ECHO]) {
  return (method: string, params: Record<string, unknown>): Scripted => {
    if (method === "tools/list") return { result: { tools } };
    if (method === "tools/call") {
      if (typeof params.name !== "string") return { error: { code: -32602 } };
      if (params.name !== "echo") return { error: { code: -32602 } };
      return { result: { content: [{ type: "text", text: "bad" }], isError: true } };
    }
    return { error: { code: -32601 } };
  };
}

Deno.test("runConformance() gives a correct tools-only stdio server tier-1 without scoring missing features", async () => {
  const session = scriptedSession({
    protocolVersion: "2025-11-25",
    capabilities: { tools: {} },
    script: toolsOnly(),
  });
  const result = await runConformance({
    server: STDIO_SERVER,
    corpus: corpus("2025-11-25"),
    connect: () => Promise.resolve(session),
    toolVersion: "test",
  });
  assert.equal(result.tier, "tier-1");
  assert.equal(result.badge, "T1");
  assert.equal(result.statuses.fail, 0);
  assert.equal(status(result, "sep-973-icon-src-uri"), "not-applicable");
  assert.equal(status(result, "server-sse-priming-event"), "not-applicable");
  assert.equal(status(result, "json-schema-2020-12-$defs"), "untested");
  assert.equal(status(result, "sep-1303-input-validation-tool-error"), "pass");
  assert.ok(session.closed, "the session is closed");
  assert.deepEqual(Object.keys(result).slice(0, 8), [
    "target_version",
    "corpus_source",
    "must",
    "should",
    "may",
    "tier",
    "badge",
    "per_sep",
  ]);
  const sep986 = result.per_sep.find((s) => s.sep === 986);
  assert.deepEqual(sep986 && [sep986.tested, sep986.passed, sep986.excluded], [3, 3, 2]);
});

Deno.test("runConformance() fails the checks a broken tools server breaks", async (t) => {
  await t.step("bad tool names and a JSON-RPC error for invalid input", async () => {
    const session = scriptedSession({
      protocolVersion: "2025-11-25",
      capabilities: { tools: {} },
      script: (method) =>
        method === "tools/list"
          ? {
            result: {
              tools: [{ ...ECHO, name: "has space" }, { ...ECHO, name: "has space" }, {
                name: "x",
                inputSchema: null,
              }],
            },
          }
          : { error: { code: -32602 } },
    });
    const result = await runConformance({
      server: STDIO_SERVER,
      corpus: corpus("2025-11-25"),
      connect: () => Promise.resolve(session),
      toolVersion: "t",
    });
    assert.equal(status(result, "sep-986-tool-name-charset"), "fail");
    assert.equal(status(result, "sep-986-tool-name-unique"), "fail");
    assert.equal(status(result, "sep-1613-input-schema-not-null"), "fail");
    assert.equal(status(result, "sep-1303-input-validation-tool-error"), "fail");
    // The MUSTs left are the two that fail and the few that pass: below half (the malformed-request
    // check this server passes is SHOULD, as the tools page has no keyword for it).
    assert.equal(status(result, "sep-1303-malformed-request-protocol-error"), "pass");
    assert.equal(result.tier, "fail");
    assert.ok(result.must.passed < result.must.total);
  });
  await t.step("a server that accepts invalid input is not-verified, not failed", async () => {
    const session = scriptedSession({
      protocolVersion: "2025-11-25",
      capabilities: { tools: {} },
      script: (method) =>
        method === "tools/list" ? { result: { tools: [ECHO] } } : { result: { content: [] } },
    });
    const result = await runConformance({
      server: STDIO_SERVER,
      corpus: corpus("2025-11-25"),
      connect: () => Promise.resolve(session),
      toolVersion: "t",
    });
    assert.equal(status(result, "sep-1303-input-validation-tool-error"), "not-verified");
    assert.equal(status(result, "sep-1303-malformed-request-protocol-error"), "fail");
  });
});

Deno.test("runConformance() probes a 2026-07-28 HTTP server's headers, _meta and caching hints", async (t) => {
  const hints = { resultType: "complete", ttlMs: 1000, cacheScope: "private" };
  const good = (
    method: string,
    params: Record<string, unknown>,
    seen: { headers: Record<string, string>; raw?: string },
  ): Scripted => {
    const meta = params._meta as Record<string, unknown> | undefined;
    const required = [
      "io.modelcontextprotocol/protocolVersion",
      "io.modelcontextprotocol/clientCapabilities",
    ];
    if (seen.raw !== undefined && (meta === undefined || required.some((k) => !(k in meta)))) {
      return { error: { code: -32602 }, http: { status: 400, headers: {} } };
    }
    if (seen.headers["MCP-Protocol-Version"] === "2025-11-25") {
      return { error: { code: -32020 }, http: { status: 400, headers: {} } };
    }
    if (seen.headers["Mcp-Method"] !== undefined) {
      return { error: { code: -32020 }, http: { status: 400, headers: {} } };
    }
    if (meta?.["io.modelcontextprotocol/protocolVersion"] === "1999-01-01") {
      return {
        error: { code: -32022, data: { supported: ["2026-07-28"] } },
        http: { status: 400, headers: {} },
      };
    }
    const ok = (result: Record<string, unknown>): Scripted => ({
      result: { ...hints, ...result },
      http: { status: 200, headers: {} },
    });
    if (method === "server/discover") {
      return ok({
        supportedVersions: ["2026-07-28"],
        capabilities: { tools: {} },
        _meta: { "io.modelcontextprotocol/serverInfo": { name: "x", version: "1" } },
      });
    }
    if (method === "tools/list") {
      return ok({ tools: [ECHO], _meta: { "io.modelcontextprotocol/serverInfo": { name: "x" } } });
    }
    if (method === "tools/call") return toolsOnly()(method, params);
    return { error: { code: -32601 }, http: { status: 404, headers: {} } };
  };
  await t.step("a conforming server passes every probe", async () => {
    const session = scriptedSession({
      protocolVersion: "2026-07-28",
      capabilities: { tools: {} },
      transport: "http",
      script: good,
    });
    const result = await runConformance({
      server: session.server,
      corpus: corpus("2026-07-28"),
      connect: () => Promise.resolve(session),
      toolVersion: "t",
    });
    const failed = result.checks.filter((c) => c.status === "fail").map((c) =>
      `${c.check}: ${c.detail}`
    );
    assert.deepEqual(failed, []);
    assert.equal(status(result, "sep-2575-http-server-header-mismatch-400"), "pass");
    assert.equal(status(result, "sep-2549-tools-list-caching-hints"), "pass");
    assert.equal(status(result, "sep-2549-prompts-list-caching-hints"), "not-applicable");
    assert.equal(status(result, "sep-2164-error-code"), "not-applicable");
    assert.equal(result.tier, "tier-1");
  });
  await t.step("server-to-client requests and log notifications fail the late checks", async () => {
    const session = scriptedSession({
      protocolVersion: "2026-07-28",
      capabilities: { tools: {} },
      transport: "http",
      script: good,
      serverMessages: [{ jsonrpc: "2.0", id: 1, method: "roots/list" }, {
        jsonrpc: "2.0",
        method: "notifications/message",
      }],
    });
    const result = await runConformance({
      server: session.server,
      corpus: corpus("2026-07-28"),
      connect: () => Promise.resolve(session),
      toolVersion: "t",
    });
    assert.equal(status(result, "sep-2322-no-server-requests"), "fail");
    assert.equal(status(result, "sep-2575-server-no-log-without-loglevel"), "fail");
  });
});

Deno.test("runConformance() reports a server that cannot speak the target version", async () => {
  const result = await runConformance({
    server: STDIO_SERVER,
    corpus: corpus("2026-07-28"),
    connect: () =>
      Promise.reject(
        new ConnectError(
          "initialize",
          "mcp initialize rejected: server/discover returned error -32601",
        ),
      ),
    toolVersion: "t",
  });
  assert.equal(status(result, "sep-2575-server-implements-discover"), "fail");
  assert.equal(status(result, "sep-986-tool-name-length"), "not-verified");
  // HTTP-only checks are not-applicable on stdio, even when the handshake failed.
  assert.equal(status(result, "sep-2575-http-server-disconnect-is-cancel"), "not-applicable");
  assert.equal(status(result, "sep-2575-http-server-header-mismatch-400"), "not-applicable");
  assert.equal(result.protocol_version, null);
  assert.match(result.handshake_error ?? "", /-32601/);
  assert.equal(result.tier, "fail");
});

Deno.test("runConformance() throws ServerUnreachableError (exit 4) when the server cannot be reached", async (t) => {
  for (const layer of ["spawn", "tcp", "dns", "http"] as const) {
    await t.step(layer, async () => {
      await assert.rejects(
        runConformance({
          server: STDIO_SERVER,
          corpus: corpus("2025-11-25"),
          connect: () => Promise.reject(new ConnectError(layer, `${layer} failed`)),
          toolVersion: "t",
        }),
        (error: unknown) => error instanceof ServerUnreachableError && error.exitCode === 4,
      );
    });
  }
});

Deno.test("runConformance() reports a throwing probe as not-verified", async () => {
  const session = scriptedSession({
    protocolVersion: "2025-11-25",
    capabilities: { tools: {} },
    script: toolsOnly(),
  });
  const result = await runConformance({
    server: STDIO_SERVER,
    corpus: corpus("2025-11-25"),
    connect: () => Promise.resolve(session),
    toolVersion: "t",
    probes: { "sep-986-tool-name-length": () => Promise.reject(new Error("boom")) },
  });
  const check = result.checks.find((c) => c.check === "sep-986-tool-name-length");
  assert.equal(check?.status, "not-verified");
  assert.match(check?.detail ?? "", /boom/);
  assert.equal(status(result, "sep-986-tool-name-charset"), "untested");
});

Deno.test("runConformance() gives tier 1 only on evidence: a server that answers only the handshake", async (t) => {
  const silent = { failure: { kind: "timeout" as const, message: "no response within 1000 ms" } };
  await t.step("every request after initialize hangs: tier-3, nothing passes", async () => {
    const session = scriptedSession({
      protocolVersion: "2025-11-25",
      capabilities: { tools: {} },
      script: () => silent,
    });
    const result = await runConformance({
      server: STDIO_SERVER,
      corpus: corpus("2025-11-25"),
      connect: () => Promise.resolve(session),
      toolVersion: "t",
    });
    assert.equal(
      result.statuses.pass,
      0,
      JSON.stringify(result.checks.filter((c) => c.status === "pass")),
    );
    assert.deepEqual(result.must, { passed: 0, total: 0 });
    assert.equal(result.tier, "tier-3");
    assert.equal(status(result, "sep-1036-server-no-undeclared-mode"), "not-verified");
    const unanswered = result.checks.filter((c) => c.unanswered).map((c) => c.check);
    assert.ok(unanswered.includes("sep-986-tool-name-length"), unanswered.join(", "));
    assert.ok(!unanswered.includes("sep-1036-server-no-undeclared-mode"), "it sent no request");
    assert.match(
      result.tier_reason,
      /4 MUST and 5 SHOULD check\(s\) got no answer by the deadline/,
    );
  });
  await t.step("tools/list answered, every tools/call hangs: at most tier-3", async () => {
    const session = scriptedSession({
      protocolVersion: "2025-11-25",
      capabilities: { tools: {} },
      script: (method) => method === "tools/list" ? { result: { tools: [ECHO] } } : silent,
    });
    const result = await runConformance({
      server: STDIO_SERVER,
      corpus: corpus("2025-11-25"),
      connect: () => Promise.resolve(session),
      toolVersion: "t",
    });
    assert.equal(result.statuses.fail, 0);
    assert.ok(result.must.passed > 0 && result.must.passed === result.must.total);
    assert.equal(
      result.checks.find((c) => c.check === "sep-1303-input-validation-tool-error")?.unanswered,
      true,
    );
    assert.equal(result.tier, "tier-3");
    assert.match(result.tier_reason, /a MUST check got no answer, so at most tier-3/);
  });
});

Deno.test("runConformance() refuses a --target-version the server does not speak (exit 7)", async (t) => {
  /** A server that speaks only `speaks`: a handshake pinned to another revision is refused. */
  function speaking(speaks: string, closed: string[]) {
    return (server: { revision?: string }) => {
      if (server.revision !== undefined && server.revision !== speaks) {
        return Promise.reject(
          new ConnectError("initialize", `the handshake for ${server.revision} was refused`),
        );
      }
      const session = scriptedSession({
        protocolVersion: speaks,
        capabilities: { tools: {} },
        script: toolsOnly(),
      });
      const close = session.close.bind(session);
      session.close = () => {
        closed.push(speaks);
        return close();
      };
      return Promise.resolve(session);
    };
  }
  for (
    const [target, speaks] of [["2026-07-28", "2025-11-25"], ["2025-11-25", "2026-07-28"]] as const
  ) {
    await t.step(`${target} asked of a server that speaks ${speaks}`, async () => {
      const closed: string[] = [];
      await assert.rejects(
        runConformance({
          server: STDIO_SERVER,
          corpus: corpus(target),
          connect: speaking(speaks, closed),
          toolVersion: "t",
        }),
        (error: unknown) => {
          assert.ok(error instanceof RevisionUnavailableError);
          assert.equal(error.exitCode, 7);
          assert.equal(error.message, `server speaks up to ${speaks}; ${target} rules not run`);
          assert.deepEqual(error.report, {
            target_version: target,
            corpus_source: "embedded",
            schema_version: 1,
            status: "revision-unavailable",
            reason: error.message,
            protocol_version: speaks,
            server: "stdio://fake",
            transport: "stdio",
            exit_code: 7,
            tool: { name: "mcptest", version: "t" },
          });
          return true;
        },
      );
      assert.deepEqual(closed, [speaks], "the unpinned session is closed");
    });
  }
  await t.step(
    "a server that fails the unpinned handshake too is scored, not refused",
    async () => {
      const result = await runConformance({
        server: STDIO_SERVER,
        corpus: corpus("2026-07-28"),
        connect: () =>
          Promise.reject(new ConnectError("initialize", "no answer to server/discover")),
        toolVersion: "t",
      });
      assert.equal(status(result, "sep-2575-server-implements-discover"), "fail");
    },
  );
});

Deno.test("runConformance() fences before the late checks: what the server sent about earlier requests counts", async () => {
  // The server's elicitation request is still on its way when the last early probe ends; the
  // session's fence (stdio: pings answered in order) is what brings it in.
  const sent: unknown[] = [];
  const session = scriptedSession({
    protocolVersion: "2025-11-25",
    capabilities: { tools: {} },
    script: toolsOnly(),
    serverMessages: sent,
  });
  let fences = 0;
  session.fence = () => {
    fences++;
    sent.push({ jsonrpc: "2.0", id: "e1", method: "elicitation/create", params: { message: "?" } });
    return Promise.resolve({ held: true, mark: sent.length, end: sent.length });
  };
  const result = await runConformance({
    server: STDIO_SERVER,
    corpus: corpus("2025-11-25"),
    connect: () => Promise.resolve(session),
    toolVersion: "t",
  });
  assert.equal(fences, 1, "one fence, between the early probes and the late ones");
  assert.equal(status(result, "sep-1036-server-no-undeclared-mode"), "fail");
  assert.equal(status(result, "sep-1036-request-required-params"), "pass");
});
