/** @module The pack file (src/5_execute/cache/store.ts): reads what it wrote, authenticates each entry, refuses a pack of another tag, version or size, skips a wrong-typed entry, never writes what it would refuse, atomic under concurrent writers. */

import assert from "node:assert/strict";
import type { TestResult } from "../../../src/4_record/run_record.ts";
import { CACHE_FORMAT } from "../../../src/5_execute/cache/key.ts";
import { hmacHex } from "../../../src/5_execute/cache/secret.ts";
import {
  MAX_ENTRY_BYTES,
  MAX_PACK_BYTES,
  openEntry,
  type PackContent,
  packPath,
  readPack,
  sealEntry,
  type StoredEntry,
  writePack,
} from "../../../src/5_execute/cache/store.ts";
import { loadSha256 } from "../../../src/0_base/util/sha256.ts";
import fc from "fast-check";

// The cache and pins hash synchronously once node:crypto is loaded (runs load it first).
await loadSha256();

const S = "s".repeat(64);
const TAG = "1".repeat(32);
const K1 = "ab".repeat(32);
const K2 = "cd".repeat(32);

const result = (id: string, extra: Partial<TestResult> = {}): TestResult => ({
  id,
  name: id,
  kind: "tool",
  server: "s",
  file: "s.yml",
  line: 1,
  col: 1,
  status: "pass",
  durationMs: 0,
  assertions: [],
  budgets: [],
  ...extra,
});

const packOf = (entries: [string, StoredEntry][], generation = 1): PackContent => ({
  tag: TAG,
  generation,
  entries: new Map(entries),
  sequences: [],
  sealed: false,
});

