/** @module Faulty servers under `mcptest run`: each fails its own tests clearly, the others still run, nothing hangs. */

import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { itemsServerArgv, mcptest, tempProject } from "../_helpers/cli.ts";

const RAW = fileURLToPath(new URL("../fixtures/transport/raw_stdio_server.ts", import.meta.url));
const raw = (mode: string) => JSON.stringify([Deno.execPath(), "run", RAW, mode]);

const test = (name: string, server: string) =>
  `  - name: ${name}
    server: ${server}
    tool: echo
    args: { text: hi }
    expect:
      - target: result.content[0].text
        matcher: { icontains: hi }
`;

Deno.test("faulty servers fail their own tests clearly, others still run, nothing hangs", async () => {
  const refused = (() => {
    const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const p = (l.addr as Deno.NetAddr).port;
    l.close();
    return p;
  })();
  const http500 = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    () => new Response("upstream exploded", { status: 500 }),
  );
  const dir = await tempProject({
    "suite.yml": `servers:
  good:
    command: ${JSON.stringify(itemsServerArgv())}
  exits:
    command: ${raw("exit")}
  garbage:
    command: ${raw("garbage")}
    timeout_ms: 1500
  silent:
    command: ${raw("silent")}
    timeout_ms: 1500
  crash:
    command: ${raw("crash")}
  http500:
    url: http://127.0.0.1:${http500.addr.port}/mcp
    transport: streamable-http
  refused:
    url: http://127.0.0.1:${refused}/mcp
tools:
${test("good one", "good")}${test("exits mid-run", "exits")}${
      test("garbage on stdout", "garbage")
    }${test("never answers", "silent")}${test("crashes on start", "crash")}${
      test("http 500", "http500")
    }${test("refused", "refused")}${test("good two", "good")}`,
  });
  try {
    // Nothing hangs: the run ends with a verdict for every test. The silent server, and the one
    // that writes garbage instead of answers, cost their own 1.5 s timeout: whether that expires
    // in their handshake or in the call, the test fails, so a busy machine cannot change it.
    const run = await mcptest(["run", "suite.yml"], { cwd: dir });
    assert.equal(run.code, 1, run.stderr);
    const out = run.stdout;
    assert.match(out, /PASS {2}good one/);
    assert.match(out, /PASS {2}good two/);
    for (
      const name of [
        "exits mid-run",
        "garbage on stdout",
        "never answers",
        "crashes on start",
        "http 500",
        "refused",
      ]
    ) {
      assert.match(out, new RegExp(`FAIL {2}${name}`), out);
    }
    assert.match(out, /tcp|connection refused/i);
    assert.match(out, /500/);
    assert.match(out, /2 passed, 6 failed/);
  } finally {
    await http500.shutdown();
    await Deno.remove(dir, { recursive: true });
  }
});
