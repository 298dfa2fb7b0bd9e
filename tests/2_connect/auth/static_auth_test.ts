/** @module Bearer and custom-header auth through the loader, the transports and runSuite: refresh-on-401 re-reads the variable. */

import assert from "node:assert/strict";
import { runSuite } from "../../../src/5_execute/suite/run_suite.ts";
import { startProtectedServer } from "../../fixtures/auth/protected_server.ts";
import { echoSuite, suiteOf } from "./_suite.ts";

const BEARER = "      bearer:\n        token_Env: MCP_TOKEN\n";
const HEADERS = "      headers:\n        X-Api-Key_Env: API_KEY\n";

Deno.test("bearer auth sends the token; a rejected token fails with the seed's message", async (t) => {
  const accept = new Map([["authorization", new Set(["Bearer good-token-1"])]]);
  const server = startProtectedServer({ accept });
  try {
    await t.step("accepted token: every test passes", async () => {
      const suite = await suiteOf(echoSuite(server.url, BEARER), { MCP_TOKEN: "good-token-1" });
      const record = await runSuite(suite);
      assert.equal(record.summary.passed, 3, JSON.stringify(record.tests));
      assert.ok(suite.secrets.includes("good-token-1"));
    });
    await t.step("rejected at connect: the auth layer, token not shown", async () => {
      const suite = await suiteOf(echoSuite(server.url, BEARER, 1), { MCP_TOKEN: "stale-token-9" });
      const record = await runSuite(suite);
      assert.equal(record.summary.passed, 0);
      const text = JSON.stringify(record);
      assert.match(text, /"layer":"auth"/);
      // At connect too, the configured auth says it refreshed and still failed (seed 004 sec. 14).
      assert.match(text, /auth still failed after refresh/);
      assert.doesNotMatch(text, /stale-token-9/);
    });
    await t.step("revoked mid-run: auth still failed after refresh", async () => {
      const suite = await suiteOf(echoSuite(server.url, BEARER, 3), { MCP_TOKEN: "good-token-1" });
      const record = await runSuite(suite, {
        concurrency: 1,
        onResult: () => accept.get("authorization")!.clear(),
      });
      assert.equal(record.summary.passed, 1);
      const text = JSON.stringify(record.tests.slice(1));
      assert.match(text, /auth still failed after refresh/);
      assert.doesNotMatch(JSON.stringify(record), /good-token-1/);
    });
  } finally {
    await server.close();
  }
});

Deno.test("custom header auth sends the resolved *_Env value and fails after refresh when rejected", async (t) => {
  const accept = new Map([["x-api-key", new Set(["key-abc-123"])]]);
  const server = startProtectedServer({ accept });
  try {
    await t.step("accepted", async () => {
      const record = await runSuite(
        await suiteOf(echoSuite(server.url, HEADERS), {}, ["API_KEY=key-abc-123"]),
      );
      assert.equal(record.summary.passed, 3);
    });
    await t.step("rejected", async () => {
      const record = await runSuite(
        await suiteOf(echoSuite(server.url, HEADERS, 1), {}, ["API_KEY=key-wrong-456"]),
      );
      assert.equal(record.summary.passed, 0);
      assert.match(JSON.stringify(record), /"layer":"auth"/);
      assert.doesNotMatch(JSON.stringify(record), /key-wrong-456/);
    });
  } finally {
    await server.close();
  }
});

Deno.test("auth: block errors are positioned config errors", async (t) => {
  await t.step("a missing secret variable", async () => {
    await assert.rejects(
      () => suiteOf(echoSuite("http://127.0.0.1:9/mcp", BEARER, 1)),
      (e: Error) => /MCP_TOKEN/.test(e.message) && /suite\.yml:\d+:\d+/.test(e.message),
    );
  });
  await t.step("two ways at once", async () => {
    await assert.rejects(
      () =>
        suiteOf(echoSuite("http://127.0.0.1:9/mcp", BEARER + HEADERS, 1), {
          MCP_TOKEN: "a",
          API_KEY: "b",
        }),
      (e: Error) =>
        /auth takes exactly one of bearer, headers, oauth; got bearer, headers/.test(e.message) &&
        /suite\.yml:5:\d+/.test(e.message),
    );
  });
  await t.step("refresh_token grant without the token", async () => {
    await assert.rejects(
      () =>
        suiteOf(
          echoSuite("http://127.0.0.1:9/mcp", "      oauth:\n        grant: refresh_token\n", 1),
        ),
      (e: Error) => /refresh_token_Env/.test(e.message),
    );
  });
});
