/** @module The SEP-1932 (DPoP) probes against an in-process DPoP-protected endpoint on 127.0.0.1: a correct one passes every check, each flaw fails its own. */

import assert from "node:assert/strict";
import type { ProbeContext } from "../../../src/7_features/conformance/probes/probe_types.ts";
import { freshKeyPair } from "../../../src/7_features/conformance/probes/_dpop_proof.ts";
import {
  dpopChallenge,
  parseChallenges,
} from "../../../src/7_features/conformance/probes/_dpop_challenge.ts";
import {
  type DpopFlaw,
  type DpopServerOptions,
  startDpopServer,
} from "../../fixtures/conformance/dpop_server.ts";
import { runProbe, scriptedContext } from "./_scripted.ts";

const CHECKS = [
  "sep-1932-server-reject-401",
  "sep-1932-server-validate-proof",
  "sep-1932-server-iat-window",
  "sep-1932-server-audience-validation",
  "sep-1932-server-nonce",
  "sep-1932-asymmetric-alg-only",
] as const;

/** Run `checks` against a fresh fixture; `credentials` false: no token configured. */
async function judge(
  options: DpopServerOptions,
  checks: readonly string[] = CHECKS,
  credentials = true,
): Promise<Record<string, { status: string; detail?: string }>> {
  const server = startDpopServer(options);
  try {
    const keyPair = await freshKeyPair();
    const dpop = credentials
      ? {
        keyPair,
        accessToken: await server.mint(keyPair),
        foreignAccessToken: await server.mint(keyPair, true),
      }
      : undefined;
    const ctx: ProbeContext = scriptedContext({
      script: () => ({ result: {} }),
      capabilities: { tools: {} },
      url: server.url,
      ...(dpop ? { dpop } : {}),
    });
    const out: Record<string, { status: string; detail?: string }> = {};
    for (const check of checks) out[check] = await runProbe(check, ctx);
    return out;
  } finally {
    await server.close();
  }
}

Deno.test("a DPoP endpoint that validates everything and demands nonces passes every check", async () => {
  const outcomes = await judge({ nonce: true });
  for (const check of CHECKS) {
    assert.equal(outcomes[check]?.status, "pass", `${check}: ${outcomes[check]?.detail}`);
  }
  assert.match(outcomes["sep-1932-server-nonce"]?.detail ?? "", /use_dpop_nonce/);
});

Deno.test("each validation step the endpoint skips fails its own check", async (t) => {
  const cases: ReadonlyArray<readonly [DpopFlaw, string, RegExp]> = [
    ["bearer-challenge", "sep-1932-server-reject-401", /WWW-Authenticate: DPoP/],
    ["status-400", "sep-1932-server-reject-401", /a proof that is no JWT/],
    ["accept-bearer", "sep-1932-server-reject-401", /as a Bearer token/],
    ["no-proof-ok", "sep-1932-server-reject-401", /without a proof/],
    ["ignore-signature", "sep-1932-server-validate-proof", /signature altered/],
    ["ignore-typ", "sep-1932-server-validate-proof", /typ JWT/],
    ["ignore-jti", "sep-1932-server-validate-proof", /no jti/],
    ["ignore-ath", "sep-1932-server-validate-proof", /ath of another token/],
    ["ignore-binding", "sep-1932-server-validate-proof", /not bound to/],
    ["ignore-htu", "sep-1932-server-validate-proof", /htu of another resource, htm GET/],
    ["ignore-iat", "sep-1932-server-iat-window", /iat 10 minutes ago, iat 10 minutes ahead/],
    ["ignore-audience", "sep-1932-server-audience-validation", /another resource was served/],
    ["weak-alg", "sep-1932-asymmetric-alg-only", /alg none, alg HS256/],
    ["advertise-hs256", "sep-1932-asymmetric-alg-only", /advertises HS256/],
  ];
  for (const [flaw, check, detail] of cases) {
    await t.step(`${flaw} fails ${check}`, async () => {
      const outcome = (await judge({ flaws: [flaw] }, [check]))[check];
      assert.equal(outcome?.status, "fail", `${flaw}: ${outcome?.detail}`);
      assert.match(outcome?.detail ?? "", detail);
    });
  }
});

Deno.test("nonces: none asked for fails the SHOULD; any nonce taken fails it too", async () => {
  const check = "sep-1932-server-nonce";
  const none = (await judge({}, [check]))[check];
  assert.equal(none?.status, "fail");
  assert.match(none?.detail ?? "", /never asks for a server-provided nonce/);
  const any = (await judge({ nonce: true, flaws: ["any-nonce"] }, [check]))[check];
  assert.equal(any?.status, "fail");
  assert.match(any?.detail ?? "", /nonce the server never issued was served/);
});

Deno.test("without a token only the 401 checks decide; the others say what they need", async () => {
  const outcomes = await judge({}, CHECKS, false);
  assert.equal(outcomes["sep-1932-server-reject-401"]?.status, "pass");
  for (const check of CHECKS.slice(1)) {
    assert.equal(outcomes[check]?.status, "not-verified", check);
    assert.match(outcomes[check]?.detail ?? "", /DPoP-bound access token/, check);
  }
  const flawed = await judge(
    { flaws: ["bearer-challenge"] },
    ["sep-1932-server-reject-401"],
    false,
  );
  assert.equal(flawed["sep-1932-server-reject-401"]?.status, "fail");
});

Deno.test("no DPoP, no authorization, or stdio: not applicable, never a pass", async () => {
  for (const options of [{ open: true }, { bearerOnly: true }]) {
    const outcomes = await judge(options, CHECKS, false);
    for (const check of CHECKS) {
      assert.equal(
        outcomes[check]?.status,
        "not-applicable",
        `${JSON.stringify(options)} ${check}`,
      );
    }
  }
  const stdio = scriptedContext({
    script: () => ({ result: {} }),
    capabilities: {},
    transport: "stdio",
  });
  for (const check of CHECKS) assert.equal((await runProbe(check, stdio)).status, "not-applicable");
});

Deno.test("a token the endpoint does not take leaves the proof checks not verified", async () => {
  const server = startDpopServer({});
  try {
    const keyPair = await freshKeyPair();
    const ctx = scriptedContext({
      script: () => ({ result: {} }),
      capabilities: { tools: {} },
      url: server.url,
      dpop: { keyPair, accessToken: "not-issued-by-the-server" },
    });
    const outcome = await runProbe("sep-1932-server-validate-proof", ctx);
    assert.equal(outcome.status, "not-verified");
    assert.match(outcome.detail ?? "", /well-formed proof with the configured token was refused/);
    assert.doesNotMatch(
      outcome.detail ?? "",
      /not-issued-by-the-server/,
      "the token is never shown",
    );
  } finally {
    await server.close();
  }
});

Deno.test("WWW-Authenticate parsing: several challenges, quoted commas, params", () => {
  const header =
    'Bearer realm="a, b", error="invalid_token", DPoP algs="ES256 PS256", error=use_dpop_nonce';
  const challenges = parseChallenges(header);
  assert.deepEqual(challenges.map((c) => c.scheme), ["bearer", "dpop"]);
  assert.equal(challenges[0]?.params.realm, "a, b");
  assert.equal(dpopChallenge(header)?.params.algs, "ES256 PS256");
  assert.equal(dpopChallenge(header)?.params.error, "use_dpop_nonce");
  assert.equal(dpopChallenge('Bearer realm="DPoP x"'), undefined);
  assert.deepEqual(parseChallenges("DPoP"), [{ scheme: "dpop", params: {} }]);
});
