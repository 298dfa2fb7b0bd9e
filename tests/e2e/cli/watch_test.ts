/** @module `mcptest run --watch`: what a change reruns, and the real CLI rerunning on a change and exiting on Ctrl-C. */

import assert from "node:assert/strict";
import { join } from "node:path";
import { affectedBy, watchedFolders, watchPlan } from "../../../src/8_cli/watch_targets.ts";
import { ChangeFeed } from "../../../src/8_cli/watch_feed.ts";
import type { ServerSpec, Suite, TestCase } from "../../../src/3_load/config/types.ts";
import { ROOT, spawnMcptest, tempProject } from "../../_helpers/cli.ts";
import { StreamText } from "../../_helpers/wait.ts";

const SERVER_SCRIPT = `${ROOT}examples/servers/items_server.ts`;

Deno.test("watchPlan() and affectedBy() map a changed path to the test files to rerun", async () => {
  const cwd = await tempProject({
    "server.ts": "// a local server\n",
    "tests/a.yml": "",
    "tests/b.yml": "",
  });
  try {
    const server = (key: string, command: string[]) =>
      ({ key, name: key, target: { kind: "stdio", command, env: {} } }) as unknown as ServerSpec;
    const test = (file: string, serverKey: string) => ({ file, serverKey }) as unknown as TestCase;
    const suite = {
      files: ["tests/a.yml", "tests/b.yml"],
      servers: {
        local: server("local", ["deno", "run", "-A", "server.ts"]),
        other: server("other", ["deno", "run", "missing.ts"]),
      },
      tests: [test("tests/a.yml", "local"), test("tests/b.yml", "other")],
      secrets: [],
    } as unknown as Suite;
    const plan = watchPlan(suite, { cwd, envFiles: ["vars.env"] });
    const at = (path: string) => join(cwd, path);
    assert.deepEqual(affectedBy(plan, [at("tests/b.yml")]), ["tests/b.yml"]);
    assert.deepEqual(affectedBy(plan, [at("tests/snapshots/list.json")]), [
      "tests/a.yml",
      "tests/b.yml",
    ]);
    assert.deepEqual(affectedBy(plan, [at("server.ts")]), ["tests/a.yml"], "its users only");
    assert.equal(affectedBy(plan, [at("mcptest.yml")]), "all");
    assert.equal(affectedBy(plan, [at("vars.env")]), "all");
    assert.equal(affectedBy(plan, [at("notes.txt")]), undefined, "an unrelated file");
    assert.equal(affectedBy(plan, [at("missing.ts")]), undefined, "not a file when planned");
    assert.equal(affectedBy(plan, [at("tests/snapshots-old/x.json")]), undefined);
    assert.deepEqual(watchedFolders(plan), [cwd, join(cwd, "tests")]);
  } finally {
    await Deno.remove(cwd, { recursive: true });
  }
});

/** Running processes whose command line names `path` (the servers a run started from it). */
async function processesNaming(path: string): Promise<string[]> {
  const ps = await new Deno.Command("ps", { args: ["-ww", "-eo", "pid,args"], stdout: "piped" })
    .output();
  return new TextDecoder().decode(ps.stdout).split("\n").filter((line) => line.includes(path));
}

const suiteYaml = (dir: string, name: string, text: string) =>
  `servers:\n  items:\n    command: ${
    JSON.stringify([
      Deno.execPath(),
      "run",
      "--allow-net=127.0.0.1",
      "--allow-env",
      // The folder in a flag marks this test's servers in `ps`.
      `--allow-read=${ROOT},${dir}`,
      SERVER_SCRIPT,
    ])
  }\ntools:\n  - name: ${name}\n    server: items\n    tool: echo\n    args: { text: "hi" }\n    expect:\n      - target: result.content[0].text\n        matcher: { exact: "${text}" }\n`;

