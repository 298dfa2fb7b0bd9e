/** @module DpopAuth + fetchAuthorized against the in-process DPoP endpoint (jose checks every proof): each request's proof is bound to its method and URL, a use_dpop_nonce 401 is retried once with the nonce, the latest nonce of any answer is kept, and no error shows the token. */

import assert from "node:assert/strict";
import { calculateJwkThumbprint, compactVerify, decodeProtectedHeader, EmbeddedJWK } from "jose";
import { DpopAuth } from "../../../src/2_connect/auth/dpop_auth.ts";
import {
  accessTokenHash,
  buildProof,
  jwkThumbprint,
  proofHtu,
  publicJwk,
} from "../../../src/2_connect/auth/dpop_proof.ts";
import { fetchAuthorized } from "../../../src/2_connect/transport/http_fetch.ts";
import { StreamableHttpTransport } from "../../../src/2_connect/transport/streamable_http.ts";
import { TransportError } from "../../../src/2_connect/transport/transport_error.ts";
import { startDpopServer } from "../../fixtures/conformance/dpop_server.ts";

const ping = (method = "POST") => ({
  method,
  headers: new Headers({ "content-type": "application/json" }),
  ...(method === "POST" ? { body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }) } : {}),
  signal: AbortSignal.timeout(5000),
});

function keyPair(params: EcKeyGenParams | RsaHashedKeyGenParams): Promise<CryptoKeyPair> {
  return crypto.subtle.generateKey(params, false, ["sign", "verify"]) as Promise<CryptoKeyPair>;
}

const P256 = { name: "ECDSA", namedCurve: "P-256" } as const;

function claims(proof: string): Record<string, unknown> {
  const part = proof.split(".")[1]!.replaceAll("-", "+").replaceAll("_", "/");
  return JSON.parse(atob(part + "=".repeat((4 - part.length % 4) % 4)));
}

Deno.test("buildProof() signs with the key's algorithm; jose verifies it and its thumbprint", async (t) => {
  const cases = [
    ["ES256", P256],
    ["ES384", { name: "ECDSA", namedCurve: "P-384" }],
    ["RS256", {
      name: "RSASSA-PKCS1-v1_5",
      modulusLength: 2048,
      publicExponent: new Uint8Array([1, 0, 1]),
      hash: "SHA-256",
    }],
    ["PS256", {
      name: "RSA-PSS",
      modulusLength: 2048,
      publicExponent: new Uint8Array([1, 0, 1]),
      hash: "SHA-256",
    }],
  ] as const;
  for (const [alg, params] of cases) {
    await t.step(alg, async () => {
      const pair = await keyPair(params);
      const proof = await buildProof(pair, {
        htm: "POST",
        htu: "https://mcp.example/mcp",
        accessToken: "tok",
        nonce: "n1",
      });
      const verified = await compactVerify(proof, EmbeddedJWK, { algorithms: [alg] });
      assert.equal(verified.protectedHeader.typ, "dpop+jwt");
      const jwk = decodeProtectedHeader(proof).jwk!;
      assert.equal(await jwkThumbprint(pair), await calculateJwkThumbprint(jwk));
      assert.deepEqual(jwk, await publicJwk(pair));
      assert.equal(jwk.d, undefined, "no private member in the proof");
      const payload = claims(proof);
      assert.equal(payload.ath, await accessTokenHash("tok"));
      assert.equal(payload.nonce, "n1");
      assert.equal(typeof payload.jti, "string");
    });
  }
  assert.equal(
    proofHtu("https://mcp.example:8443/a/mcp?x=1#frag"),
    "https://mcp.example:8443/a/mcp",
  );
});

Deno.test("DpopAuth.headers() gives the token and a fresh proof for the request's method and URL", async () => {
  const pair = await keyPair(P256);
  const auth = new DpopAuth({ accessToken: "the-token", keyPair: pair });
  const signal = AbortSignal.timeout(5000);
  const post = await auth.headers(signal, { method: "post", url: "http://127.0.0.1:9/mcp?q=1" });
  const del = await auth.headers(signal, { method: "DELETE", url: "http://127.0.0.1:9/mcp" });
  assert.equal(post.authorization, "DPoP the-token");
  assert.deepEqual(
    [claims(post.dpop!).htm, claims(post.dpop!).htu],
    ["POST", "http://127.0.0.1:9/mcp"],
  );
  assert.equal(claims(del.dpop!).htm, "DELETE");
  assert.notEqual(claims(post.dpop!).jti, claims(del.dpop!).jti, "a fresh jti per request");
  await assert.rejects(auth.headers(signal), /method and URL are needed/);
});

Deno.test("fetchAuthorized() with DpopAuth: POST, GET and DELETE each carry a proof the server verifies", async () => {
  const server = startDpopServer({});
  try {
    const pair = await keyPair(P256);
    const auth = new DpopAuth({ accessToken: await server.mint(pair), keyPair: pair });
    const at = `${server.url}?tenant=a`;
    for (const [method, status] of [["POST", 200], ["GET", 405], ["DELETE", 204]] as const) {
      const { response } = await fetchAuthorized(at, ping(method), auth);
      await response.body?.cancel();
      assert.equal(response.status, status, method);
    }
    assert.deepEqual(
      server.seen.map((r) => [r.method, r.status, r.htm, r.htu]),
      [["POST", 200, "POST", server.url], ["GET", 405, "GET", server.url], [
        "DELETE",
        204,
        "DELETE",
        server.url,
      ]],
    );
  } finally {
    await server.close();
  }
});

