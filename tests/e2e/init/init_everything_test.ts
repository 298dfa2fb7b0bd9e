/**
 * @module `mcptest init` against server-everything, over stdio and Streamable HTTP: the starter
 * suite declares the client capabilities the server's tools need, runs
 * trigger-sampling-request, trigger-elicitation-request, get-roots-list and (as a task)
 * simulate-research-query, passes on the first run (the tool that needs the internet skipped),
 * records, and replays green with the server gone.
 */

import assert from "node:assert/strict";
import { mcptest } from "../../_helpers/cli.ts";
import { portBelowEphemeral, startPortFixture } from "../../fixtures/transport/helpers.ts";

const PACKAGE = "npm:@modelcontextprotocol/server-everything@2026.8.31";

/** argv running server-everything in `mode`, without touching the project's config or lock. */
function everything(mode: "stdio" | "streamableHttp"): string[] {
  return [Deno.execPath(), "run", "--quiet", "-A", "--no-config", "--no-lock", PACKAGE, mode];
}

/** The tools whose tests need what init declares, each as its PASS line. */
const PROTOCOL_TOOLS = [
  "trigger-sampling-request",
  "trigger-elicitation-request",
  "get-roots-list",
  "simulate-research-query",
];
const SUMMARY = /^19 passed, 0 failed, 1 skipped in /m;

/** init, run, run --record, then `stop()` the server and replay: every step green. */
async function initRunRecordReplay(
  t: Deno.TestContext,
  dir: string,
  server: string,
  stop: () => Promise<void>,
): Promise<void> {
  await t.step("init declares the client and writes a task and a skip", async () => {
    const init = await mcptest(["init", "--server", server], { cwd: dir });
    assert.equal(init.code, 0, init.stderr);
    assert.match(init.stdout, /server "everything" offers 16 tools/);
    const config = await Deno.readTextFile(`${dir}/mcptest.yml`);
    assert.match(
      config,
      /client:\n {6}capabilities:\n {8}- sampling\n {8}- elicitation\n {8}- roots\n/,
    );
    assert.match(config, /roots:\n {8}- uri: file:\/\/\/.*\n {10}name: project\n/);
    assert.match(config, /elicitation:\n {8}- action: accept\n {10}fill_from_schema: true\n/);
    const tests = await Deno.readTextFile(`${dir}/tests/everything.yml`);
    assert.match(
      tests,
      /tool: simulate-research-query\n {4}args:\n {6}topic: example\n {4}task: true\n {4}expect:\n {6}- target: task\.status\n {8}matcher:\n {10}exact: completed\n/,
    );
    assert.match(tests, /tool: gzip-file-as-resource\n {4}skip: "the tool says it reaches/);
    for (const tool of PROTOCOL_TOOLS) assert.match(tests, new RegExp(`tool: ${tool}\n`));
  });
  await t.step("the first run is green", async () => {
    const run = await mcptest(["run"], { cwd: dir });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    for (const tool of PROTOCOL_TOOLS) {
      assert.match(run.stdout, new RegExp(`PASS {2}${tool} answers`));
    }
    assert.match(run.stdout, /SKIP {2}gzip-file-as-resource answers/);
    assert.match(run.stdout, SUMMARY);
  });
  await t.step("run --record is green and writes the cassette", async () => {
    const run = await mcptest(["run", "--record"], { cwd: dir });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, SUMMARY);
    await Deno.stat(`${dir}/tests/cassettes/everything.json`);
  });
  await stop();
  await t.step("the replay, with the server gone, is green", async () => {
    const run = await mcptest(["run"], { cwd: dir });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    for (const tool of PROTOCOL_TOOLS) {
      assert.match(run.stdout, new RegExp(`PASS {2}${tool} answers +\\(\\d+ms, replay\\)`));
    }
    assert.match(run.stdout, SUMMARY);
  });
}

Deno.test("init against server-everything over stdio: green, recorded, replayed green", async (t) => {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-init-everything-" });
  try {
    const command = everything("stdio").map((a) => JSON.stringify(a)).join(" ");
    // The replay spawns nothing: the cassette answers (a server that cannot start proves it).
    const stop = async () => {
      const path = `${dir}/mcptest.yml`;
      const text = await Deno.readTextFile(path);
      await Deno.writeTextFile(path, text.replace(PACKAGE, "npm:mcptest-no-such-package@0.0.0"));
    };
    await initRunRecordReplay(t, dir, `everything=${command}`, stop);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("init against server-everything over Streamable HTTP: green, recorded, replayed green", async (t) => {
  // It prints the PORT it was given, not the port bound: a port no port-0 server is handed, and
  // another should a concurrent run take the same one.
  let server: Awaited<ReturnType<typeof startPortFixture>> | undefined;
  for (let attempt = 1; server === undefined; attempt++) {
    try {
      server = await startPortFixture(everything("streamableHttp"), {
        PORT: String(portBelowEphemeral()),
      });
    } catch (error) {
      if (attempt >= 5 || !/EADDRINUSE|exited before/.test(String(error))) throw error;
    }
  }
  const dir = await Deno.makeTempDir({ prefix: "mcptest-init-everything-http-" });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await server.close();
  };
  try {
    await initRunRecordReplay(t, dir, `everything=${server.url("/mcp")}`, stop);
  } finally {
    await stop();
    await Deno.remove(dir, { recursive: true });
  }
});