Deno.test("mcptest run --watch reruns the changed file, then exits on Ctrl-C mid-run with its servers reaped", async () => {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "mcptest-watch-" }));
  await Deno.mkdir(join(dir, "tests"));
  await Deno.writeTextFile(join(dir, "tests/a.yml"), suiteYaml(dir, "first file test", "hi"));
  await Deno.writeTextFile(join(dir, "tests/b.yml"), suiteYaml(dir, "second file test", "hi"));
  // --verbose prints each frame as it is sent (on stderr, beside the watcher's own lines).
  const child = spawnMcptest(["run", "tests", "--watch", "--no-cache", "--verbose"], {
    cwd: dir,
    stdout: "piped",
    stderr: "piped",
  });
  const out = new StreamText(child.stdout);
  const err = new StreamText(child.stderr);
  const watching = /^watching \d+ files for changes; press Ctrl-C to exit$/m;
  try {
    const first = await out.until(/2 passed, 0 failed in \d+\.\ds\n/);
    assert.match(out.text, /first file test[\s\S]*second file test/);
    // The watcher is up once it says so: then break the second file's test.
    let seen = await err.until(watching);
    await Deno.writeTextFile(join(dir, "tests/b.yml"), suiteYaml(dir, "second file test", "ho"));
    await out.until(/0 passed, 1 failed in \d+\.\ds\n/, first);
    const second = out.text.slice(first);
    assert.match(second, /FAIL {2}second file test[\s\S]*at tests\/b\.yml:\d+:\d+/);
    assert.ok(!second.includes("first file test"), `only the changed file reran:\n${second}`);
    // A third change starts a test that waits a minute; Ctrl-C once its call is out.
    seen = await err.until(watching, seen);
    const slow = suiteYaml(dir, "second file test", "slept 60000 ms")
      .replace("tool: echo", "tool: slow").replace('{ text: "hi" }', "{ delay_ms: 60000 }");
    await Deno.writeTextFile(join(dir, "tests/b.yml"), slow);
    await err.until(/^> items .*"method":"tools\/call".*"name":"slow"/m, seen);
    assert.notDeepEqual(await processesNaming(`,${dir} `), [], "the rerun's server runs");
    child.kill("SIGINT");
    const status = await child.status;
    assert.equal(status.code, 130, err.text);
    assert.deepEqual(await processesNaming(`,${dir} `), [], "no server left running");
  } finally {
    try {
      child.kill("SIGKILL");
    } catch { /* already gone */ }
    await child.status;
    await Promise.all([out.ended(), err.ended()]);
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("ChangeFeed keeps changes made during a run and drops what the run wrote itself", async () => {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "mcptest-feed-" }));
  await Deno.mkdir(join(dir, "snapshots"));
  const feed = new ChangeFeed();
  try {
    const plan = {
      files: new Map([[join(dir, "a.yml"), ["a.yml"]]]),
      folders: new Map([[join(dir, "snapshots"), ["a.yml"]]]),
    };
    feed.watch([dir, join(dir, "snapshots")]);
    const a = join(dir, "a.yml"), snapshot = join(dir, "snapshots", "k.json");
    // "During a run": a snapshot written by the run and an edit of the test file, then the run
    // ends. Written synchronously, their events cannot have been delivered yet: they all arrive
    // after the run ended, as on a busy machine, and still only the edit counts.
    Deno.writeTextFileSync(snapshot, "1");
    Deno.writeTextFileSync(a, "tools: []\n");
    Deno.writeTextFileSync(join(dir, "notes.txt"), "unrelated");
    feed.dropRunWrites(plan);
    assert.deepEqual(await feed.next(plan), { changed: [a], affected: ["a.yml"] });
    // After the run, a snapshot edited by hand reruns its folder's files.
    await Deno.writeTextFile(snapshot, "2");
    const edited = await feed.next(plan);
    assert.deepEqual(edited.affected, ["a.yml"]);
    assert.ok(edited.changed.includes(snapshot));
    // The next run: its events may come before or after it ends; either way only the edit counts.
    await Deno.writeTextFile(snapshot, "3");
    await Deno.writeTextFile(a, "tools: [] # edited\n");
    feed.dropRunWrites(plan);
    assert.deepEqual(await feed.next(plan), { changed: [a], affected: ["a.yml"] });
  } finally {
    feed.close();
    await Deno.remove(dir, { recursive: true });
  }
});
