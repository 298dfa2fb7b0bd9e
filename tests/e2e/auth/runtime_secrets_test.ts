/** @module Tokens learnt at run time are secrets of the run: never in the record, the capture or the pretty output, even when the server echoes them. */

import assert from "node:assert/strict";
import { RuntimeSecrets } from "../../../src/2_connect/auth/runtime_secrets.ts";
import { mcptest } from "../../_helpers/cli.ts";
import { startAuthorizationServer } from "../../fixtures/auth/authorization_server.ts";
import { startProtectedServer } from "../../fixtures/auth/protected_server.ts";

Deno.test("RuntimeSecrets starts with the suite's secrets and grows, as a live list", () => {
  const secrets = new RuntimeSecrets(["a"]);
  const view = secrets.list;
  secrets.add("b");
  secrets.add("b");
  secrets.add("");
  assert.deepEqual(view, ["a", "b"], "a list handed out earlier sees later secrets");
});

Deno.test("mcptest run: an OAuth token echoed back by the server is redacted everywhere", async () => {
  const as = await startAuthorizationServer({ accessTokenTtl: 60 });
  const server = startProtectedServer({ issuer: as.issuer });
  const dir = await Deno.makeTempDir({ prefix: "mcptest-auth-" });
  try {
    await Deno.writeTextFile(
      `${dir}/suite.yml`,
      `servers:\n  api:\n    url: ${server.url}\n    auth:\n      oauth:\n` +
        "        grant: client_credentials\n        client_id: mcptest-ci\n" +
        "        client_secret_Env: CLIENT_SECRET\n" +
        "tools:\n  - name: the server echoes the token\n    server: api\n    tool: whoami\n" +
        "    expect:\n      - target: result.content[0].text\n" +
        '        matcher: { exact: "something else" }\n',
    );
    const outputs: string[] = [];
    for (const reporter of ["pretty", "json"]) {
      const run = await mcptest([
        "run",
        "suite.yml",
        "--reporter",
        reporter,
        "--capture",
        `capture.${reporter}.json`,
      ], { cwd: dir, env: { CLIENT_SECRET: as.client.secret } });
      assert.equal(run.code, 1, run.stdout + run.stderr);
      outputs.push(
        run.stdout,
        run.stderr,
        await Deno.readTextFile(`${dir}/capture.${reporter}.json`),
      );
    }
    outputs.push(await Deno.readTextFile(`${dir}/.mcptest/last-run.json`));
    const tokens = server.seen.filter((h) => h.startsWith("Bearer ")).map((h) => h.slice(7));
    assert.ok(tokens.length >= 2, "each run obtained a token");
    for (const token of tokens) {
      assert.ok(token.split(".").length === 3, "a JWT");
      for (const text of outputs) assert.equal(text.includes(token), false, "token leaked");
    }
    assert.match(
      outputs[0]!,
      /you sent Bearer \[REDACTED\]/,
      "the pretty output shows the redaction",
    );
    assert.match(outputs[2]!, /\[REDACTED\]/, "the capture shows the redaction");
  } finally {
    await Deno.remove(dir, { recursive: true });
    await server.close();
    await as.close();
  }
});
