/** @module Re-reading bearer/header variables on a 401: the loader keeps the variable names, a rotated env file is read again (runSuite and the real CLI). */

import assert from "node:assert/strict";
import { variableRereader } from "../../../src/3_load/config/reread.ts";
import type { AuthConfig } from "../../../src/2_connect/transport/auth_config.ts";
import { loadSuite } from "../../../src/3_load/config/load_suite.ts";
import type { Suite } from "../../../src/3_load/config/types.ts";
import { runSuite } from "../../../src/5_execute/suite/run_suite.ts";
import { mcptest } from "../../_helpers/cli.ts";
import { startProtectedServer } from "../../fixtures/auth/protected_server.ts";
import { echoSuite } from "../../2_connect/auth/_suite.ts";

const BEARER = "      bearer:\n        token_Env: MCP_TOKEN\n";

function authOf(suite: Suite, key: string): AuthConfig | undefined {
  const target = suite.servers[key]?.target;
  return target && "url" in target ? target.auth : undefined;
}

Deno.test("loadSuite() keeps the variable an auth value came from (test-file and global servers)", async (t) => {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-auth-" });
  try {
    await Deno.writeTextFile(
      `${dir}/mcptest.yml`,
      "servers:\n  global:\n    url: http://127.0.0.1:9/mcp\n    auth:\n      headers:\n" +
        "        X-Api-Key_Env: API_KEY\n",
    );
    await Deno.writeTextFile(
      `${dir}/suite.yml`,
      echoSuite("http://127.0.0.1:9/mcp", BEARER, 1) +
        "  - name: global\n    server: global\n    tool: echo\n",
    );
    const suite = await loadSuite({
      paths: ["suite.yml"],
      cwd: dir,
      env: { MCP_TOKEN: "tok-a", API_KEY: "key-a" },
    });
    await t.step("bearer in a test file", () => {
      const key = Object.keys(suite.servers).find((k) => k.endsWith("#api"))!;
      assert.deepEqual(authOf(suite, key), {
        kind: "bearer",
        token: "tok-a",
        variable: "MCP_TOKEN",
      });
    });
    await t.step("custom headers of a global server", () => {
      assert.deepEqual(authOf(suite, "global"), {
        kind: "headers",
        headers: [{ name: "X-Api-Key", value: "key-a", variable: "API_KEY" }],
      });
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("variableRereader() reads the variable stack again: a rewritten --env-file wins, --var stays", async () => {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-auth-" });
  try {
    await Deno.writeTextFile(`${dir}/t.env`, "MCP_TOKEN=one\n");
    const reread = variableRereader({ cwd: dir, envFiles: ["t.env"], env: {}, vars: ["X=1"] });
    assert.equal(await reread("MCP_TOKEN"), "one");
    await Deno.writeTextFile(`${dir}/t.env`, "MCP_TOKEN=two\n");
    assert.equal(await reread("MCP_TOKEN"), "two");
    assert.equal(await reread("X"), "1");
    assert.equal(await reread("NOPE"), undefined);
    await Deno.remove(`${dir}/t.env`);
    assert.equal(await reread("MCP_TOKEN"), undefined, "a vanished env file is no value");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/** A server accepting `tok-1` until its first tools/call, then rewriting `file` to `tok-2` and accepting only that. */
function rotatingServer(file: string) {
  const accepted = new Set(["Bearer tok-1-abcdef"]);
  let rotated = false;
  const server = startProtectedServer({
    accept: new Map([["authorization", accepted]]),
    onAnswer: async (method) => {
      if (method !== "tools/call" || rotated) return;
      rotated = true;
      await Deno.writeTextFile(file, "MCP_TOKEN=tok-2-ghijkl\n");
      accepted.clear();
      accepted.add("Bearer tok-2-ghijkl");
    },
  });
  return server;
}

Deno.test("bearer token rotated in an env file during the run: the 401 re-reads it and the test passes", async (t) => {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-auth-" });
  const file = `${dir}/tokens.env`;
  try {
    await t.step("runSuite with the loader's sources", async () => {
      await Deno.writeTextFile(file, "MCP_TOKEN=tok-1-abcdef\n");
      const server = rotatingServer(file);
      try {
        await Deno.writeTextFile(`${dir}/suite.yml`, echoSuite(server.url, BEARER, 2));
        const sources = { cwd: dir, envFiles: ["tokens.env"], env: {} };
        const suite = await loadSuite({ paths: ["suite.yml"], ...sources });
        const record = await runSuite(suite, {
          concurrency: 1,
          reread: variableRereader(sources),
        });
        assert.equal(record.summary.passed, 2, JSON.stringify(record.tests));
        assert.equal(server.rejected, 1, "one 401, then the rotated token");
        assert.deepEqual(server.seen.slice(-1), ["Bearer tok-2-ghijkl"]);
        assert.doesNotMatch(JSON.stringify(record), /tok-[12]-/);
      } finally {
        await server.close();
      }
    });
    await t.step("the real CLI with --env-file", async () => {
      await Deno.writeTextFile(file, "MCP_TOKEN=tok-1-abcdef\n");
      const server = rotatingServer(file);
      try {
        await Deno.writeTextFile(`${dir}/suite.yml`, echoSuite(server.url, BEARER, 2));
        const run = await mcptest(
          ["run", "suite.yml", "--env-file", "tokens.env", "--concurrency", "1"],
          { cwd: dir },
        );
        assert.equal(run.code, 0, run.stdout + run.stderr);
        assert.match(run.stdout, /2 passed/);
        assert.equal(server.rejected, 1);
        assert.doesNotMatch(run.stdout + run.stderr, /tok-[12]-/);
      } finally {
        await server.close();
      }
    });
    await t.step(
      "without a re-reader the rotated token is not found: auth still failed after refresh",
      async () => {
        await Deno.writeTextFile(file, "MCP_TOKEN=tok-1-abcdef\n");
        const server = rotatingServer(file);
        try {
          await Deno.writeTextFile(`${dir}/suite.yml`, echoSuite(server.url, BEARER, 2));
          const suite = await loadSuite({
            paths: ["suite.yml"],
            cwd: dir,
            envFiles: ["tokens.env"],
            env: {},
          });
          const record = await runSuite(suite, {
            concurrency: 1,
            reread: () => Promise.resolve(undefined),
          });
          assert.equal(record.summary.passed, 1);
          assert.match(JSON.stringify(record.tests[1]), /auth still failed after refresh/);
        } finally {
          await server.close();
        }
      },
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
