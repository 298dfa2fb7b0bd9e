/** @module The keys a sealed pack recorded for a sequence of tests (src/5_execute/cache/run_keys.ts): the very keys the replay-prefix chain gives, used only for the same sequence, and never a way into the pack for an entry that does not authenticate. */

import assert from "node:assert/strict";
import fc from "fast-check";
import type { TestCase } from "../../../src/3_load/config/types.ts";
import { loadSha256 } from "../../../src/0_base/util/sha256.ts";
import {
  chainKeys,
  keyingOf,
  recordedKeys,
  type ServerKeying,
} from "../../../src/5_execute/cache/run_keys.ts";
import { neverCached } from "../../../src/5_execute/suite/cache_stage.ts";
import { inProject, packs, run, SECRET, SUITE, tool } from "./_project.ts";

await loadSha256(); // the chain hashes synchronously

/** The keying of `tests` (all on server `srv`, whose cassette hash is fixed). */
async function keyingOfTests(
  tests: TestCase[],
  secret = SECRET,
): Promise<ServerKeying | undefined> {
  const keyings = await keyingOf(
    { ...SUITE, tests },
    tests,
    { cwd: "/", mode: "auto", updateSnapshots: false, toolVersion: "x", neverCached },
    new Map([["srv", { path: "cassettes/srv.json", hash: "c".repeat(64) }]]),
    secret,
  );
  return keyings.get("srv");
}

/** Test `i`, maybe skipped, maybe kept out of the cache, maybe using a capture (cached like any). */
const arbitraryTest = fc.record({
  skip: fc.boolean(),
  noCache: fc.boolean(),
  capture: fc.boolean(),
  name: fc.string({ maxLength: 4 }),
});

Deno.test("a recorded sequence gives the very keys of the chain, and only to the same sequence (property)", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(arbitraryTest, { minLength: 1, maxLength: 6 }),
      fc.nat(5),
      async (shapes, changed) => {
        const tests = shapes.map((s, i) =>
          tool(i, {
            name: `t${i}${s.name}`,
            ...(s.skip ? { skip: "later" } : {}),
            ...(s.noCache ? { noCache: true } : {}),
            ...(s.capture ? { captureUses: ["x"] } : {}),
          } as Partial<TestCase>)
        );
        const keying = await keyingOfTests(tests);
        if (!keying) {
          assert.ok(tests.every((t) => t.skip || t.noCache), "nothing cacheable");
          return;
        }
        const chain = chainKeys(keying, SECRET);
        const record = { sequence: keying.sequence, keys: chain.map((k) => k ?? null) };
        assert.deepEqual(recordedKeys(keying, [record]), chain);
        // Any other sequence (a test renamed, one left out, another secret) is not served it.
        const renamed = tests.map((t, i) =>
          i === changed % tests.length ? { ...t, name: `${t.name}!` } : t
        );
        for (const other of [renamed, tests.slice(1), tests]) {
          const otherKeying = await keyingOfTests(other, other === tests ? "s".repeat(64) : SECRET);
          if (otherKeying) assert.equal(recordedKeys(otherKeying, [record]), undefined);
        }
      },
    ),
    { numRuns: 100 },
  );
});

Deno.test("a recorded sequence without a key for a test that is cacheable now is not used", async () => {
  const keying = (await keyingOfTests([tool(0), tool(1)]))!;
  const chain = chainKeys(keying, SECRET);
  assert.deepEqual(
    recordedKeys(keying, [{ sequence: keying.sequence, keys: [chain[0]!, null] }]),
    undefined,
  );
  assert.deepEqual(
    recordedKeys(keying, [{ sequence: keying.sequence, keys: [chain[0]!] }]),
    undefined,
  );
  assert.deepEqual(
    recordedKeys(keying, [{ sequence: keying.sequence, keys: chain as string[] }]),
    chain,
  );
});

Deno.test("a run records its sequence once; the next run of the same tests writes nothing and is served", async () => {
  await inProject(async (dir) => {
    const tests = [tool(0), tool(1)];
    assert.deepEqual(await run(dir, tests), []);
    const [file] = await packs(dir);
    const pack = JSON.parse(await Deno.readTextFile(file!));
    assert.equal(pack.sequences.length, 1);
    const before = await Deno.stat(file!);
    assert.deepEqual((await run(dir, tests)).sort(), tests.map((t) => t.id).sort());
    assert.equal((await Deno.stat(file!)).ino, before.ino, "nothing new: not rewritten");
    // The first test alone is another sequence: served (same replay prefix), and recorded.
    assert.deepEqual(await run(dir, [tests[0]!]), [tests[0]!.id]);
    const again = JSON.parse(await Deno.readTextFile(file!));
    assert.equal(again.sequences.length, 2);
    assert.deepEqual(await run(dir, [tests[0]!]), [tests[0]!.id]);
  });
});

Deno.test("an unsealed pack's entries that do not authenticate never enter the next sealed pack", async () => {
  await inProject(async (dir) => {
    const tests = [tool(0)];
    await run(dir, tests);
    const [file] = await packs(dir);
    const pack = JSON.parse(await Deno.readTextFile(file!));
    const [key] = Object.keys(pack.entries);
    // A forged entry (another key, a MAC made without the secret) and a broken seal.
    const forgedKey = "f".repeat(64);
    pack.entries[forgedKey] = { ...pack.entries[key!], mac: "0".repeat(64) };
    await Deno.writeTextFile(file!, JSON.stringify(pack));
    // t0 is still served (its own MAC holds); the run records its sequence in a sealed pack.
    assert.deepEqual(await run(dir, tests), [tests[0]!.id]);
    const rewritten = JSON.parse(await Deno.readTextFile(file!));
    assert.ok(rewritten.entries[key!], "the authentic entry is kept");
    assert.equal(rewritten.entries[forgedKey], undefined, "the forged one is not sealed in");
    assert.deepEqual(await run(dir, tests), [tests[0]!.id]);
  });
});
