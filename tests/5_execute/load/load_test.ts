import assert from "node:assert/strict";
import type { Assertion, ServerSpec, Suite, TestCase } from "../../../src/3_load/config/types.ts";
import type { LoadSpec } from "../../../src/3_load/config/load_block.ts";
import { prepareTests } from "../../../src/5_execute/runner/prepare.ts";
import { collectRecord as runTests } from "../../../src/5_execute/runner/run.ts";
import { loadRunner } from "../../../src/5_execute/load/load_hook.ts";
import { LatencyRecorder } from "../../../src/5_execute/load/histogram.ts";
import { evaluateLoadBudgets } from "../../../src/5_execute/load/load_budgets.ts";
import { minSamplesFor } from "../../../src/4_record/load_stats.ts";
import { fakeSession, testServer } from "../../_helpers/fake_session.ts";

const pos = { file: "suite.yml", line: 1, col: 1 };
const exact = (target: string, value: unknown): Assertion => ({
  kind: "assertion",
  target,
  matcher: { name: "exact", arg: value, pos },
  pos,
});
const loadOf = (over: Partial<LoadSpec> = {}): LoadSpec => ({
  repeat: 10,
  concurrency: 1,
  warmUp: 0,
  rampMs: 0,
  budgets: [],
  pos,
  ...over,
});
const lookup = (load?: LoadSpec): TestCase => ({
  id: "suite.yml::tool::lookup",
  name: "lookup",
  kind: "tool",
  serverKey: "s",
  call: { kind: "tool", tool: "lookup", args: { id: 7 } },
  assertions: [exact("result.structuredContent.id", 7)],
  budgets: [],
  ...(load ? { load } : {}),
  file: "suite.yml",
  pos,
  order: 0,
});
const suiteOf = (server: ServerSpec, tests: TestCase[]): Suite => ({
  files: ["suite.yml"],
  servers: { [server.key]: server },
  tests,
  secrets: [],
});

/**
 * A fake server that answers item 7 correctly while no other call is in flight, and item 8 when
 * a call overlaps: the overlap is counted (calls started, not yet answered), not timed.
 */
function overlapSession(server: ServerSpec) {
  let inFlight = 0;
  const session = fakeSession(server, () => ({ result: {} }));
  const request = session.request.bind(session);
  session.request = async (method, params) => {
    const overlapped = inFlight > 0;
    inFlight++;
    await Promise.resolve();
    const seenOverlap = overlapped || inFlight > 1;
    const exchange = await request(method, params);
    inFlight--;
    const id = seenOverlap ? 8 : 7;
    return {
      ...exchange,
      response: { jsonrpc: "2.0", id: 1, result: { structuredContent: { id } } },
    };
  };
  return session;
}

async function run(test: TestCase, server = testServer()) {
  const session = overlapSession(server);
  const suite = suiteOf(server, [test]);
  const record = await runTests(suite, prepareTests(suite), {
    connect: () => Promise.resolve(session),
    toolVersion: "test",
    load: loadRunner(),
  });
  return { result: record.tests[0]!, session };
}

Deno.test("load: every response is graded; alone the overlap server passes", async () => {
  const { result, session } = await run(lookup(loadOf({ repeat: 12, warmUp: 3 })));
  assert.equal(result.status, "pass");
  assert.equal(result.load?.samples, 12);
  assert.equal(result.load?.warmUp, 3);
  assert.equal(result.load?.failures, 0);
  assert.equal(result.load?.mode, "pipelined");
  assert.equal(session.requests.length, 15, "warm-up calls are made but not measured");
  assert.ok(result.load?.p90Ms !== undefined, "10 calls tell p90");
  assert.equal(result.load?.p95Ms, undefined, "12 calls cannot tell p95");
});

Deno.test("load: concurrent calls that overlap fail the test, counted per call", async () => {
  const { result } = await run(lookup(loadOf({ repeat: 20, concurrency: 4 })));
  assert.equal(result.status, "fail");
  assert.equal(result.load?.samples, 20);
  assert.ok((result.load?.failures ?? 0) > 0);
  assert.equal(result.assertions[0]?.status, "fail");
  assert.equal(result.assertions[0]?.actual, "8");
  assert.match(result.failure?.message ?? "", /of 20 calls failed under load \(concurrency 4\)/);
});

