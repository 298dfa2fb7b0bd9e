/** @module The result cache through `mcptest run`: served on the second replay from one pack per server, shown as cached, bypassed by --no-cache, never for live servers. */

import assert from "node:assert/strict";
import { itemsServerYaml, mcptest as run, tempProject } from "../../_helpers/cli.ts";

Deno.test("mcptest run serves eligible replayed tests from the cache", async () => {
  // The opted-out test runs first: a served test before a running one of the same server would
  // shift the replay of repeats (docs/cache.md), so the cached one comes last.
  const suite = `servers:\n${itemsServerYaml()}tools:\n` +
    `  - name: echo opted out\n    server: items\n    tool: echo\n    args: { text: no }\n    cache: false\n` +
    `  - name: echo hi\n    server: items\n    tool: echo\n    args: { text: hi }\n` +
    `    expect:\n      - target: result.content[0].text\n        matcher: { exact: hi }\n`;
  const dir = await tempProject({ "suite.yml": suite });
  const home = await Deno.makeTempDir({ prefix: "mcptest-cache-home-" });
  const env = { XDG_CACHE_HOME: home }; // the cache secret lives outside the project
  const mcptest = (args: string[], options: { cwd: string }) => run(args, { ...options, env });
  try {
    const live = await mcptest(["run", "suite.yml"], { cwd: dir });
    assert.equal(live.code, 0, live.stdout + live.stderr);
    const liveAgain = await mcptest(["run", "suite.yml"], { cwd: dir });
    assert.doesNotMatch(liveAgain.stdout, /cached/, "a live server is never cached");

    assert.equal((await mcptest(["run", "--record", "suite.yml"], { cwd: dir })).code, 0);
    const first = await mcptest(["run", "suite.yml"], { cwd: dir });
    assert.doesNotMatch(first.stdout, /cached/);
    const second = await mcptest(["run", "suite.yml"], { cwd: dir });
    assert.equal(second.code, 0);
    assert.match(second.stdout, /PASS {2}echo hi +\(\d+ms, replay\) \(cached\)/);
    assert.match(second.stdout, /PASS {2}echo opted out +\(\d+ms, replay\)\n/);
    // The store: one pack for the one replayed server and the load memo, nothing else (no file
    // per test).
    const store: string[] = [];
    for await (const e of Deno.readDir(`${dir}/.mcptest/cache`)) store.push(e.name);
    assert.deepEqual(store.sort(), ["loads", "packs"]);
    const memos: string[] = [];
    for await (const e of Deno.readDir(`${dir}/.mcptest/cache/loads`)) memos.push(e.name);
    assert.equal(memos.length, 1, memos.join(", "));
    const packs: string[] = [];
    for await (const e of Deno.readDir(`${dir}/.mcptest/cache/packs`)) packs.push(e.name);
    assert.equal(packs.length, 1, packs.join(", "));
    assert.match(packs[0]!, /^[0-9a-f]{32}-[0-9a-f]{32}\.json$/);
    const pack = JSON.parse(await Deno.readTextFile(`${dir}/.mcptest/cache/packs/${packs[0]}`));
    assert.equal(Object.keys(pack.entries).length, 1, "the opted-out test is not stored");
    const json = await mcptest(["run", "suite.yml", "--reporter", "json"], { cwd: dir });
    const tests = JSON.parse(json.stdout).tests;
    assert.equal(tests[0].cached, undefined);
    assert.equal(tests[1].cached, true);
    // The same entries under another machine's secret (a PR that commits .mcptest/cache): a miss.
    const other = await Deno.makeTempDir({ prefix: "mcptest-cache-other-" });
    try {
      const foreign = await run(["run", "suite.yml"], { cwd: dir, env: { XDG_CACHE_HOME: other } });
      assert.equal(foreign.code, 0, foreign.stdout + foreign.stderr);
      assert.doesNotMatch(foreign.stdout, /cached/, "an entry of another secret is never served");
    } finally {
      await Deno.remove(other, { recursive: true });
    }
    const bypass = await mcptest(["run", "suite.yml", "--no-cache"], { cwd: dir });
    assert.doesNotMatch(bypass.stdout, /cached/);

    // Re-recording changes the cassette's bytes only if the answers change; a changed test does.
    await Deno.writeTextFile(
      `${dir}/suite.yml`,
      suite.replace("matcher: { exact: hi }", "matcher: { regex: hi }"),
    );
    const changed = await mcptest(["run", "suite.yml"], { cwd: dir });
    assert.equal(changed.code, 0, changed.stdout);
    assert.doesNotMatch(changed.stdout, /cached/, "a changed matcher is not served from the cache");
  } finally {
    await Deno.remove(dir, { recursive: true });
    await Deno.remove(home, { recursive: true });
  }
});
