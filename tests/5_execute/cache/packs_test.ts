/** @module One pack per server and cassette (src/5_execute/cache/packs.ts): written once per run and only when something is new, merged with what was read, old entries dropped after KEEP_GENERATIONS writes, a re-recorded cassette's pack replaced, the old per-test layout never read. */

import assert from "node:assert/strict";
import { KEEP_GENERATIONS } from "../../../src/5_execute/cache/packs.ts";
import { inProject, packs, run, storeFiles, tool } from "./_project.ts";

const onOther = (i: number) => tool(i, { id: `s.yml::tool::o${i}`, serverKey: "other" });

Deno.test("one pack per server, written only when a run stores something new", async () => {
  await inProject(async (dir) => {
    const tests = [tool(0), tool(1), onOther(2)];
    assert.deepEqual(await run(dir, tests), []);
    const files = await packs(dir);
    assert.equal(files.length, 2, "srv and other: one pack each");
    const before = await Promise.all(files.map((f) => Deno.stat(f)));
    const texts = await Promise.all(files.map((f) => Deno.readTextFile(f)));
    assert.deepEqual((await run(dir, tests)).sort(), tests.map((t) => t.id).sort());
    const after = await Promise.all(files.map((f) => Deno.stat(f)));
    // A rewrite renames a new file into place: another inode. An all-hits run writes nothing.
    assert.deepEqual(after.map((s) => s.ino), before.map((s) => s.ino));
    assert.deepEqual(await Promise.all(files.map((f) => Deno.readTextFile(f))), texts);
    // A new test of srv rewrites srv's pack only.
    await run(dir, [...tests, tool(3)]);
    const again = await Promise.all(files.map((f) => Deno.stat(f)));
    assert.deepEqual(again.map((s, i) => s.ino === before[i]!.ino).sort(), [false, true]);
    assert.deepEqual(await packs(dir), files);
  });
});

Deno.test("a rewrite keeps what it read: entries of a filtered run and of the whole suite both serve", async () => {
  await inProject(async (dir) => {
    const both = [tool(0), tool(1)];
    await run(dir, both);
    assert.deepEqual(await run(dir, [both[1]!]), [], "alone, t1 has another replay prefix");
    assert.deepEqual(await run(dir, [both[1]!]), [both[1]!.id], "stored alone");
    assert.deepEqual((await run(dir, both)).sort(), both.map((t) => t.id).sort(), "still there");
    assert.equal((await packs(dir)).length, 1);
  });
});

Deno.test(`an entry no write used for ${KEEP_GENERATIONS} writes is dropped`, async () => {
  await inProject(async (dir) => {
    const kept = [tool(0)];
    await run(dir, kept);
    // Each run stores a new test alone (its own replay prefix): one write of srv's pack each.
    for (let i = 1; i <= KEEP_GENERATIONS; i++) {
      assert.deepEqual(await run(dir, [tool(100 + i)]), []);
    }
    // Looked at in the pack, not by a run: a run that serves it would use it (and may write).
    const storedIds = async () => {
      const [pack] = await packs(dir);
      const { entries } = JSON.parse(await Deno.readTextFile(pack!));
      return Object.values(entries as Record<string, { result: { id: string } }>)
        .map((e) => e.result.id);
    };
    assert.ok((await storedIds()).includes(kept[0]!.id), `alive after ${KEEP_GENERATIONS}`);
    await run(dir, [tool(200)]); // one more write that does not use it
    assert.ok(!(await storedIds()).includes(kept[0]!.id), "dropped");
    assert.deepEqual(await run(dir, kept), [], "a miss");
  });
});

Deno.test("a write refreshes the entries the run served: they stay while the suite keeps using them", async () => {
  await inProject(async (dir) => {
    const [a, b] = [tool(0), tool(1)];
    const others = (from: number) =>
      Array.from({ length: KEEP_GENERATIONS }, (_, i) => tool(from + i));
    await run(dir, [a, b], undefined, [a]); // a fails: b alone is stored
    for (const other of others(100).slice(1)) await run(dir, [other]);
    // a passes now: b is served, a is stored; that write refreshes b.
    assert.deepEqual(await run(dir, [a, b]), [b.id]);
    for (const other of others(200)) await run(dir, [other]);
    // Without the refresh, b's entry would be 2 * KEEP_GENERATIONS - 1 writes old: dropped.
    assert.deepEqual((await run(dir, [a, b])).sort(), [a.id, b.id]);
  });
});

Deno.test("a re-recorded cassette replaces its server's pack; other servers' packs stay", async () => {
  await inProject(async (dir) => {
    const tests = [tool(0), onOther(1)];
    await run(dir, tests);
    const [first, second] = await packs(dir);
    await Deno.writeTextFile(`${dir}/cassettes/srv.json`, '{"exchanges":["re-recorded"]}');
    assert.deepEqual(await run(dir, tests), [onOther(1).id], "srv's tests run again");
    const now = await packs(dir);
    assert.equal(now.length, 2, "the old pack of srv's cassette is gone");
    assert.equal(now.filter((f) => f === first || f === second).length, 1, "other's pack stays");
    assert.deepEqual((await run(dir, tests)).sort(), tests.map((t) => t.id).sort());
  });
});

Deno.test("the per-test files of the old layout are never read, and left alone", async () => {
  await inProject(async (dir) => {
    const tests = [tool(0)];
    await run(dir, tests);
    const [pack] = await packs(dir);
    const text = await Deno.readTextFile(pack!);
    const { entries } = JSON.parse(text);
    const [key] = Object.keys(entries);
    // What format 2 kept: one file per key, under the same key, with the same MAC.
    const old = `${dir}/.mcptest/cache/${key!.slice(0, 2)}/${key}.json`;
    await Deno.mkdir(`${dir}/.mcptest/cache/${key!.slice(0, 2)}`);
    await Deno.writeTextFile(
      old,
      JSON.stringify({ format: "mcptest-result-cache", version: 2, key, ...entries[key!] }),
    );
    await Deno.remove(pack!);
    assert.deepEqual(await run(dir, tests), [], "no pack, no hit");
    assert.ok((await storeFiles(dir)).includes(old));
  });
});
