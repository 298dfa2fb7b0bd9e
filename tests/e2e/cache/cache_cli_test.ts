/** @module The result cache through `mcptest run`: served on the second replay, shown as cached, bypassed by --no-cache, never for live servers. */

import assert from "node:assert/strict";
import { itemsServerYaml, mcptest, tempProject } from "../../_helpers/cli.ts";

Deno.test("mcptest run serves eligible replayed tests from the cache", async () => {
  const suite = `servers:\n${itemsServerYaml()}tools:\n` +
    `  - name: echo hi\n    server: items\n    tool: echo\n    args: { text: hi }\n` +
    `    expect:\n      - target: result.content[0].text\n        matcher: { exact: hi }\n` +
    `  - name: echo opted out\n    server: items\n    tool: echo\n    args: { text: no }\n    cache: false\n`;
  const dir = await tempProject({ "suite.yml": suite });
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
    const json = await mcptest(["run", "suite.yml", "--reporter", "json"], { cwd: dir });
    const tests = JSON.parse(json.stdout).tests;
    assert.equal(tests[0].cached, true);
    assert.equal(tests[1].cached, undefined);
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
  }
});
