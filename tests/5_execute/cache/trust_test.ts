/** @module The result cache under hostile input (#23): a hit never shifts the replay, a forged, tampered or damaged pack or entry is a miss, the secret stays outside the repository. */

import assert from "node:assert/strict";
import fc from "fast-check";
import { sha256 } from "../../../src/2_connect/cassette/server_cassette.ts";
import { canonicalJson } from "../../../src/0_base/util/canonical_json.ts";
import { hmacHex, loadCacheSecret } from "../../../src/5_execute/cache/secret.ts";
import { inProject, packs, run, tool } from "./_project.ts";

Deno.test("a hit never shifts the replay: a cached test before a running one of its server runs", async () => {
  await inProject(async (dir) => {
    // Two tests send the same request (the replay answers them with the 1st and 2nd recording).
    const tests = [tool(0), tool(1, { noCache: true })];
    await run(dir, tests);
    assert.deepEqual(await run(dir, tests), [], "served t0 would hand t1 the first recording");
    // The other way round, the cached test comes after every running one: it is served.
    const after = [tool(0, { noCache: true }), tool(1)];
    await run(dir, after);
    assert.deepEqual(await run(dir, after), [after[1]!.id]);
  });
});

Deno.test("a result stored after one sequence of tests is not served after another (--filter)", async () => {
  await inProject(async (dir) => {
    const both = [tool(0), tool(1)];
    await run(dir, both);
    assert.deepEqual((await run(dir, both)).sort(), both.map((t) => t.id).sort());
    // Alone, t1 would receive the first recording, not the second it passed with.
    assert.deepEqual(await run(dir, [both[1]!]), []);
    assert.deepEqual(await run(dir, [both[0]!]), [both[0]!.id], "the same prefix is served");
  });
});

/** The one pack of the project, parsed. */
async function onlyPack(dir: string) {
  const [file, ...more] = await packs(dir);
  assert.ok(file !== undefined && more.length === 0, "one pack");
  const text = await Deno.readTextFile(file);
  return { file, text, pack: JSON.parse(text) };
}

Deno.test("an entry written without this machine's secret is a miss (keys and packs are not computable from public inputs)", async () => {
  await inProject(async (dir) => {
    const tests = [tool(0)];
    await run(dir, tests, "b".repeat(64)); // another machine, or a pull request's own secret
    const foreign = await onlyPack(dir);
    assert.deepEqual(await run(dir, tests), [], "a pack of another secret is never served");
    assert.deepEqual(await run(dir, tests), tests.map((t) => t.id), "this machine's own pack is");
    const own = await onlyPack(dir).catch(() => undefined);
    assert.equal(own, undefined, "two packs now: the foreign one is not this machine's");
    const [a, b] = await packs(dir);
    const mine = a === foreign.file ? b! : a!;
    const good = await Deno.readTextFile(mine);
    // The foreign pack's entries at this machine's pack path, under its tag: MACs do not match.
    const planted = JSON.parse(foreign.text);
    planted.pack = JSON.parse(good).pack;
    await Deno.writeTextFile(mine, JSON.stringify(planted));
    assert.deepEqual(await run(dir, tests), []);
    // This machine's keys, results re-authenticated with a secret the forger holds: a miss.
    await Deno.writeTextFile(mine, good);
    const forged = JSON.parse(good);
    for (
      const [key, entry] of Object.entries(forged.entries) as [
        string,
        { result: unknown; mac: string },
      ][]
    ) {
      entry.mac = hmacHex("c".repeat(64), `${key}\n${JSON.stringify(entry.result)}`);
    }
    await Deno.writeTextFile(mine, JSON.stringify(forged));
    assert.deepEqual(await run(dir, tests), []);
    // A pack where the old public key (SHA-256 of the inputs) would put one: never read.
    await Deno.remove(mine);
    const publicKey = await sha256(canonicalJson({ test: tests[0] }));
    await Deno.writeTextFile(
      `${dir}/.mcptest/cache/packs/${publicKey.slice(0, 32)}-${publicKey.slice(32)}.json`,
      JSON.stringify({ ...forged, pack: publicKey.slice(32) }),
    );
    assert.deepEqual(await run(dir, tests), []);
  });
});

Deno.test("a tampered entry is a miss: a changed result is not served, its neighbours are", async () => {
  await inProject(async (dir) => {
    const tests = [tool(0), tool(1)];
    await run(dir, tests);
    const { file, pack } = await onlyPack(dir);
    const keys = Object.keys(pack.entries);
    assert.equal(keys.length, 2);
    const entry = pack.entries[keys[0]!];
    const other = pack.entries[keys[1]!];
    entry.result.name = "renamed";
    await Deno.writeTextFile(file, JSON.stringify(pack));
    const served = await run(dir, tests);
    // Only the entry after the last running test may be served (a hit never shifts the replay).
    assert.deepEqual(served, other.result.id === tests[1]!.id ? [tests[1]!.id] : []);
    assert.ok(!served.includes(entry.result.id), "the tampered entry is not served");
    assert.deepEqual(await run(dir, tests), tests.map((t) => t.id), "the rewritten pack serves");
  });
});

