/** @module `mcptest doctor` walks the auth layer for real (real CLI, oidc-provider, the protected fixture): documents, token facts, never the token; failures say "authentication failed after refresh". */

import assert from "node:assert/strict";
import { mcptest } from "../../_helpers/cli.ts";
import { startAuthorizationServer } from "../../fixtures/auth/authorization_server.ts";
import { startProtectedServer } from "../../fixtures/auth/protected_server.ts";

const layerLines = (stdout: string) =>
  [...stdout.matchAll(/\[( OK |FAIL| -- )\] (\w+)/g)].map((m) => `${m[1]!.trim()} ${m[2]}`);

async function doctor(url: string, auth: string, env: Record<string, string>) {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-auth-" });
  try {
    await Deno.writeTextFile(
      `${dir}/suite.yml`,
      `servers:\n  api:\n    url: ${url}\n${auth}tools:\n  - name: t\n    server: api\n    tool: echo\n`,
    );
    // No verdict here waits for the timeout: it only bounds a hang.
    return await mcptest(["doctor", "suite.yml", "--timeout", "120000"], { cwd: dir, env });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const OAUTH = "    auth:\n      oauth:\n        grant: client_credentials\n" +
  "        client_id: mcptest-ci\n        client_secret_Env: CLIENT_SECRET\n        scope: mcp\n";
const BEARER = "    auth:\n      bearer:\n        token_Env: MCP_TOKEN\n";

Deno.test("doctor's auth layer with an auth: block", async (t) => {
  const as = await startAuthorizationServer({ accessTokenTtl: 60 });
  const server = startProtectedServer({ issuer: as.issuer });
  const accept = new Map([["authorization", new Set(["Bearer doc-token-1"])]]);
  const bearerServer = startProtectedServer({ accept });
  try {
    await t.step(
      "oauth: discovery documents, audience, scopes, expiry; never the token",
      async () => {
        const run = await doctor(server.url, OAUTH, { CLIENT_SECRET: as.client.secret });
        assert.equal(run.code, 0, run.stdout + run.stderr);
        assert.deepEqual(layerLines(run.stdout).slice(3), [
          "OK http",
          "OK auth",
          "OK initialize",
          "OK readiness",
        ]);
        const origin = new URL(server.url).origin;
        const line = run.stdout.split("\n").find((l) => /\] auth/.test(l))!;
        assert.ok(
          line.includes(`resource metadata ${origin}/.well-known/oauth-protected-resource/mcp`),
          line,
        );
        assert.ok(line.includes(`authorization server ${as.issuer} (`), line);
        assert.ok(line.includes(`audience ${server.url}`), line);
        assert.match(line, /scopes mcp/);
        assert.match(line, /expires in (5\d|60) s/);
        const tokens = server.seen.filter((h) => h.startsWith("Bearer ")).map((h) => h.slice(7));
        assert.ok(tokens.length > 0);
        for (const token of tokens) assert.equal(run.stdout.includes(token), false);
        assert.equal(run.stdout.includes(as.client.secret), false);
      },
    );
    await t.step("oauth: a wrong client secret", async () => {
      const run = await doctor(server.url, OAUTH, { CLIENT_SECRET: "nope-secret-77" });
      assert.equal(run.code, 1);
      assert.match(
        run.stdout,
        /authentication failed after refresh: client credentials request to \S+ failed: invalid_client/,
      );
      assert.match(run.stdout, /auth: block/);
      assert.doesNotMatch(run.stdout, /nope-secret-77/);
    });
    await t.step("bearer accepted", async () => {
      const run = await doctor(bearerServer.url, BEARER, { MCP_TOKEN: "doc-token-1" });
      assert.equal(run.code, 0, run.stdout);
      assert.match(run.stdout, /\] auth +bearer token accepted/);
    });
    await t.step("bearer rejected, also after the refresh", async () => {
      const run = await doctor(bearerServer.url, BEARER, { MCP_TOKEN: "doc-token-2" });
      assert.equal(run.code, 1);
      assert.deepEqual(layerLines(run.stdout).slice(3), ["OK http", "FAIL auth"]);
      assert.match(run.stdout, /authentication failed after refresh: http 401 from/);
      assert.doesNotMatch(run.stdout, /doc-token-2/);
    });
    await t.step("no auth: block on a protected server: the hint names auth:", async () => {
      const run = await doctor(server.url, "", {});
      assert.equal(run.code, 1);
      assert.match(run.stdout, /authentication failed: 401/);
      assert.match(run.stdout, /configure the server's auth: block/);
    });
  } finally {
    await server.close();
    await bearerServer.close();
    await as.close();
  }
});
