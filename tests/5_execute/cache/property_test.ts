/** @module Property: for random suites and random single-input changes, a cached result is never served after an input changed. */

import assert from "node:assert/strict";
import fc from "fast-check";
import type { ServerSpec, TestCase } from "../../../src/3_load/config/types.ts";
import { openResultCache } from "../../../src/5_execute/cache/result_cache.ts";
import type { CacheSuite } from "../../../src/5_execute/cache/run_keys.ts";
import { passedOnSrv as passed, recordOf } from "./_record.ts";

const POS = (line: number) => ({ file: "s.yml", line, col: 5 });

function testCase(
  i: number,
  tool: string,
  args: Record<string, string>,
  expected: string,
): TestCase {
  return {
    id: `s.yml::tool::t${i}`,
    name: `t${i}`,
    kind: "tool",
    serverKey: "srv",
    call: { kind: "tool", tool, args },
    assertions: [{
      kind: "assertion",
      target: "result.content[0].text",
      matcher: { name: "exact", arg: expected, pos: POS(3 + i * 10) },
      pos: POS(3 + i * 10),
    }],
    budgets: [],
    file: "s.yml",
    pos: POS(1 + i * 10),
    order: i,
  } as TestCase;
}

interface World {
  tests: TestCase[];
  cassette: string;
  version: string;
  protocolVersion: string;
  replace: string;
  secrets: string[];
}

function suiteOf(w: World): CacheSuite {
  const server = {
    key: "srv",
    name: "srv",
    target: { kind: "stdio", command: ["x"], env: {} },
    revision: w.protocolVersion,
    timeoutMs: 1000,
    parallel: false,
    source: "test file",
  } as unknown as ServerSpec;
  return {
    servers: { srv: server },
    tests: w.tests,
    secrets: w.secrets,
    cassette: { normalize: [{ target: "result.id", replace: w.replace }] },
  };
}

/** Run the world once through the cache (every test that runs passes); returns the ids served. */
async function run(w: World, dir: string): Promise<Set<string>> {
  await Deno.mkdir(`${dir}/cassettes`, { recursive: true });
  await Deno.writeTextFile(`${dir}/cassettes/srv.json`, w.cassette);
  const cache = await openResultCache(suiteOf(w), w.tests, {
    enabled: true,
    cwd: dir,
    mode: "auto",
    updateSnapshots: false,
    toolVersion: w.version,
    secret: "k".repeat(64),
  });
  await cache.complete(recordOf(cache.toRun.map(passed)), w.tests);
  return new Set(cache.hits.keys());
}

const text = fc.string({ minLength: 1, maxLength: 6 });
const world = fc.record({
  tests: fc.array(fc.tuple(text, fc.dictionary(text, text, { maxKeys: 2 }), text), {
    minLength: 1,
    maxLength: 4,
  }).map((ts) => ts.map(([tool, args, expected], i) => testCase(i, tool, args, expected))),
  cassette: text,
  version: text,
  protocolVersion: fc.constantFrom("2025-06-18", "2025-11-25"),
  replace: text,
  secrets: fc.array(text, { maxLength: 2 }),
});

type Change = (w: World, which: number) => { world: World; affected: "one" | "all" };
const suffix = "\u0001";
const changeTest = (w: World, which: number, edit: (t: TestCase) => TestCase) => ({
  world: { ...w, tests: w.tests.map((t, i) => i === which % w.tests.length ? edit(t) : t) },
  affected: "one" as const,
});
const CHANGES: Record<string, Change> = {
  "a test's tool": (w, n) =>
    changeTest(
      w,
      n,
      (t) => ({
        ...t,
        call: {
          kind: "tool",
          tool: `${(t.call as { tool: string }).tool}${suffix}`,
          args: (t.call as { args: Record<string, unknown> }).args,
        },
      }),
    ),
  "a test's argument": (w, n) =>
    changeTest(
      w,
      n,
      (t) => ({
        ...t,
        call: {
          ...(t.call as { kind: "tool"; tool: string; args: Record<string, unknown> }),
          args: { ...(t.call as { args: Record<string, unknown> }).args, extra: suffix },
        },
      }),
    ),
  "a matcher's argument": (w, n) =>
    changeTest(
      w,
      n,
      (t) => ({
        ...t,
        assertions: t.assertions.map((a) => ({
          ...a,
          matcher: { ...a.matcher, arg: `${String(a.matcher.arg)}${suffix}` },
        })),
      }),
    ),
  "a matcher's name": (w, n) =>
    changeTest(
      w,
      n,
      (t) => ({
        ...t,
        assertions: t.assertions.map((a) => ({
          ...a,
          matcher: { ...a.matcher, name: "contains" },
        })),
      }),
    ),
  "a test's position": (w, n) =>
    changeTest(w, n, (t) => ({ ...t, pos: { ...t.pos, line: t.pos.line + 1 } })),
  "the cassette's bytes": (w) => ({
    world: { ...w, cassette: `${w.cassette}${suffix}` },
    affected: "all",
  }),
  "the mcptest version": (w) => ({
    world: { ...w, version: `${w.version}${suffix}` },
    affected: "all",
  }),
  "the pinned revision": (w) => ({
    world: {
      ...w,
      protocolVersion: w.protocolVersion === "2025-06-18" ? "2025-11-25" : "2025-06-18",
    },
    affected: "all",
  }),
  "a normalize rule": (w) => ({
    world: { ...w, replace: `${w.replace}${suffix}` },
    affected: "all",
  }),
  "the secrets": (w) => ({
    world: { ...w, secrets: [...w.secrets, `s${suffix}`] },
    affected: "all",
  }),
};

Deno.test("the result cache never serves a result after any input changed", async () => {
  await fc.assert(
    fc.asyncProperty(
      world,
      fc.constantFrom(...Object.keys(CHANGES)),
      fc.nat(),
      async (w, name, which) => {
        const dir = await Deno.makeTempDir({ prefix: "mcptest-cache-prop-" });
        try {
          assert.equal((await run(w, dir)).size, 0, "a first run serves nothing");
          const again = await run(w, dir);
          assert.deepEqual(
            [...again].sort(),
            w.tests.map((t) => t.id).sort(),
            "unchanged inputs are served",
          );
          const { world: changed, affected } = CHANGES[name]!(w, which);
          const served = await run(changed, dir);
          const changedId = w.tests[which % w.tests.length]!.id;
          if (affected === "all") {
            assert.equal(
              served.size,
              0,
              `${name} changed, yet a result was served`,
            );
          } else {
            // The changed test runs; so do the tests after it on its server (their replay
            // prefix changed) and the ones before it (a hit before a running test would shift
            // the replay of repeats).
            assert.ok(!served.has(changedId), `${name} changed, yet its cached result was served`);
            assert.equal(served.size, 0, "every test of the changed test's server runs again");
          }
        } finally {
          await Deno.remove(dir, { recursive: true });
        }
      },
    ),
    { numRuns: 60 },
  );
});