Deno.test("a proof for another method or URL is refused: each request is bound", async () => {
  const server = startDpopServer({});
  try {
    const pair = await keyPair(P256);
    const auth = new DpopAuth({ accessToken: await server.mint(pair), keyPair: pair });
    const signal = AbortSignal.timeout(5000);
    const sendWith = async (headers: Record<string, string>) => {
      const response = await fetch(server.url, {
        ...ping(),
        headers: { "content-type": "application/json", ...headers },
      });
      await response.body?.cancel();
      return [response.status, response.headers.get("www-authenticate")];
    };
    const other = new URL("/elsewhere", server.url).href;
    assert.deepEqual(
      await sendWith(await auth.headers(signal, { method: "GET", url: server.url })),
      [401, 'DPoP algs="ES256", error="invalid_dpop_proof"'],
      "a GET proof on a POST",
    );
    assert.deepEqual(
      await sendWith(await auth.headers(signal, { method: "POST", url: other })),
      [401, 'DPoP algs="ES256", error="invalid_dpop_proof"'],
      "a proof for another URL",
    );
    const good = await sendWith(await auth.headers(signal, { method: "POST", url: server.url }));
    assert.equal(good[0], 200, "the proof for this request");
  } finally {
    await server.close();
  }
});

Deno.test("nonce: a use_dpop_nonce 401 is retried once with the server's nonce", async () => {
  const server = startDpopServer({ nonce: true });
  try {
    const pair = await keyPair(P256);
    const auth = new DpopAuth({ accessToken: await server.mint(pair), keyPair: pair });
    const { response } = await fetchAuthorized(server.url, ping(), auth);
    await response.body?.cancel();
    assert.equal(response.status, 200);
    const [first, retry] = server.seen;
    assert.equal(server.seen.length, 2);
    assert.deepEqual([first?.status, first?.error, first?.nonce], [
      401,
      "use_dpop_nonce",
      undefined,
    ]);
    assert.equal(retry?.status, 200);
    assert.match(String(retry?.nonce), /^n-/);
  } finally {
    await server.close();
  }
});

Deno.test("nonce rotation: the latest DPoP-Nonce of any answer goes into the next proof", async () => {
  const server = startDpopServer({ nonce: true, rotate: true });
  try {
    const pair = await keyPair(P256);
    const auth = new DpopAuth({ accessToken: await server.mint(pair), keyPair: pair });
    for (let i = 0; i < 4; i++) {
      const { response } = await fetchAuthorized(server.url, ping(), auth);
      await response.body?.cancel();
      assert.equal(response.status, 200);
    }
    const refused = server.seen.filter((r) => r.status === 401);
    assert.equal(refused.length, 1, "only the first request, before any nonce, is refused");
    const nonces = server.seen.filter((r) => r.status === 200).map((r) => r.nonce);
    assert.equal(new Set(nonces).size, 4, "a new nonce each time, each one taken");
  } finally {
    await server.close();
  }
});

Deno.test("a refused token is final (no second retry) and no error shows it", async () => {
  const server = startDpopServer({ nonce: true });
  try {
    const pair = await keyPair(P256);
    const token = `unknown-${crypto.randomUUID()}`;
    const auth = new DpopAuth({ accessToken: token, keyPair: pair });
    const error = await fetchAuthorized(server.url, ping(), auth).then(
      () => assert.fail("served"),
      (e) => e,
    );
    assert.ok(error instanceof TransportError);
    assert.equal(error.layer, "auth");
    assert.match(
      error.message,
      /the server refused the DPoP-bound token \(DPoP error="invalid_token"\)/,
    );
    assert.ok(!error.message.includes(token), "the token is never shown");
    assert.equal(server.seen.length, 1, "an invalid_token 401 is not retried");
  } finally {
    await server.close();
  }
});

Deno.test("the Streamable HTTP transport sends a bound proof with its POSTs, GET stream and DELETE", async () => {
  const server = startDpopServer({ nonce: true });
  const pair = await keyPair(P256);
  const auth = new DpopAuth({ accessToken: await server.mint(pair), keyPair: pair });
  const transport = new StreamableHttpTransport(
    { kind: "http", url: server.url, headers: {}, transport: "streamable-http" },
    { auth, listen: true, timeoutMs: 5000 },
  );
  try {
    await transport.start();
    await transport.send({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-11-25",
        capabilities: {},
        clientInfo: { name: "t", version: "0" },
      },
    });
    await transport.send({ jsonrpc: "2.0", method: "notifications/initialized" });
  } finally {
    await transport.close();
    await server.close();
  }
  const served = server.seen.filter((r) => r.status !== 401);
  assert.deepEqual(
    served.map((r) => [r.method, r.rpc, r.status, r.htm]),
    [
      ["POST", "initialize", 200, "POST"],
      ["POST", "notifications/initialized", 202, "POST"],
      ["GET", undefined, 405, "GET"],
      ["DELETE", undefined, 204, "DELETE"],
    ],
  );
  for (const r of served) assert.equal(r.htu, server.url);
  assert.equal(server.seen.length - served.length, 1, "one use_dpop_nonce 401, then the nonce");
});
