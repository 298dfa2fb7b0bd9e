/** @module OAuth against a real authorization server (oidc-provider) and a JWT-validating MCP server: discovery, grants, refresh on expiry, revoked refresh token. */

import assert from "node:assert/strict";
import { RuntimeSecrets } from "../../../src/2_connect/auth/runtime_secrets.ts";
import { runSuite } from "../../../src/5_execute/suite/run_suite.ts";
import { startAuthorizationServer } from "../../fixtures/auth/authorization_server.ts";
import { startProtectedServer } from "../../fixtures/auth/protected_server.ts";
import { echoSuite, suiteOf } from "./_suite.ts";

const CLIENT_CREDENTIALS = "      oauth:\n        grant: client_credentials\n" +
  "        client_id: mcptest-ci\n        client_secret_Env: CLIENT_SECRET\n        scope: mcp\n";
const REFRESH = "      oauth:\n        grant: refresh_token\n" +
  "        client_id: mcptest-ci\n        client_secret_Env: CLIENT_SECRET\n" +
  "        refresh_token_Env: REFRESH_TOKEN\n";

Deno.test("oauth client credentials: discovery from the 401, a JWT for the resource, refresh after expiry", async (t) => {
  const as = await startAuthorizationServer({ accessTokenTtl: 60 });
  const server = startProtectedServer({ issuer: as.issuer });
  const expiringAs = await startAuthorizationServer({ accessTokenTtl: 60 });
  const expiringServer = startProtectedServer({ issuer: expiringAs.issuer });
  try {
    await t.step("every test passes with one token", async () => {
      const suite = await suiteOf(echoSuite(server.url, CLIENT_CREDENTIALS, 4), {
        CLIENT_SECRET: as.client.secret,
      });
      const secrets = new RuntimeSecrets();
      const record = await runSuite(suite, { secrets });
      assert.equal(record.summary.passed, 4, JSON.stringify(record.tests));
      assert.deepEqual(as.grants, ["client_credentials"]);
      const text = JSON.stringify(record);
      for (const secret of secrets.list) assert.ok(!text.includes(secret));
      assert.equal(suite.secrets.length, 1, "the suite is not mutated");
      assert.equal(secrets.list.length, 2, "the access token joined the run's secrets");
      assert.ok(secrets.list.includes(as.client.secret));
    });
    await t.step("the token expires mid-run: one refresh, the run survives", async () => {
      const suite = await suiteOf(echoSuite(expiringServer.url, CLIENT_CREDENTIALS, 3), {
        CLIENT_SECRET: expiringAs.client.secret,
      });
      const record = await runSuite(suite, {
        concurrency: 1,
        // The token expires right after the first test, whatever the machine's speed.
        onResult: (r) => {
          if (r.name === "echo 0") expiringServer.expireTokens();
        },
      });
      assert.equal(record.summary.passed, 3, JSON.stringify(record.tests));
      assert.deepEqual(expiringAs.grants, ["client_credentials", "client_credentials"]);
      assert.equal(
        expiringServer.rejected,
        1,
        "one 401: the expired token (discovery used the well-known metadata)",
      );
    });
    await t.step("a wrong client secret fails at the auth layer without the secret", async () => {
      const suite = await suiteOf(echoSuite(server.url, CLIENT_CREDENTIALS, 1), {
        CLIENT_SECRET: "wrong-secret-xyz",
      });
      const record = await runSuite(suite);
      assert.equal(record.summary.passed, 0);
      const text = JSON.stringify(record);
      assert.match(
        text,
        /authentication to http:\/\/127\.0\.0\.1:\d+\/mcp failed: client credentials request to \S+ failed: invalid_client/,
      );
      assert.doesNotMatch(text, /wrong-secret-xyz/);
    });
  } finally {
    await server.close();
    await as.close();
    await expiringServer.close();
    await expiringAs.close();
  }
});

Deno.test("oauth refresh token grant: a stored refresh token works; a revoked one fails after refresh", async (t) => {
  const as = await startAuthorizationServer({ accessTokenTtl: 60 });
  const server = startProtectedServer({ issuer: as.issuer });
  try {
    await t.step("valid refresh token", async () => {
      const refresh = await as.mintRefreshToken(server.url);
      const suite = await suiteOf(echoSuite(server.url, REFRESH, 2), {
        CLIENT_SECRET: as.client.secret,
        REFRESH_TOKEN: refresh,
      });
      const record = await runSuite(suite);
      assert.equal(record.summary.passed, 2, JSON.stringify(record.tests));
      assert.doesNotMatch(JSON.stringify(record), new RegExp(refresh));
    });
    await t.step("revoked refresh token: the auth layer says why, no token shown", async () => {
      const refresh = await as.mintRefreshToken(server.url);
      await as.revokeRefreshToken(refresh);
      const suite = await suiteOf(echoSuite(server.url, REFRESH, 1), {
        CLIENT_SECRET: as.client.secret,
        REFRESH_TOKEN: refresh,
      });
      const record = await runSuite(suite);
      assert.equal(record.summary.passed, 0);
      const text = JSON.stringify(record);
      assert.match(
        text,
        /authentication to \S+ failed: refresh token request to \S+ failed: invalid_grant/,
      );
      assert.doesNotMatch(text, new RegExp(refresh));
    });
  } finally {
    await server.close();
    await as.close();
  }
});
