/** @module `mcptest run --record` then `mcptest run`: cassettes written, replayed without the server, stale requests named, flags checked (real CLI). */

import assert from "node:assert/strict";
import { itemsServerYaml, mcptest, spawnMcptest, tempProject } from "../../_helpers/cli.ts";
import { slowServerProject } from "../../_helpers/slow_server.ts";
import { StreamText } from "../../_helpers/wait.ts";

const suite = (server: string, text = "hi") =>
  `servers:\n${server}tools:
  - name: echo once
    server: items
    tool: echo
    args: { text: ${text} }
    expect:
      - target: result.content[0].text
        matcher: { exact: ${text} }
      - max_response_tokens: 1
  - name: created item
    server: items
    tool: create_item
    args: { name: widget }
    expect:
      - target: result.structuredContent.name
        matcher: { exact: widget }
  - name: slow once
    server: items
    tool: slow
    args: { delay_ms: 100 }
    expect:
      - max_duration_ms: 1
`;

/** A server entry that cannot start: replay must never need it. */
const MISSING = `  items:\n    command: ["/nonexistent/mcp-server-binary"]\n`;

Deno.test("mcptest run --record writes a cassette that mcptest run replays without the server", async (t) => {
  const dir = await tempProject({ "suite.yml": suite(itemsServerYaml()) });
  const cassette = `${dir}/cassettes/suite__items.json`;
  try {
    await t.step("--record runs live and writes one cassette per server", async () => {
      const run = await mcptest(["run", "suite.yml", "--record"], { cwd: dir });
      // Live: the 1 token budget fails, and so does the 1 ms one of a call told to take 100 ms.
      assert.equal(run.code, 1, run.stdout + run.stderr);
      assert.match(run.stdout, /slow once[\s\S]*max_duration_ms/);
      const value = JSON.parse(await Deno.readTextFile(cassette));
      assert.equal(value.format, "mcptest-cassette");
      assert.equal(value.version, 1);
      assert.equal(value.server, "items");
      const methods = value.exchanges.map((e: { request: { method: string } }) => e.request.method);
      assert.ok(methods.includes("tools/call"), methods.join(","));
      const ids = value.exchanges.flatMap((e: { request: { id?: number } }) =>
        e.request.id === undefined ? [] : [e.request.id]
      );
      assert.deepEqual(ids, ids.map((_: number, i: number) => i + 1), "ids renumbered 1..n");
    });

    await t.step(
      "a plain run replays it: no process spawned, budgets skipped: replay",
      async () => {
        await Deno.writeTextFile(`${dir}/suite.yml`, suite(MISSING));
        const run = await mcptest(["run", "suite.yml"], { cwd: dir });
        assert.equal(run.code, 0, run.stdout + run.stderr);
        assert.match(run.stdout, /max_duration_ms \(limit 1ms\) skipped: replay/);
        assert.match(run.stdout, /max_response_tokens \(limit 1 tokens\) skipped: replay/);
        assert.match(run.stdout, /PASS {2}echo once.*replay\)/);
        const json = await mcptest(["run", "suite.yml", "--reporter", "json"], { cwd: dir });
        const record = JSON.parse(json.stdout);
        assert.ok(record.tests.every((r: { replayed?: boolean }) => r.replayed === true));
      },
    );

    await t.step("--live forces the live server (which cannot start here)", async () => {
      const run = await mcptest(["run", "suite.yml", "--live"], { cwd: dir });
      assert.equal(run.code, 1);
      assert.match(run.stdout, /spawn/);
    });

    await t.step("a request not in the cassette fails with cassette stale on field", async () => {
      await Deno.writeTextFile(`${dir}/suite.yml`, suite(MISSING, "bye"));
      const run = await mcptest(["run", "suite.yml"], { cwd: dir });
      assert.equal(run.code, 1);
      assert.match(
        run.stdout,
        /cassette stale on field params\.arguments\.text in test "echo once": tools\/call .*"bye".* is not in cassettes\/suite__items\.json; nearest recorded request: .*\(params\.arguments\.text = "hi"\); re-record with: mcptest run --record/,
      );
      // Failed before any matcher: no assertion was graded.
      const json = await mcptest(["run", "suite.yml", "--reporter", "json"], { cwd: dir });
      const echo = JSON.parse(json.stdout).tests[0];
      assert.equal(echo.status, "error");
      assert.deepEqual(echo.assertions, []);
      // The other test still replays.
      assert.equal(JSON.parse(json.stdout).tests[1].status, "pass");
    });

    await t.step("--record and --live together are a usage error (exit 2)", async () => {
      const run = await mcptest(["run", "suite.yml", "--record", "--live"], { cwd: dir });
      assert.equal(run.code, 2);
      assert.match(run.stderr, /--record and --live cannot be used together/);
    });

    await t.step("a malformed cassette is an error, never a silent live run", async () => {
      await Deno.writeTextFile(cassette, '{"format":"mcptest-cassette","version":99}');
      await Deno.writeTextFile(`${dir}/suite.yml`, suite(itemsServerYaml()));
      const run = await mcptest(["run", "suite.yml"], { cwd: dir });
      assert.equal(run.code, 1);
      assert.match(run.stdout, /cassette version 99 is not supported/);
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a recording interrupted by SIGINT leaves the previous cassette intact", async () => {
  const previous = '{"format":"mcptest-cassette","version":1,"previous":true}\n';
  const dir = await slowServerProject({ "cassettes/suite__items.json": previous });
  // Ctrl-C once the report shows the quick call passed: the recording is then in the middle of
  // the minute-long call.
  const child = spawnMcptest(["run", "suite.yml", "--record"], { cwd: dir, stdout: "piped" });
  const stdout = new StreamText(child.stdout);
  try {
    await stdout.until(/PASS {2}quick call/);
    child.kill("SIGINT");
    assert.equal((await child.status).code, 130, stdout.text);
    assert.equal(await Deno.readTextFile(`${dir}/cassettes/suite__items.json`), previous);
    const left = [...Deno.readDirSync(`${dir}/cassettes`)].map((e) => e.name);
    assert.deepEqual(left, ["suite__items.json"], "no temp file left behind");
  } finally {
    try {
      child.kill("SIGKILL");
    } catch { /* exited */ }
    await child.status;
    await stdout.ended();
    await Deno.remove(dir, { recursive: true });
  }
});
