/** @module `--record` against an auth-protected server sends the same credentials as a live run, and keeps them out of the cassette. */

import assert from "node:assert/strict";
import { runSuite } from "../../../src/5_execute/suite/run_suite.ts";
import { startProtectedServer } from "../../fixtures/auth/protected_server.ts";
import { echoSuite } from "./_suite.ts";
import { loadSuite } from "../../../src/3_load/config/load_suite.ts";

Deno.test("recording a bearer-protected server passes and writes no token into the cassette", async () => {
  const accept = new Map([["authorization", new Set(["Bearer rec-token-77"])]]);
  const server = startProtectedServer({ accept });
  const dir = await Deno.makeTempDir({ prefix: "mcptest-record-auth-" });
  try {
    await Deno.writeTextFile(
      `${dir}/suite.yml`,
      echoSuite(server.url, "      bearer:\n        token_Env: MCP_TOKEN\n", 2),
    );
    const suite = await loadSuite({
      paths: ["suite.yml"],
      cwd: dir,
      env: { MCP_TOKEN: "rec-token-77" },
    });
    const record = await runSuite(suite, { cwd: dir, cassettes: "record" });
    assert.equal(record.summary.passed, 2, JSON.stringify(record.tests));
    const files = [...Deno.readDirSync(`${dir}/cassettes`)].map((e) => e.name);
    assert.equal(files.length, 1);
    const text = await Deno.readTextFile(`${dir}/cassettes/${files[0]}`);
    assert.doesNotMatch(text, /rec-token-77/);
  } finally {
    await server.close();
    await Deno.remove(dir, { recursive: true });
  }
});
