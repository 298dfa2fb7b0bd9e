import assert from "node:assert/strict";
import type { Assertion, ServerSpec, Suite, TestCase } from "../../../src/3_load/config/types.ts";
import { prepareTests } from "../../../src/5_execute/runner/prepare.ts";
import { runTests } from "../../../src/5_execute/runner/run.ts";
import { runInOrder } from "../../../src/5_execute/runner/run_in_order.ts";
import type { TestResult } from "../../../src/4_record/run_record.ts";
import { fakeSession, testServer } from "../../_helpers/fake_session.ts";

const pos = { file: "suite.yml", line: 1, col: 1 };
const echoIs = (value: string): Assertion => ({
  kind: "assertion",
  target: "result.text",
  matcher: { name: "exact", arg: value, pos },
  pos,
});
const echo = (name: string, order: number, expected: string, extra: Partial<TestCase> = {}) =>
  ({
    id: `suite.yml::tool::${name}`,
    name,
    kind: "tool",
    serverKey: "s",
    call: { kind: "tool", tool: "echo", args: { text: name } },
    assertions: [echoIs(expected)],
    budgets: [],
    file: "suite.yml",
    pos: { ...pos, line: order + 1 },
    order,
    ...extra,
  }) as TestCase;
const suiteOf = (server: ServerSpec, tests: TestCase[]): Suite => ({
  files: ["suite.yml"],
  servers: { [server.key]: server },
  tests,
  secrets: [],
});

/** A session echoing `text`, and the log of requests and finished results in the order they came. */
function echoing(server: ServerSpec, events: string[]) {
  return fakeSession(server, (_method, params) => {
    const text = String((params.arguments as { text: string }).text);
    events.push(`call ${text}`);
    return { result: { text } };
  });
}

Deno.test("runInOrder(): a test's call goes out before the test ahead of it is graded; requests and verdicts keep their order", async () => {
  const server = testServer("s");
  const tests = [echo("a", 0, "a"), echo("b", 1, "wrong"), echo("c", 2, "c")];
  const events: string[] = [];
  const session = echoing(server, events);
  const results = await runInOrder(
    session,
    prepareTests(suiteOf(server, tests)),
    { updateSnapshots: false },
    (result: TestResult) => {
      events.push(`graded ${result.name}`);
      return result;
    },
  );
  assert.deepEqual(events, ["call a", "call b", "graded a", "call c", "graded b", "graded c"]);
  assert.deepEqual(results.map((r) => [r.name, r.status]), [["a", "pass"], ["b", "fail"], [
    "c",
    "pass",
  ]]);
  assert.deepEqual(session.requests.map((r) => (r.params.arguments as { text: string }).text), [
    "a",
    "b",
    "c",
  ]);
});

Deno.test("runInOrder(): a test that may run again is graded (and retried) before the next one's call", async () => {
  const server = testServer("s");
  const tests = [echo("a", 0, "never"), echo("b", 1, "b")];
  const events: string[] = [];
  const results = await runInOrder(
    echoing(server, events),
    prepareTests(suiteOf(server, tests)),
    { updateSnapshots: false, retries: 1 },
    (result: TestResult) => {
      events.push(`graded ${result.name}`);
      return result;
    },
  );
  assert.deepEqual(events, ["call a", "call a", "graded a", "call b", "graded b"]);
  assert.equal(results[0]?.attempts, 2);
});

Deno.test("runInOrder(): a skipped test makes no call and keeps its place", async () => {
  const server = testServer("s");
  const tests = [echo("a", 0, "a"), echo("b", 1, "b", { skip: "later" }), echo("c", 2, "c")];
  const events: string[] = [];
  const results = await runInOrder(
    echoing(server, events),
    prepareTests(suiteOf(server, tests)),
    { updateSnapshots: false },
    (result: TestResult) => {
      events.push(`graded ${result.name}`);
      return result;
    },
  );
  assert.deepEqual(events, ["call a", "graded a", "call c", "graded b", "graded c"]);
  assert.deepEqual(results.map((r) => r.status), ["pass", "skip", "pass"]);
});

Deno.test("runTests() with --bail grades each test before the next one's call (a failure must stop the run)", async () => {
  const server = testServer("s");
  const tests = [echo("a", 0, "wrong"), echo("b", 1, "b")];
  const events: string[] = [];
  const suite = suiteOf(server, tests);
  const record = await runTests(suite, prepareTests(suite), {
    connect: () => Promise.resolve(echoing(server, events)),
    toolVersion: "test",
    bail: 1,
    onResult: (result) => events.push(`graded ${result.name}`),
  });
  assert.deepEqual(events, ["call a", "graded a", "graded b"]);
  assert.deepEqual(record.tests.map((t) => t.status), ["fail", "skip"]);
});

/** The calls and results of a run of two passing tests through runTests, with `options`. */
async function twoTestEvents(options: { sendAhead?: boolean } = {}): Promise<string[]> {
  const server = testServer("s");
  const suite = suiteOf(server, [echo("a", 0, "a"), echo("b", 1, "b")]);
  const events: string[] = [];
  await runTests(suite, prepareTests(suite), {
    connect: () => Promise.resolve(echoing(server, events)),
    toolVersion: "test",
    ...options,
    onResult: (result) => events.push(`graded ${result.name}`),
  });
  return events;
}

Deno.test("runTests() without --bail overlaps: the next call goes out before the result before it", async () => {
  assert.deepEqual(await twoTestEvents(), ["call a", "call b", "graded a", "graded b"]);
});

Deno.test("runTests() with sendAhead: false (--verbose) grades each test before the next one's call", async () => {
  assert.deepEqual(await twoTestEvents({ sendAhead: false }), [
    "call a",
    "graded a",
    "call b",
    "graded b",
  ]);
});

Deno.test("runInOrder(): a call that fails while the test before it is graded rejects the run, never as an unhandled rejection", async () => {
  const server = testServer("s");
  // Test a is graded by a judge that answers on a later turn of the event loop: b's call fails
  // meanwhile, before anything awaits it (the runtime would report that as unhandled).
  const judged: Assertion = {
    kind: "assertion",
    target: "result.text",
    matcher: {
      name: "llm-judge",
      arg: { rubric: "says a", model: "anthropic/claude-opus-4-7" },
      pos,
    },
    pos,
  };
  const tests = [echo("a", 0, "a", { assertions: [judged] }), echo("b", 1, "b")];
  let bFailed = false;
  const session = fakeSession(server, (_method, params) => {
    const text = String((params.arguments as { text: string }).text);
    if (text === "b") {
      bFailed = true;
      throw new Error("the transport broke");
    }
    return { result: { text } };
  });
  const judge = async () => {
    await new Promise((resolve) => setTimeout(resolve, 1));
    assert.ok(bFailed, "b's call failed while a was being graded");
    return { pass: true, expected: "says a", actual: '"a"' };
  };
  const graded: string[] = [];
  await assert.rejects(
    runInOrder(
      session,
      prepareTests(suiteOf(server, tests)),
      { updateSnapshots: false, judgeFor: () => judge },
      (r) => {
        graded.push(`${r.name} ${r.status}`);
        return r;
      },
    ),
    /the transport broke/,
  );
  // Test a was graded (its result reached finish) before b's failure ended the run.
  assert.deepEqual(graded, ["a pass"]);
});
