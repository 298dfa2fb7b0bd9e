/** @module `--server NAME=TARGET` is always live (real CLI): never a replay of NAME's cassette, never a cached result; `--record` with it overwrites NAME's cassette. */

import assert from "node:assert/strict";
import { itemsServerArgv, itemsServerYaml, mcptest, tempProject } from "../../_helpers/cli.ts";

/** A global server `memory` (the example items server) and one cacheable test against it. */
const FILES = {
  "mcptest.yml": `servers:\n${itemsServerYaml("memory")}`,
  "suite.yml": `tools:
  - name: echo hi
    server: memory
    tool: echo
    args: { text: hi }
    expect:
      - target: result.content[0].text
        matcher: { exact: hi }
`,
};

/** A loopback port nothing listens on: bound, read, closed. */
function closedPort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

/** The entry files under `<dir>/.mcptest/cache/`, sorted. */
async function cacheEntries(dir: string): Promise<string[]> {
  const found: string[] = [];
  for await (const shard of Deno.readDir(`${dir}/.mcptest/cache`)) {
    // The load memos (a suite, never a result: docs/cache.md) are not the result cache's entries.
    if (!shard.isDirectory || shard.name === "loads") continue;
    for await (const entry of Deno.readDir(`${dir}/.mcptest/cache/${shard.name}`)) {
      found.push(`${shard.name}/${entry.name}`);
    }
  }
  return found.sort();
}

interface Row {
  status: string;
  replayed?: boolean;
  cached?: boolean;
  failure?: { layer?: string; message: string };
}

/** `mcptest run ...args --reporter json` in `dir`: the exit code and the record. */
async function runJson(dir: string, args: string[]) {
  const run = await mcptest(["run", "suite.yml", ...args, "--reporter", "json"], { cwd: dir });
  const record = JSON.parse(run.stdout) as {
    tests: Row[];
    servers: { name: string; source: string; status: string }[];
  };
  return { code: run.code, stderr: run.stderr, record, test: record.tests[0]! };
}

Deno.test("mcptest run --server NAME=TARGET never replays NAME's cassette nor serves a cached result", async (t) => {
  const dir = await tempProject(FILES);
  const refused = `memory=http://127.0.0.1:${closedPort()}/mcp`;
  try {
    await t.step("setup: --record writes cassettes/memory.json", async () => {
      const run = await mcptest(["run", "suite.yml", "--record"], { cwd: dir });
      assert.equal(run.code, 0, run.stdout + run.stderr);
      const cassette = JSON.parse(await Deno.readTextFile(`${dir}/cassettes/memory.json`));
      assert.equal(cassette.server, "memory");
    });

    await t.step(
      "without --server the cassette replays (so the next steps are not vacuous)",
      async () => {
        const run = await runJson(dir, ["--no-cache"]);
        assert.equal(run.code, 0, run.stderr);
        assert.equal(run.test.status, "pass");
        assert.equal(run.test.replayed, true);
      },
    );

    await t.step(
      "with a cassette: --server to a closed port fails to connect (exit 1)",
      async () => {
        const run = await runJson(dir, ["--no-cache", "--server", refused]);
        assert.equal(run.code, 1, JSON.stringify(run.record));
        assert.equal(run.test.status, "error");
        assert.equal(run.test.replayed, undefined);
        assert.equal(run.test.failure?.layer, "tcp");
        assert.match(run.test.failure?.message ?? "", /connection refused/i);
        assert.deepEqual(
          run.record.servers.map((s) => [s.name, s.source, s.status]),
          [["memory", "cli flag", "failed"]],
        );
        const pretty = await mcptest(["run", "suite.yml", "--no-cache", "--server", refused], {
          cwd: dir,
        });
        assert.equal(pretty.code, 1);
        assert.match(pretty.stdout, /FAIL {2}echo hi/);
        assert.match(pretty.stdout, /error \[tcp\]: tcp connect failed: connection refused/i);
      },
    );

    await t.step(
      "setup: a plain run twice stores the result and then serves it cached",
      async () => {
        assert.equal((await runJson(dir, [])).code, 0);
        const second = await runJson(dir, []);
        assert.equal(second.code, 0, second.stderr);
        assert.equal(second.test.cached, true, "the cache holds the result");
      },
    );

    await t.step(
      "with a cached result: --server to a closed port still fails to connect",
      async () => {
        const run = await runJson(dir, ["--server", refused]);
        assert.equal(run.code, 1, JSON.stringify(run.record));
        assert.equal(run.test.status, "error");
        assert.equal(run.test.cached, undefined);
        assert.equal(run.test.replayed, undefined);
        assert.match(run.test.failure?.message ?? "", /connection refused/i);
      },
    );

    await t.step("without --server the cached result is still served", async () => {
      const run = await runJson(dir, []);
      assert.equal(run.code, 0, run.stderr);
      assert.equal(run.test.cached, true);
    });

    await t.step("a live --server target passes live and stores nothing in the cache", async () => {
      const target = itemsServerArgv("--scenario", "conformant").map((a) => `'${a}'`).join(" ");
      const entries = await cacheEntries(dir);
      assert.equal(entries.length, 1);
      const run = await runJson(dir, ["--server", `memory=${target}`]);
      assert.equal(run.code, 0, run.stderr);
      assert.equal(run.test.status, "pass");
      assert.equal(run.test.replayed, undefined);
      assert.equal(run.test.cached, undefined);
      assert.deepEqual(await cacheEntries(dir), entries);
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("mcptest run --record --server NAME=TARGET records the flag's target over NAME's cassette", async () => {
  const dir = await tempProject(FILES);
  const path = `${dir}/cassettes/memory.json`;
  try {
    const first = await mcptest(["run", "suite.yml", "--record"], { cwd: dir });
    assert.equal(first.code, 0, first.stdout + first.stderr);
    const before = JSON.parse(await Deno.readTextFile(path));
    assert.doesNotMatch(before.server_label, /--scenario conformant$/);

    const argv = itemsServerArgv("--scenario", "conformant");
    const target = argv.map((a) => `'${a}'`).join(" ");
    const record = await mcptest(["run", "suite.yml", "--record", "--server", `memory=${target}`], {
      cwd: dir,
    });
    assert.equal(record.code, 0, record.stdout + record.stderr);
    const after = JSON.parse(await Deno.readTextFile(path));
    assert.equal(after.server, "memory");
    assert.equal(after.server_label, `stdio://${argv.join(" ")}`);

    // A later plain run replays the new recording.
    const replay = await runJson(dir, ["--no-cache"]);
    assert.equal(replay.code, 0, replay.stderr);
    assert.equal(replay.test.replayed, true);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