const damaged = fc.oneof(
  fc.constantFrom(
    "",
    "[]",
    "{}",
    "null",
    "[[",
    "1e400",
    '{"entries":[]}',
    "[".repeat(100_000) + "]".repeat(100_000),
  ),
  fc.json(),
  fc.string(),
);

/**
 * The mutant still holds the very entry of `key` in a pack of the same format, version and tag
 * (whitespace, retention fields or other entries changed): it is a hit, rightly. The MAC covers
 * the result's JSON text as read, so a result whose keys were reordered is a miss.
 */
function holdsEntry(text: string, good: string, key: string): boolean {
  try {
    const [mutant, original] = [JSON.parse(text), JSON.parse(good)];
    const entries = mutant?.entries;
    if (entries === null || typeof entries !== "object" || Array.isArray(entries)) return false;
    const entry = Object.hasOwn(entries, key) ? entries[key] : undefined;
    const want = original.entries[key];
    return ["format", "version", "pack"].every((f) => mutant[f] === original[f]) &&
      entry !== null && typeof entry === "object" && entry.mac === want.mac &&
      JSON.stringify(entry.result) === JSON.stringify(want.result);
  } catch {
    return false;
  }
}

Deno.test("a damaged pack or entry is a miss, never an error (fast-check)", async () => {
  await inProject(async (dir) => {
    const tests = [tool(0)];
    await run(dir, tests);
    const { file, text: good, pack } = await onlyPack(dir);
    const [key] = Object.keys(pack.entries);
    const entryOf = (edit: (entry: Record<string, unknown>) => void) => {
      const copy = JSON.parse(good);
      edit(copy.entries[key!]);
      return JSON.stringify(copy);
    };
    const mutations = fc.oneof(
      damaged,
      fc.tuple(fc.nat(good.length), fc.nat(good.length), fc.string()).map(([a, b, s]) =>
        good.slice(0, Math.min(a, b)) + s + good.slice(Math.max(a, b))
      ),
      fc.jsonValue().map((v) => entryOf((e) => (e.result as Record<string, unknown>).budgets = v)),
      fc.jsonValue().map((v) => entryOf((e) => e.result = v)),
      fc.jsonValue().map((v) => entryOf((e) => e.mac = v)),
      fc.jsonValue().map((v) => entryOf((e) => e.seen = v)),
      fc.jsonValue().map((v) => JSON.stringify({ ...JSON.parse(good), generation: v })),
      fc.jsonValue().map((v) => JSON.stringify({ ...JSON.parse(good), entries: v })),
    );
    await fc.assert(
      fc.asyncProperty(mutations, async (text) => {
        await Deno.writeTextFile(file, text);
        const served = await run(dir, tests); // rewrites the pack after the miss
        assert.deepEqual(served, holdsEntry(text, good, key!) ? tests.map((t) => t.id) : []);
        await Deno.writeTextFile(file, good);
      }),
      { numRuns: 200 },
    );
    await Deno.remove(file);
    await Deno.mkdir(file); // a folder where the pack should be: a miss, and it cannot be written
    assert.deepEqual(await run(dir, tests), []);
    assert.deepEqual(await run(dir, tests), []);
  });
});

Deno.test("the cache secret lives outside the working directory, or there is no cache", async () => {
  await inProject(async (dir) => {
    const env = (vars: Record<string, string>) => (name: string) => vars[name];
    assert.equal(await loadCacheSecret(dir, env({})), undefined, "no HOME, no cache");
    assert.equal(
      await loadCacheSecret(dir, env({ XDG_CACHE_HOME: `${dir}/.cache` })),
      undefined,
      "a secret inside the repository could come with the pull request",
    );
    const home = await Deno.makeTempDir({ prefix: "mcptest-cache-home-" });
    try {
      const first = await loadCacheSecret(dir, env({ XDG_CACHE_HOME: home }));
      assert.match(first ?? "", /^[0-9a-f]{64}$/);
      const again = await Promise.all(
        [1, 2, 3].map(() => loadCacheSecret(dir, env({ XDG_CACHE_HOME: home }))),
      );
      assert.deepEqual(again, [first, first, first], "created once, then read");
      const mode = (await Deno.stat(`${home}/mcptest/result-cache.key`)).mode;
      if (mode !== null) assert.equal(mode & 0o077, 0, "user-only");
      assert.equal(
        await loadCacheSecret(
          dir,
          env({ XDG_CACHE_HOME: home, MCPTEST_CACHE_KEY: "k".repeat(20) }),
        ),
        "k".repeat(20),
      );
    } finally {
      await Deno.remove(home, { recursive: true });
    }
  });
});
