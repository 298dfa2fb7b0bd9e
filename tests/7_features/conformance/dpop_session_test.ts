/** @module runConformance({ dpop }) against a server that takes nothing but DPoP (the in-process fixture, 127.0.0.1): the run's own session speaks DPoP and the SEP-1932 checks pass; without credentials, with a token the server refuses, or with an explicit Authorization header the handshake fails; no token reaches the result or an error. */

import assert from "node:assert/strict";
import { embeddedVersion } from "../../../src/7_features/conformance/embedded.ts";
import {
  runConformance,
  ServerUnreachableError,
} from "../../../src/7_features/conformance/run_conformance.ts";
import { dpopSessionAuth } from "../../../src/7_features/conformance/dpop_session.ts";
import { sep1932 } from "../../../src/7_features/conformance/probes/sep_1932.ts";
import { freshKeyPair } from "../../../src/7_features/conformance/probes/_dpop_proof.ts";
import type { DpopCredentials } from "../../../src/7_features/conformance/probes/probe_types.ts";
import type { ServerEndpoint } from "../../../src/2_connect/session/types.ts";
import type { SepCorpus } from "../../../src/7_features/conformance/types.ts";
import { pass } from "../../../src/7_features/conformance/probes/probe_types.ts";
import { type DpopServer, startDpopServer } from "../../fixtures/conformance/dpop_server.ts";
import { scriptedSession } from "./_fake.ts";

const CORPUS = { ...(embeddedVersion("2026-07-28") as SepCorpus), source: "embedded" as const };

/** A DPoP-only server (nonces demanded) and credentials it takes. */
async function setUp(): Promise<{ server: DpopServer; dpop: DpopCredentials }> {
  const server = startDpopServer({ nonce: true });
  const keyPair = await freshKeyPair();
  return {
    server,
    dpop: {
      keyPair,
      accessToken: await server.mint(keyPair),
      foreignAccessToken: await server.mint(keyPair, true),
    },
  };
}

/** Score the SEP-1932 checks over the live session (no `connect` given). */
function score(url: string, extra: { dpop?: DpopCredentials; headers?: string[] } = {}) {
  return runConformance({
    server: url,
    corpus: CORPUS,
    probes: sep1932.probes,
    toolVersion: "test",
    timeoutMs: 5000,
    ...extra,
  });
}

Deno.test("runConformance({ dpop }) connects to a DPoP-only server and passes the SEP-1932 checks", async () => {
  const { server, dpop } = await setUp();
  try {
    const result = await score(server.url, { dpop });
    assert.equal(result.handshake_error, undefined);
    assert.equal(result.protocol_version, "2026-07-28");
    const checks = result.checks.filter((c) => c.sep === 1932);
    assert.equal(checks.length, 6);
    for (const check of checks) {
      assert.equal(check.status, "pass", `${check.check}: ${check.detail}`);
    }
    const handshake = server.seen.filter((r) => r.rpc === "server/discover" && r.status === 200);
    assert.ok(handshake.length > 0, "the handshake was served");
    for (const r of handshake) assert.deepEqual([r.scheme, r.proof, r.htm], ["DPoP", true, "POST"]);
    const text = JSON.stringify(result);
    assert.ok(!text.includes(dpop.accessToken), "the token is in no output");
    assert.ok(!text.includes(dpop.foreignAccessToken!), "nor the foreign one");
  } finally {
    await server.close();
  }
});

Deno.test("runConformance() without credentials: the DPoP-only server refuses the handshake (401)", async () => {
  const { server } = await setUp();
  try {
    await assert.rejects(score(server.url), (error: Error) => {
      assert.ok(error instanceof ServerUnreachableError, error.message);
      assert.match(error.message, /authentication failed: http 401/);
      return true;
    });
    assert.ok(server.seen.every((r) => r.status === 401 && !r.proof));
  } finally {
    await server.close();
  }
});

Deno.test("runConformance({ dpop }) with a token the server refuses: the error names no token", async () => {
  const { server, dpop } = await setUp();
  const token = `refused-${crypto.randomUUID()}`;
  try {
    await assert.rejects(
      score(server.url, { dpop: { ...dpop, accessToken: token } }),
      (error: Error) => {
        assert.ok(error instanceof ServerUnreachableError, error.message);
        assert.match(error.message, /401/);
        assert.ok(!error.message.includes(token), error.message);
        assert.ok(!String((error.cause as Error)?.message).includes(token));
        return true;
      },
    );
    assert.ok(server.seen.length > 0 && server.seen.every((r) => r.scheme === "DPoP" && r.proof));
  } finally {
    await server.close();
  }
});

Deno.test("an explicit Authorization --header wins over the DPoP session", async () => {
  const { server, dpop } = await setUp();
  try {
    const header = `Authorization: Bearer ${dpop.accessToken}`;
    await assert.rejects(score(server.url, { dpop, headers: [header] }), ServerUnreachableError);
    const session = server.seen.filter((r) => r.rpc === "server/discover");
    assert.ok(session.length > 0);
    for (const r of session) assert.deepEqual([r.scheme, r.proof], ["Bearer", false]);
  } finally {
    await server.close();
  }
});

Deno.test("dpopSessionAuth(): DPoP for an HTTP server without credentials of its own, else none", async () => {
  const keyPair = await freshKeyPair();
  const dpop = { keyPair, accessToken: "t" };
  const http = (headers: Record<string, string> = {}, auth?: unknown): ServerEndpoint =>
    ({
      key: "s",
      name: "s",
      timeoutMs: 1000,
      target: {
        kind: "http",
        url: "http://127.0.0.1:9/mcp",
        headers,
        transport: "streamable-http",
        ...(auth ? { auth } : {}),
      },
    }) as unknown as ServerEndpoint;
  const auth = dpopSessionAuth(http(), dpop);
  const target = http().target as Extract<ServerEndpoint["target"], { kind: "http" }>;
  assert.ok(auth?.forServer("s", target));
  assert.equal(auth!.forServer("s", target), auth!.forServer("o", target), "one nonce per run");
  assert.equal(dpopSessionAuth(http(), undefined), undefined);
  assert.equal(dpopSessionAuth(http({ AUTHORIZATION: "Bearer x" }), dpop), undefined);
  assert.equal(dpopSessionAuth(http({}, { kind: "bearer", token: "x" }), dpop), undefined);
  const stdio = {
    ...http(),
    target: { kind: "stdio", command: ["x"] },
  } as unknown as ServerEndpoint;
  assert.equal(dpopSessionAuth(stdio, dpop), undefined);
});

Deno.test("runConformance({ dpop }): a token that a detail quotes is redacted from the result", async () => {
  const session = scriptedSession({
    protocolVersion: "2026-07-28",
    capabilities: {},
    transport: "http",
    script: () => ({ result: {} }),
  });
  const keyPair = await freshKeyPair();
  const token = `echoed-${crypto.randomUUID()}`;
  const result = await runConformance({
    server: session.server,
    corpus: CORPUS,
    connect: () => Promise.resolve(session),
    probes: {
      "sep-1932-server-reject-401": (ctx) => Promise.resolve(pass(`got ${ctx.dpop?.accessToken}`)),
    },
    toolVersion: "test",
    dpop: { keyPair, accessToken: token },
  });
  const check = result.checks.find((c) => c.check === "sep-1932-server-reject-401");
  assert.equal(check?.status, "pass");
  assert.ok(!JSON.stringify(result).includes(token), check?.detail);
  assert.match(check?.detail ?? "", /got \[REDACTED\]/);
});
