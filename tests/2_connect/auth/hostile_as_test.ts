/** @module Credentials never go where the suite did not send them: no plain http off loopback, no protected resource metadata on a third origin, no stored token to another issuer, no token file in the working directory. */

import assert from "node:assert/strict";
import {
  assertSecureEndpoint,
  discover,
  isLoopbackUrl,
} from "../../../src/2_connect/auth/discovery.ts";
import { ServerAuth } from "../../../src/2_connect/auth/server_auth.ts";
import { fileTokenStore, tokenFilePath } from "../../../src/2_connect/auth/token_store.ts";

/** A server on 127.0.0.1 that records every request and answers with `answer`. */
function recorder(answer: (req: Request, origin: string) => Response | Promise<Response>) {
  const requests: string[] = [];
  let origin = "";
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (req) => {
    requests.push(`${req.method} ${new URL(req.url).pathname}`);
    return answer(req, origin);
  });
  origin = `http://127.0.0.1:${(server.addr as Deno.NetAddr).port}`;
  return { origin, requests, close: () => server.shutdown() };
}

/** Run `body` with fetch spied on: any request to a host that is not loopback fails the test. */
async function noOffLoopbackFetch(body: () => Promise<void>): Promise<string[]> {
  const original = globalThis.fetch;
  const off: string[] = [];
  globalThis.fetch = ((input: Request | URL | string, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!isLoopbackUrl(url)) off.push(url);
    return original(input, init);
  }) as typeof fetch;
  try {
    await body();
  } finally {
    globalThis.fetch = original;
  }
  return off;
}

Deno.test("isLoopbackUrl() and assertSecureEndpoint(): plain http only on loopback", async (t) => {
  await t.step("loopback hosts", () => {
    for (
      const url of [
        "http://127.0.0.1:1/x",
        "http://127.9.8.7/",
        "http://localhost:3/",
        "http://[::1]:4/",
      ]
    ) {
      assert.equal(isLoopbackUrl(url), true, url);
      assertSecureEndpoint(url, "token endpoint");
    }
  });
  await t.step("anything else over http is refused, https is fine", () => {
    for (
      const url of [
        "http://auth.attacker.example:8080/token",
        "http://10.0.0.1/",
        "http://127.0.0.1.evil.example/",
      ]
    ) {
      assert.equal(isLoopbackUrl(url), false, url);
      assert.throws(
        () => assertSecureEndpoint(url, "token endpoint"),
        /^Error: refusing token endpoint .*: authorization requests need https \(plain http only on loopback/,
      );
    }
    assertSecureEndpoint("https://auth.example/token", "token endpoint");
  });
});

Deno.test("discover() sends nothing to an authorization server over plain http off loopback", async () => {
  const mcp = recorder((req, origin) => {
    if (new URL(req.url).pathname.startsWith("/.well-known/oauth-protected-resource")) {
      return Response.json({
        resource: `${origin}/mcp`,
        authorization_servers: ["http://auth.attacker.example:9999"],
      });
    }
    return new Response("no", { status: 401 });
  });
  try {
    const off = await noOffLoopbackFetch(async () => {
      await assert.rejects(
        () =>
          discover(
            { kind: "oauth", grant: "client_credentials", clientId: "c", clientSecret: "s3cret" },
            `${mcp.origin}/mcp`,
            null,
          ),
        /refusing authorization server http:\/\/auth\.attacker\.example:9999: authorization requests need https/,
      );
    });
    assert.deepEqual(off, []);
  } finally {
    await mcp.close();
  }
});

Deno.test("discover() refuses a 401 that points at protected resource metadata on another origin", async () => {
  const third = recorder(() => Response.json({ resource: "x", authorization_servers: ["x"] }));
  const mcp = recorder(() => new Response("no", { status: 401 }));
  try {
    await assert.rejects(
      () =>
        discover(
          { kind: "oauth", grant: "client_credentials", clientId: "c", clientSecret: "s3cret" },
          `${mcp.origin}/mcp`,
          `Bearer resource_metadata="${third.origin}/.well-known/oauth-protected-resource/mcp"`,
        ),
      /refusing the protected resource metadata at http:\/\/127\.0\.0\.1:\d+\/.*: it is not on the server's origin \(http:\/\/127\.0\.0\.1:\d+\); nothing was sent there/,
    );
    assert.deepEqual(third.requests, []);
  } finally {
    await third.close();
    await mcp.close();
  }
});

Deno.test("a stored token is used only with the authorization server that minted it", async (t) => {
  const dir = await Deno.makeTempDir();
  const other = recorder(() => Response.json({}, { status: 500 }));
  try {
    const url = "http://127.0.0.1:1/mcp";
    const store = fileTokenStore(url, `${dir}/tokens.json`);
    await store.save({
      accessToken: "stored-access",
      refreshToken: "stored-refresh",
      issuer: "http://127.0.0.1:2",
      client: { clientId: "cli" },
    });
    await t.step("a suite naming another authorization_server gets nothing", async () => {
      const auth = new ServerAuth(
        { kind: "oauth", grant: "authorization_code", authorizationServer: other.origin },
        url,
        { store },
      );
      await assert.rejects(
        () => auth.headers(),
        /the stored tokens of http:\/\/127\.0\.0\.1:1\/mcp were issued by http:\/\/127\.0\.0\.1:2, not by http:\/\/127\.0\.0\.1:\d+; refusing to use them there/,
      );
      assert.deepEqual(other.requests, []);
    });
    await t.step("the issuer that minted it gets it", async () => {
      const auth = new ServerAuth(
        { kind: "oauth", grant: "authorization_code", authorizationServer: "http://127.0.0.1:2" },
        url,
        { store },
      );
      assert.deepEqual(await auth.headers(), { authorization: "Bearer stored-access" });
    });
  } finally {
    await other.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("tokenFilePath() refuses to place tokens in the working directory", () => {
  const saved = { home: Deno.env.get("HOME"), xdg: Deno.env.get("XDG_CONFIG_HOME") };
  try {
    Deno.env.delete("HOME");
    Deno.env.delete("XDG_CONFIG_HOME");
    assert.throws(() => tokenFilePath(), /neither XDG_CONFIG_HOME nor HOME is set/);
    Deno.env.set("HOME", "/home/u");
    assert.equal(tokenFilePath(), "/home/u/.config/mcptest/tokens.json");
    Deno.env.set("XDG_CONFIG_HOME", "/x");
    assert.equal(tokenFilePath(), "/x/mcptest/tokens.json");
  } finally {
    for (const [name, value] of [["HOME", saved.home], ["XDG_CONFIG_HOME", saved.xdg]] as const) {
      if (value === undefined) Deno.env.delete(name);
      else Deno.env.set(name, value);
    }
  }
});
