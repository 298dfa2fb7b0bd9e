/** @module A replayed project for the result cache tests: servers with cassettes, tests that all send the same request, one run through the cache, the pack files it leaves. */

import type { ServerSpec, TestCase } from "../../../src/3_load/config/types.ts";
import type { TestResult } from "../../../src/4_record/run_record.ts";
import { openResultCache } from "../../../src/5_execute/cache/result_cache.ts";
import type { CacheSuite } from "../../../src/5_execute/cache/run_keys.ts";
import { recordOf } from "./_record.ts";

const POS = { file: "s.yml", line: 1, col: 1 };

/** The cache secret of "this machine". */
export const SECRET = "a".repeat(64);

/** Test `i` of `server`: every test sends the same request, expects the `i+1`-th answer. */
export const tool = (i: number, extra: Partial<TestCase> = {}): TestCase => ({
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

const server = (name: string): ServerSpec =>
  ({
    key: name,
    name,
    target: { kind: "stdio", command: ["x"], env: {} },
    timeoutMs: 1000,
    parallel: false,
    source: "test file",
  }) as unknown as ServerSpec;

/** The suite of the project: servers `srv` and `other`, each replaying `cassettes/<name>.json`. */
export const SUITE: CacheSuite = {
  servers: { srv: server("srv"), other: server("other") },
  tests: [],
  secrets: [],
};

/** A passing result of `t`. */
export const passed = (t: TestCase): TestResult => ({
  id: t.id,
  name: t.name,
  kind: "tool",
  server: t.serverKey,
  file: "s.yml",
  line: t.pos.line,
  col: 1,
  status: "pass",
  durationMs: 1,
  assertions: [],
  budgets: [],
  replayed: true,
});

/** Run `body` in a fresh project whose servers have cassettes. */
export async function inProject(body: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-cache-trust-" });
  try {
    await Deno.mkdir(`${dir}/cassettes`);
    await Deno.writeTextFile(`${dir}/cassettes/srv.json`, '{"exchanges":[]}');
    await Deno.writeTextFile(`${dir}/cassettes/other.json`, '{"exchanges":[1]}');
    await body(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** One run: every test that runs passes but the `failing` ones; the ids served from the cache. */
export async function run(
  dir: string,
  tests: TestCase[],
  secret = SECRET,
  failing: readonly TestCase[] = [],
): Promise<string[]> {
  const cache = await openResultCache(SUITE, tests, {
    enabled: true,
    cwd: dir,
    mode: "auto",
    updateSnapshots: false,
    toolVersion: "x",
    secret,
  });
  const failed = new Set(failing.map((t) => t.id));
  const results = cache.toRun.map((t): TestResult =>
    failed.has(t.id) ? { ...passed(t), status: "fail" } : passed(t)
  );
  await cache.complete(recordOf(results), tests);
  return [...cache.hits.keys()];
}

/** Every file under `<dir>/.mcptest/cache/` (recursively), sorted. */
export async function storeFiles(dir: string, sub = ".mcptest/cache"): Promise<string[]> {
  const found: string[] = [];
  try {
    for await (const entry of Deno.readDir(`${dir}/${sub}`)) {
      if (entry.isDirectory) found.push(...await storeFiles(dir, `${sub}/${entry.name}`));
      else found.push(`${dir}/${sub}/${entry.name}`);
    }
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  }
  return found.sort();
}

/** The pack files under `<dir>/.mcptest/cache/packs/`; every file of the store must be one. */
export async function packs(dir: string): Promise<string[]> {
  const files = await storeFiles(dir);
  const pattern = /\/\.mcptest\/cache\/packs\/[0-9a-f]{32}-[0-9a-f]{32}\.json$/;
  const odd = files.filter((f) => !pattern.test(f));
  if (odd.length > 0) throw new Error(`not a pack: ${odd.join(", ")}`);
  return files;
}
