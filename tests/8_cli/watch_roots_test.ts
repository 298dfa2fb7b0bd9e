/** @module `--watch` sees a test file added to a folder given to `run`, and edits inside a watched folder removed and made again (#23); ChangeFeed on real file events, correlated by event, no process. */

import assert from "node:assert/strict";
import { join } from "node:path";
import { ChangeFeed } from "../../src/8_cli/watch_feed.ts";
import { eventHit, rootsOf } from "../../src/8_cli/watch_roots.ts";

Deno.test("ChangeFeed: a new YAML file in a root reruns everything; a root made again is watched anew", async () => {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "mcptest-roots-" }));
  const tests = join(dir, "tests");
  await Deno.mkdir(tests);
  const a = join(tests, "a.yml");
  await Deno.writeTextFile(a, "tools: []\n");
  const plan = { files: new Map([[a, ["tests/a.yml"]]]), folders: new Map() };
  const roots = rootsOf(["tests"], (p) => join(dir, p));
  assert.deepEqual(roots, [tests]);
  const feed = new ChangeFeed();
  try {
    feed.watch([tests], roots);
    feed.dropRunWrites(plan);
    const added = join(tests, "new.yml");
    await Deno.writeTextFile(added, "tools: []\n");
    const first = await feed.next(plan);
    assert.equal(first.affected, "all");
    assert.ok(first.changed.includes(added));

    // The folder goes away and comes back (a branch switch, `git stash`): edits are seen again.
    await Deno.remove(tests, { recursive: true });
    await Deno.mkdir(tests);
    const back = await feed.next(plan);
    assert.equal(back.affected, "all", "the root came back: everything reruns");
    feed.watch([tests], roots);
    feed.dropRunWrites(plan);
    await Deno.writeTextFile(a, "tools: [] # edited\n");
    const edited = await feed.next(plan);
    assert.deepEqual(
      edited,
      { changed: [a], affected: ["tests/a.yml"] },
      "a known file reruns itself",
    );
  } finally {
    feed.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("eventHit(): YAML in a root, nothing else new", () => {
  const plan = { files: new Map([["/p/tests/a.yml", ["tests/a.yml"]]]), folders: new Map() };
  assert.equal(eventHit(plan, ["/p/tests"], [], "/p/tests/b.yml"), "all");
  assert.equal(eventHit(plan, ["/p/tests"], [], "/p/tests/notes.txt"), undefined);
  assert.deepEqual(eventHit(plan, ["/p/tests"], [], "/p/tests/a.yml"), ["tests/a.yml"]);
  assert.equal(eventHit(plan, ["/p/tests"], [], "/p/other/b.yml"), undefined);
});
