/** @module Property: with tests that take and use captures in the result cache, no test that runs ever needs a capture of a test the cache served, and no changed test is served. */

import assert from "node:assert/strict";
import fc from "fast-check";
import type { ServerSpec, TestCase } from "../../../src/3_load/config/types.ts";
import { openResultCache } from "../../../src/5_execute/cache/result_cache.ts";
import type { CacheSuite } from "../../../src/5_execute/cache/run_keys.ts";
import { neverCached } from "../../../src/5_execute/suite/cache_stage.ts";
import { passedOnSrv as passed, recordOf } from "./_record.ts";

/** One test of the random suite: what it captures, which earlier captures it uses, how it runs. */
interface Shape {
  readonly captures: boolean;
  /** Indexes of earlier tests whose capture it uses (those that capture). */
  readonly uses: readonly number[];
  readonly skip: boolean;
  readonly noCache: boolean;
}

const POS = (line: number) => ({ file: "s.yml", line, col: 5 });

/** Test `i` of `shape`; `edit` changes its argument (a new text, a new key). */
function testOf(i: number, shape: Shape, edit: boolean): TestCase {
  const uses = shape.uses.map((j) => `c${j}`);
  return {
    id: `s.yml::tool::t${i}`,
    name: `t${i}`,
    kind: "tool",
    serverKey: "srv",
    call: { kind: "tool", tool: "echo", args: { text: edit ? `t${i} edited` : `t${i}` } },
    assertions: [],
    budgets: [],
    file: "s.yml",
    pos: POS(1 + i * 10),
    order: i,
    ...(shape.captures ? { capture: { [`c${i}`]: "result.structuredContent.id" } } : {}),
    ...(uses.length > 0 ? { captureUses: uses } : {}),
    ...(shape.skip ? { skip: "later" } : {}),
    ...(shape.noCache ? { noCache: true } : {}),
  } as TestCase;
}

const SUITE_SERVER = {
  key: "srv",
  name: "srv",
  target: { kind: "stdio", command: ["x"], env: {} },
  timeoutMs: 1000,
  parallel: false,
  source: "test file",
} as unknown as ServerSpec;

const suiteOf = (tests: TestCase[]): CacheSuite => ({
  servers: { srv: SUITE_SERVER },
  tests,
  secrets: [],
});

/** Open the cache for `tests`, let every test that runs pass, and return what was served. */
async function runOnce(tests: TestCase[], dir: string): Promise<ReadonlySet<string>> {
  const cache = await openResultCache(suiteOf(tests), tests, {
    enabled: true,
    cwd: dir,
    mode: "auto",
    updateSnapshots: false,
    toolVersion: "x",
    secret: "k".repeat(64),
    neverCached,
  });
  const ran = cache.toRun.filter((t) => t.skip === undefined);
  await cache.complete(recordOf(ran.map(passed)), tests);
  return new Set(cache.hits.keys());
}

/** Random suites of up to 7 tests: each may capture, and may use the captures of earlier ones. */
const suites = fc.array(
  fc.record({
    captures: fc.boolean(),
    picks: fc.array(fc.nat(6), { maxLength: 3 }),
    skip: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
    noCache: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
  }),
  { minLength: 1, maxLength: 7 },
).map((raw) =>
  raw.map((r, i): Shape => ({
    captures: r.captures,
    uses: [...new Set(r.picks.filter((j) => j < i && raw[j]!.captures))],
    skip: r.skip,
    noCache: r.noCache,
  }))
);

Deno.test("no test that runs needs the capture of a served test; no changed test is served (property)", async () => {
  let served = 0, servedProviders = 0;
  await fc.assert(
    fc.asyncProperty(
      suites,
      // Each test edited one time in five: most runs serve some tests, many serve captures.
      fc.array(fc.integer({ min: 0, max: 4 }).map((n) => n === 0), { minLength: 7, maxLength: 7 }),
      async (shapes, edits) => {
        const dir = await Deno.makeTempDir({ prefix: "mcptest-captures-cache-" });
        try {
          await Deno.mkdir(`${dir}/cassettes`);
          await Deno.writeTextFile(`${dir}/cassettes/srv.json`, "recorded\n");
          const first = shapes.map((s, i) => testOf(i, s, false));
          await runOnce(first, dir); // stores every pass
          const second = shapes.map((s, i) => testOf(i, s, edits[i]!));
          const hits = await runOnce(second, dir);
          served += hits.size;
          for (const [i, shape] of shapes.entries()) {
            const id = `s.yml::tool::t${i}`;
            if (hits.has(id)) {
              assert.ok(!edits[i], `t${i} changed and was served`);
              if (shape.captures) servedProviders++;
              continue;
            }
            if (shape.skip) continue;
            // t${i} runs: none of the captures it uses may come from a served test.
            for (const j of shape.uses) {
              assert.ok(
                !hits.has(`s.yml::tool::t${j}`),
                `t${i} runs but t${j}, its capture, was served`,
              );
            }
          }
        } finally {
          await Deno.remove(dir, { recursive: true });
        }
      },
    ),
    { numRuns: 150 },
  );
  // The property is not vacuous: tests, captures among them, were served.
  assert.ok(served > 50 && servedProviders > 10, `${served} served, ${servedProviders} captures`);
});