async function inDir(body: (dir: string, path: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-cache-store-" });
  try {
    await body(dir, packPath(dir, "0".repeat(32), TAG));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("a pack reads what it wrote; each entry is authenticated under its own key", async () => {
  await inDir(async (dir, path) => {
    assert.equal((await readPack(path, TAG, S)).entries.size, 0, "no pack: empty");
    const [one, two] = [sealEntry(K1, result("x"), S, 1)!, sealEntry(K2, result("y"), S, 1)!];
    await writePack(path, packOf([[K1, one], [K2, two]], 3), S);
    const read = await readPack(path, TAG, S);
    assert.equal(read.generation, 3);
    assert.deepEqual(openEntry(read.entries, K1, S), result("x"));
    assert.deepEqual(openEntry(read.entries, K2, S), result("y"));
    assert.equal(openEntry(read.entries, "ef".repeat(32), S), undefined, "no entry: a miss");
    assert.equal(openEntry(read.entries, K1, "t".repeat(64)), undefined, "another secret: a miss");
    // An entry moved under another key is not that key's entry.
    assert.equal(openEntry(new Map([[K2, read.entries.get(K1)!]]), K2, S), undefined);
    assert.deepEqual(
      [...Deno.readDirSync(`${dir}/packs`)].map((e) => e.name),
      [`${"0".repeat(32)}-${TAG}.json`],
      "no temp file left",
    );
  });
});

Deno.test("a pack of another tag, format or version, or not a regular file, is read as empty", async () => {
  await inDir(async (_dir, path) => {
    await writePack(path, packOf([[K1, sealEntry(K1, result("x"), S, 1)!]]), S);
    const good = JSON.parse(await Deno.readTextFile(path));
    assert.equal((await readPack(path, TAG, S)).entries.size, 1, "the good pack is read");
    assert.equal(
      (await readPack(path, "2".repeat(32), S)).entries.size,
      0,
      "copied under another tag",
    );
    for (const change of [{ version: good.version - 1 }, { format: "mcptest-result-cache" }]) {
      await Deno.writeTextFile(path, JSON.stringify({ ...good, ...change }));
      assert.equal((await readPack(path, TAG, S)).entries.size, 0, JSON.stringify(change));
    }
    await Deno.remove(path);
    await Deno.mkdir(path);
    assert.equal((await readPack(path, TAG, S)).entries.size, 0, "a folder");
  });
});

Deno.test("a pack over MAX_PACK_BYTES is never read; the writer never writes one", async () => {
  await inDir(async (_dir, path) => {
    await writePack(path, packOf([[K1, sealEntry(K1, result("x"), S, 1)!]]), S);
    assert.equal((await readPack(path, TAG, S)).entries.size, 1);
    // Same content, grown past the cap with trailing blanks (still JSON): refused before reading.
    const blanks = new Uint8Array(MAX_PACK_BYTES).fill(0x20);
    await Deno.writeFile(path, blanks, { append: true });
    assert.equal((await readPack(path, TAG, S)).entries.size, 0);
    // Twelve entries of ~3 MiB do not fit in 32 MiB: the first ones are written, no more.
    const name = "n".repeat(3 * 1024 * 1024);
    const big = (i: number): [string, StoredEntry] => {
      const key = i.toString(16).padStart(64, "0");
      if (i === 0) return [key, sealEntry(key, result("r0", { name }), S, 1)!];
      return [key, { result: result(`r${i}`, { name }), mac: "0".repeat(64), seen: 1 }];
    };
    const entries = Array.from({ length: 12 }, (_, i) => big(i));
    await writePack(path, packOf(entries), S);
    assert.ok((await Deno.stat(path)).size <= MAX_PACK_BYTES);
    const read = await readPack(path, TAG, S);
    assert.deepEqual([...read.entries.keys()], entries.slice(0, read.entries.size).map(([k]) => k));
    assert.ok(read.entries.size >= 9 && read.entries.size < 12, `${read.entries.size} entries`);
    assert.equal(openEntry(read.entries, entries[0]![0], S)?.id, "r0");
  });
});

Deno.test("an entry over MAX_ENTRY_BYTES is neither stored nor served", () => {
  const huge = result("x", { name: "n".repeat(MAX_ENTRY_BYTES) });
  assert.equal(sealEntry(K1, huge, S, 1), undefined);
  assert.ok(sealEntry(K1, result("x", { name: "n".repeat(1024) }), S, 1) !== undefined);
  const mac = hmacHex(S, `${K1}\n${JSON.stringify(huge)}`);
  assert.equal(openEntry(new Map([[K1, { result: huge, mac, seen: 1 }]]), K1, S), undefined);
});

Deno.test("a wrong-typed entry is skipped (a miss), its neighbours are read", async () => {
  await inDir(async (dir, path) => {
    await Deno.mkdir(`${dir}/packs`);
    const good = sealEntry(K1, result("x"), S, 1)!;
    const notResult = { result: { id: "x", status: "pass" }, seen: 1 } as Record<string, unknown>;
    notResult.mac = hmacHex(S, `${K2}\n${JSON.stringify(notResult.result)}`);
    await Deno.writeTextFile(
      path,
      JSON.stringify({
        format: "mcptest-result-cache-pack",
        version: CACHE_FORMAT,
        pack: TAG,
        generation: "many",
        entries: {
          [K1]: { ...good, seen: "yesterday" },
          [K2]: notResult, // authentic, but not a test result
          ["ef".repeat(32)]: { result: good.result, mac: 42 },
          ["01".repeat(32)]: "entry",
          ["__proto__"]: good,
          "not-a-key": good,
        },
      }),
    );
    const read = await readPack(path, TAG, S);
    assert.equal(read.generation, 0);
    assert.deepEqual([...read.entries.keys()], [K1, K2]);
    assert.equal(read.entries.get(K1)!.seen, 0);
    assert.deepEqual(openEntry(read.entries, K1, S), result("x"));
    assert.equal(openEntry(read.entries, K2, S), undefined);
  });
});

Deno.test("concurrent writers leave one whole pack", async () => {
  await inDir(async (_dir, path) => {
    const packs = [1, 2, 3, 4].map((g) =>
      packOf(
        [[K1, sealEntry(K1, result(`x${g}`), S, g)!], [K2, sealEntry(K2, result("y"), S, g)!]],
        g,
      )
    );
    await Promise.all(packs.map((p) => writePack(path, p, S)));
    const read = await readPack(path, TAG, S);
    const winner = read.generation;
    assert.ok(winner >= 1 && winner <= 4);
    assert.equal(openEntry(read.entries, K1, S)?.id, `x${winner}`);
    assert.equal(openEntry(read.entries, K2, S)?.id, "y");
  });
});

Deno.test("a pack is sealed as a whole: what it wrote reads sealed, with its sequences", async () => {
  await inDir(async (_dir, path) => {
    const sequences = [{ sequence: "e".repeat(64), keys: [K1, null, K2] }];
    const entries: [string, StoredEntry][] = [[K1, sealEntry(K1, result("x"), S, 1)!]];
    await writePack(path, { ...packOf(entries, 2), sequences }, S);
    const read = await readPack(path, TAG, S);
    assert.equal(read.sealed, true);
    assert.deepEqual(read.sequences, sequences);
    assert.equal(read.generation, 2);
    assert.deepEqual(openEntry(read.entries, K1, S, read.sealed), result("x"));
    const other = await readPack(path, TAG, "t".repeat(64));
    assert.deepEqual([other.sealed, other.sequences], [false, []], "another secret: not sealed");
    assert.equal(other.entries.size, 1, "its entries are still read, one by one");
    assert.equal(openEntry(other.entries, K1, "t".repeat(64), other.sealed), undefined);
  });
});

Deno.test("a pack changed by one byte is not sealed: its sequences are dropped, its entries authenticated one by one (fast-check)", async () => {
  await inDir(async (_dir, path) => {
    const sequences = [{ sequence: "e".repeat(64), keys: [K1, K2] }];
    const entries: [string, StoredEntry][] = [
      [K1, sealEntry(K1, result("x"), S, 1)!],
      [K2, sealEntry(K2, result("y"), S, 1)!],
    ];
    await writePack(path, { ...packOf(entries), sequences }, S);
    const good = await Deno.readFile(path);
    assert.equal(good.at(-1), 0x0a);
    await fc.assert(
      fc.asyncProperty(
        fc.nat(good.length - 2), // any byte but the final line end
        fc.integer({ min: 1, max: 255 }),
        async (at, flip) => {
          const bad = good.slice();
          bad[at] = bad[at]! ^ flip;
          await Deno.writeFile(path, bad);
          const read = await readPack(path, TAG, S);
          assert.equal(read.sealed, false, `byte ${at}`);
          assert.deepEqual(read.sequences, []);
          for (const key of read.entries.keys()) {
            // Unsealed, an entry is served only when its own MAC still holds.
            const opened = openEntry(read.entries, key, S);
            if (opened) assert.deepEqual(opened, key === K1 ? result("x") : result("y"));
          }
        },
      ),
      { numRuns: 300 },
    );
    await Deno.writeFile(path, good.subarray(0, good.length - 1)); // without the line end
    assert.equal((await readPack(path, TAG, S)).sealed, true, "the final line end is not sealed");
  });
});