Deno.test("load: a test without load: runs once unless the run repeats every test", async () => {
  const once = await run(lookup());
  assert.equal(once.result.load, undefined);
  assert.equal(once.session.requests.length, 1);
  const server = testServer();
  const session = overlapSession(server);
  const suite = suiteOf(server, [lookup()]);
  const record = await runTests(suite, prepareTests(suite), {
    connect: () => Promise.resolve(session),
    toolVersion: "test",
    load: loadRunner({ repeat: 5 }),
  });
  assert.equal(record.tests[0]?.load?.samples, 5);
  assert.equal(session.requests.length, 5);
});

Deno.test("load: over HTTP each worker has its own session", async () => {
  const http = testServer("s", {
    target: { kind: "http", url: "http://127.0.0.1:1/mcp" } as never,
  });
  const sessions: ReturnType<typeof overlapSession>[] = [];
  const suite = suiteOf(http, [lookup(loadOf({ repeat: 8, concurrency: 3 }))]);
  const record = await runTests(suite, prepareTests(suite), {
    connect: () => {
      const s = overlapSession(http);
      sessions.push(s);
      return Promise.resolve(s);
    },
    toolVersion: "test",
    load: loadRunner(),
  });
  const result = record.tests[0]!;
  assert.equal(result.load?.mode, "sessions");
  assert.equal(result.status, "pass", "calls on separate sessions never overlap in one session");
  assert.equal(sessions.length, 3, "the run's session and two more");
  assert.ok(sessions.every((s) => s.requests.length > 0));
  assert.ok(sessions.every((s) => s.closed));
});

Deno.test("minSamplesFor(): a percentile needs a call above it", () => {
  assert.deepEqual([50, 90, 95, 99].map(minSamplesFor), [2, 10, 20, 100]);
});

Deno.test("evaluateLoadBudgets(): pass, fail with the measured value, skip below the sample minimum", () => {
  const recorder = new LatencyRecorder();
  for (let i = 1; i <= 20; i++) recorder.record(i, i === 20);
  const stats = recorder.stats(1000, { warmUp: 0, concurrency: 1, mode: "pipelined" });
  assert.equal(stats.samples, 20);
  assert.equal(stats.p95Ms, 19);
  assert.equal(stats.p99Ms, undefined);
  assert.equal(stats.maxMs, 20);
  assert.equal(stats.throughput, 20);
  const at = { line: 4, col: 3, file: "t.yml" };
  const results = evaluateLoadBudgets([
    { kind: "p95_ms", value: 19, pos: at },
    { kind: "p95_ms", value: 10, pos: at },
    { kind: "p99_ms", value: 10, pos: at },
    { kind: "error_rate", value: 0.01, pos: at },
    { kind: "error_rate", value: 0.05, pos: at },
    { kind: "min_throughput", value: 25, pos: at },
  ], stats);
  assert.deepEqual(results.map((r) => r.status), ["pass", "fail", "skip", "fail", "pass", "fail"]);
  assert.equal(results[1]?.actual, "19ms");
  assert.equal(results[2]?.message, "p99 needs at least 100 measured calls, got 20");
  assert.equal(results[3]?.actual, "5% (1 of 20 calls)");
  assert.equal(results[5]?.actual, "20 calls/s");
});

Deno.test("load: a failed budget fails a test whose every response was right", async () => {
  const budgets = [{ kind: "error_rate" as const, value: 0, pos }, {
    kind: "min_throughput" as const,
    value: 1e12,
    pos,
  }];
  const { result } = await run(lookup(loadOf({ repeat: 5, budgets })));
  assert.equal(result.status, "fail");
  assert.deepEqual(result.budgets.map((b) => [b.budget, b.status]), [
    ["error_rate", "pass"],
    ["min_throughput", "fail"],
  ]);
});
