/** @module `conformance run --dpop-key FILE --dpop-token-env NAME`: the private JWK and the tokens load into working credentials (scored against the DPoP fixture); a missing half, a bad key or an unset variable is a clear usage error that never shows a token. */

import assert from "node:assert/strict";
import { join } from "node:path";
import { loadDpopCredentials } from "../../../src/7_features/conformance/dpop_credentials.ts";
import { ConformanceUsageError } from "../../../src/7_features/conformance/usage_error.ts";
import { embeddedVersion } from "../../../src/7_features/conformance/embedded.ts";
import { runConformance } from "../../../src/7_features/conformance/run_conformance.ts";
import { sep1932 } from "../../../src/7_features/conformance/probes/sep_1932.ts";
import type { SepCorpus } from "../../../src/7_features/conformance/types.ts";
import { startDpopServer } from "../../fixtures/conformance/dpop_server.ts";
import { scriptedSession } from "./_fake.ts";

async function privateJwkFile(dir: string, params: EcKeyGenParams | RsaHashedKeyGenParams) {
  const pair = await crypto.subtle.generateKey(params, true, ["sign", "verify"]) as CryptoKeyPair;
  const file = join(dir, "key.jwk.json");
  await Deno.writeTextFile(
    file,
    JSON.stringify(await crypto.subtle.exportKey("jwk", pair.privateKey)),
  );
  return file;
}

Deno.test("the loaded key and token score every SEP-1932 check against a DPoP server", async () => {
  const dir = await Deno.makeTempDir({ prefix: "mcptest_dpop_" });
  const server = startDpopServer({ nonce: true });
  try {
    const keyFile = await privateJwkFile(dir, { name: "ECDSA", namedCurve: "P-256" });
    // The fixture mints tokens bound to a key pair: bind them to the loaded one.
    const probe = await loadDpopCredentials(
      { keyFile, tokenEnv: "T" },
      () => "placeholder",
    );
    const token = await server.mint(probe!.keyPair);
    const foreign = await server.mint(probe!.keyPair, true);
    const env = (name: string) =>
      ({ TOKEN: token, OTHER: foreign } as Record<string, string>)[name];
    const dpop = await loadDpopCredentials(
      { keyFile, tokenEnv: "TOKEN", foreignTokenEnv: "OTHER" },
      env,
    );
    assert.equal(dpop!.accessToken, token);
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
    const result = await runConformance({
      server: session.server,
      corpus: { ...(embeddedVersion("2026-07-28") as SepCorpus), source: "embedded" },
      connect: () => Promise.resolve(session),
      probes: sep1932.probes,
      toolVersion: "test",
      dpop: dpop!,
    });
    const checks = result.checks.filter((c) => c.sep === 1932);
    assert.equal(checks.length, 6);
    for (const check of checks) {
      assert.equal(check.status, "pass", `${check.check}: ${check.detail}`);
    }
    assert.ok(!JSON.stringify(result).includes(token), "the token never reaches the report");
  } finally {
    await server.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("no DPoP flag: no credentials; a half, a bad key or an unset variable is a usage error", async () => {
  const dir = await Deno.makeTempDir({ prefix: "mcptest_dpop_" });
  try {
    assert.equal(await loadDpopCredentials({}), undefined);
    const keyFile = await privateJwkFile(dir, {
      name: "RSASSA-PKCS1-v1_5",
      modulusLength: 2048,
      publicExponent: new Uint8Array([1, 0, 1]),
      hash: "SHA-256",
    });
    const rsa = await loadDpopCredentials({ keyFile, tokenEnv: "T" }, () => "secret-token");
    assert.equal(rsa!.keyPair.privateKey.algorithm.name, "RSASSA-PKCS1-v1_5");
    const refused = async (sources: Parameters<typeof loadDpopCredentials>[0], message: RegExp) => {
      const error = await loadDpopCredentials(sources, () => undefined).catch((e) => e);
      assert.ok(error instanceof ConformanceUsageError, String(error));
      assert.match(error.message, message);
    };
    await refused({ keyFile }, /--dpop-key and --dpop-token-env go together/);
    await refused({ tokenEnv: "T" }, /go together/);
    await refused(
      { keyFile, tokenEnv: "UNSET_TOKEN" },
      /environment variable UNSET_TOKEN is not set/,
    );
    const publicOnly = join(dir, "public.json");
    await Deno.writeTextFile(
      publicOnly,
      JSON.stringify({ kty: "EC", crv: "P-256", x: "a", y: "b" }),
    );
    const bad = await loadDpopCredentials(
      { keyFile: publicOnly, tokenEnv: "T" },
      () => "secret-token",
    )
      .catch((e) => e);
    assert.match(bad.message, /expected a private JWK \(with "d"\)/);
    assert.ok(!bad.message.includes("secret-token"));
    const notJson = join(dir, "nope.json");
    await Deno.writeTextFile(notJson, "{nope");
    const unreadable = await loadDpopCredentials({ keyFile: notJson, tokenEnv: "T" }, () => "x")
      .catch((e) => e);
    assert.match(
      unreadable.message,
      /--dpop-key .*nope\.json: .*expected a JSON file holding a private JWK/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
