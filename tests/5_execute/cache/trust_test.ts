/** @module The result cache under hostile input (#23): a hit never shifts the replay, a forged, tampered or damaged entry is a miss, the secret stays outside the repository. */

import assert from "node:assert/strict";
import fc from "fast-check";
import type { ServerSpec, TestCase } from "../../../src/3_load/config/types.ts";
import type { TestResult } from "../../../src/4_record/run_record.ts";
import { type CacheSuite, openResultCache } from "../../../src/5_execute/cache/result_cache.ts";
import { sha256 } from "../../../src/2_connect/cassette/connect.ts";
import { canonicalJson } from "../../../src/0_base/util/canonical_json.ts";
import { loadCacheSecret } from "../../../src/5_execute/cache/secret.ts";
import { recordOf } from "./_record.ts";

const POS = { file: "s.yml", line: 1, col: 1 };
const SECRET = "a".repeat(64);

const tool = (i: number, extra: Partial<TestCase> = {}): TestCase => ({
  id: `s.yml::tool::t${i}`,
  name: `t${i}`,
  kind: "tool",
  serverKey: "srv",
  call: { kind: "tool", tool: "count", args: {} }, // every test sends the same request
  assertions: [{
    kind: "assertion",
    target: "result.content[0].text",
    matcher: { name: "exact", arg: String(i + 1), pos: POS },
    pos: POS,
  }],
  budgets: [],
  file: "s.yml",
  pos: { ...POS, line: 1 + i * 10 },
  order: i,
  ...extra,
} as TestCase);

const SUITE: CacheSuite = {
  servers: {
    srv: {
      key: "srv",
      name: "srv",
      target: { kind: "stdio", command: ["x"], env: {} },
      timeoutMs: 1000,
      parallel: false,
      source: "test file",
    } as unknown as ServerSpec,
  },
  tests: [],
  secrets: [],
};

const passed = (t: TestCase): TestResult => ({
  id: t.id,
  name: t.name,
  kind: "tool",
  server: "srv",
  file: "s.yml",
  line: t.pos.line,
  col: 1,
  status: "pass",
  durationMs: 1,
  assertions: [],
  budgets: [],
  replayed: true,
});

async function inProject(body: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-cache-trust-" });
  try {
    await Deno.mkdir(`${dir}/cassettes`);
    await Deno.writeTextFile(`${dir}/cassettes/srv.json`, '{"exchanges":[]}');
    await body(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** One run: every test that runs passes; the ids served from the cache. */
async function run(dir: string, tests: TestCase[], secret = SECRET): Promise<string[]> {
  const cache = await openResultCache(SUITE, tests, {
    enabled: true,
    cwd: dir,
    mode: "auto",
    updateSnapshots: false,
    toolVersion: "x",
    secret,
  });
  await cache.complete(recordOf(cache.toRun.map(passed)), tests);
  return [...cache.hits.keys()];
}

async function entries(dir: string): Promise<string[]> {
  const found: string[] = [];
  for await (const sub of Deno.readDir(`${dir}/.mcptest/cache`)) {
    for await (const file of Deno.readDir(`${dir}/.mcptest/cache/${sub.name}`)) {
      found.push(`${dir}/.mcptest/cache/${sub.name}/${file.name}`);
    }
  }
  return found.sort();
}

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

Deno.test("an entry written without this machine's secret is a miss (keys are not computable from public inputs)", async () => {
  await inProject(async (dir) => {
    const tests = [tool(0)];
    await run(dir, tests, "b".repeat(64)); // another machine, or a pull request's own secret
    assert.equal((await entries(dir)).length, 1);
    assert.deepEqual(await run(dir, tests), [], "an entry of another secret is never served");
    // A forged entry at the place the old public key (SHA-256 of the inputs) would address.
    const publicKey = await sha256(canonicalJson({ test: tests[0] }));
    await Deno.mkdir(`${dir}/.mcptest/cache/${publicKey.slice(0, 2)}`, { recursive: true });
    await Deno.writeTextFile(
      `${dir}/.mcptest/cache/${publicKey.slice(0, 2)}/${publicKey}.json`,
      JSON.stringify({ format: "mcptest-result-cache", version: 2, key: publicKey }),
    );
    assert.deepEqual(await run(dir, tests, "c".repeat(64)), []);
  });
});

Deno.test("a tampered entry is a miss: a failing result turned into a pass is not served", async () => {
  await inProject(async (dir) => {
    const tests = [tool(0)];
    await run(dir, tests);
    const [file] = await entries(dir);
    const entry = JSON.parse(await Deno.readTextFile(file!));
    entry.result.name = "renamed";
    await Deno.writeTextFile(file!, JSON.stringify(entry));
    assert.deepEqual(await run(dir, tests), []);
    assert.deepEqual(await run(dir, tests), tests.map((t) => t.id), "the rewritten entry serves");
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
    "[".repeat(100_000) + "]".repeat(100_000),
  ),
  fc.json(),
  fc.string(),
);

/** The mutant still holds the very entry (whitespace, key order): it is a hit, rightly. */
function sameEntry(text: string, good: string): boolean {
  try {
    return canonicalJson(JSON.parse(text)) === canonicalJson(JSON.parse(good));
  } catch {
    return false;
  }
}

Deno.test("a damaged entry is a miss, never an error (fast-check)", async () => {
  await inProject(async (dir) => {
    const tests = [tool(0)];
    await run(dir, tests);
    const [file] = await entries(dir);
    const good = await Deno.readTextFile(file!);
    const mutations = fc.oneof(
      damaged,
      fc.tuple(fc.nat(good.length), fc.nat(good.length), fc.string()).map(([a, b, s]) =>
        good.slice(0, Math.min(a, b)) + s + good.slice(Math.max(a, b))
      ),
      fc.jsonValue().map((v) => {
        const entry = JSON.parse(good);
        entry.result.budgets = v;
        return JSON.stringify(entry);
      }),
    );
    await fc.assert(
      fc.asyncProperty(mutations, async (text) => {
        await Deno.writeTextFile(file!, text);
        const served = await run(dir, tests); // rewrites the entry after the miss
        assert.deepEqual(served, sameEntry(text, good) ? tests.map((t) => t.id) : []);
        await Deno.writeTextFile(file!, good);
      }),
      { numRuns: 150 },
    );
    await Deno.remove(file!);
    await Deno.mkdir(file!); // a folder where the entry should be
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
