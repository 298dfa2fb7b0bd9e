/** @module runConformance()'s `dpop` option reaches the SEP-1932 probes: scored against the in-process DPoP fixture. */

import assert from "node:assert/strict";
import { embeddedVersion } from "../../../src/7_features/conformance/embedded.ts";
import { runConformance } from "../../../src/7_features/conformance/run_conformance.ts";
import { sep1932 } from "../../../src/7_features/conformance/probes/sep_1932.ts";
import { freshKeyPair } from "../../../src/7_features/conformance/probes/_dpop_proof.ts";
import type { SepCorpus } from "../../../src/7_features/conformance/types.ts";
import { startDpopServer } from "../../fixtures/conformance/dpop_server.ts";
import { scriptedSession } from "./_fake.ts";

async function score(withCredentials: boolean) {
  const server = startDpopServer({ nonce: true });
  try {
    const scripted = scriptedSession({
      protocolVersion: "2026-07-28",
      capabilities: { tools: {} },
      transport: "http",
      script: () => ({ result: {} }),
    });
    const target = {
      kind: "http" as const,
      url: server.url,
      headers: {},
      transport: "streamable-http" as const,
    };
    const session = { ...scripted, server: { ...scripted.server, target } };
    const keyPair = await freshKeyPair();
    const accessToken = await server.mint(keyPair);
    const result = await runConformance({
      server: session.server,
      corpus: { ...(embeddedVersion("2026-07-28") as SepCorpus), source: "embedded" },
      connect: () => Promise.resolve(session),
      probes: sep1932.probes,
      toolVersion: "test",
      ...(withCredentials
        ? { dpop: { keyPair, accessToken, foreignAccessToken: await server.mint(keyPair, true) } }
        : {}),
    });
    return { result, accessToken };
  } finally {
    await server.close();
  }
}

Deno.test("runConformance({ dpop }) scores the SEP-1932 checks with the token, and never prints it", async () => {
  const { result, accessToken } = await score(true);
  const dpop = result.checks.filter((c) => c.sep === 1932);
  assert.equal(dpop.length, 6);
  for (const check of dpop) assert.equal(check.status, "pass", `${check.check}: ${check.detail}`);
  assert.ok(!JSON.stringify(result).includes(accessToken), "the token is in no output");
});

Deno.test("runConformance() without dpop: the 401 check decides, the proof checks are not verified", async () => {
  const { result } = await score(false);
  const status = (id: string) => result.checks.find((c) => c.check === id)?.status;
  assert.equal(status("sep-1932-server-reject-401"), "pass");
  assert.equal(status("sep-1932-server-validate-proof"), "not-verified");
});
