import assert from "node:assert/strict";
import type { Assertion, ServerSpec, Suite, TestCase } from "../../../src/3_load/config/types.ts";
import { prepareTests } from "../../../src/5_execute/runner/prepare.ts";
import { runTests } from "../../../src/5_execute/runner/run.ts";
import { ConfigErrors, McptestError } from "../../../src/0_base/errors/errors.ts";
import { fakeSession, testServer } from "../../_helpers/fake_session.ts";

const pos = { file: "suite.yml", line: 1, col: 1 };
const exact = (target: string, value: unknown, line = 5): Assertion => ({
  kind: "assertion",
  target,
  matcher: { name: "exact", arg: value, pos: { ...pos, line } },
  pos: { ...pos, line },
});
let order = 0;
const tool = (name: string, serverKey: string, assertions: Assertion[], args = {}): TestCase => ({
  id: `suite.yml::tool::${name}`,
  name,
  kind: "tool",
  serverKey,
  call: { kind: "tool", tool: "add", args },
  assertions,
  budgets: [],
  file: "suite.yml",
  pos,
  order: order++,
});
const suiteOf = (servers: ServerSpec[], tests: TestCase[], secrets: string[] = []): Suite => ({
  files: ["suite.yml"],
  servers: Object.fromEntries(servers.map((s) => [s.key, s])),
  tests,
  secrets,
});

Deno.test("runTests() grades tests, keeps file order and closes sessions", async () => {
  const server = testServer("a");
  const tests = [
    tool("sum ok", "a", [exact("result.structuredContent.sum", 5)], { a: 2, b: 3 }),
    tool("sum wrong", "a", [exact("result.structuredContent.sum", 6)], { a: 2, b: 3 }),
  ];
  const session = fakeSession(server, (_m, p) => {
    const args = p.arguments as { a: number; b: number };
    return { result: { structuredContent: { sum: args.a + args.b } } };
  });
  const record = await runTests(suiteOf([server], tests), prepareTests(suiteOf([server], tests)), {
    connect: () => Promise.resolve(session),
    toolVersion: "test",
  });
  assert.deepEqual(record.tests.map((t) => t.status), ["pass", "fail"]);
  assert.equal(record.tests[1]?.assertions[0]?.actual, "5");
  assert.deepEqual(record.summary, {
    total: 2,
    passed: 1,
    failed: 1,
    skipped: 0,
    errored: 0,
    budgetFailed: 0,
  });
  assert.equal(session.closed, true);
});

Deno.test("runTests() gives the results in file order when servers interleave, as they come when one server runs them", async () => {
  const a = testServer("a"), b = testServer("b");
  const sum = (_m: string, p: Record<string, unknown>) => {
    const args = p.arguments as { a: number; b: number };
    return { result: { structuredContent: { sum: args.a + args.b } } };
  };
  const sessions = { a: fakeSession(a, sum), b: fakeSession(b, sum) };
  const run = async (tests: TestCase[]) => {
    const suite = suiteOf([a, b], tests);
    const record = await runTests(suite, prepareTests(suite), {
      connect: (server) => Promise.resolve(sessions[server.key as "a" | "b"]),
      toolVersion: "test",
      serverConcurrency: 1,
    });
    return record.tests.map((t) => t.name);
  };
  const check = [exact("result.structuredContent.sum", 5)];
  const args = { a: 2, b: 3 };
  // Run server by server (a's tests, then b's): put back in the order the file has them.
  assert.deepEqual(
    await run([
      tool("b1", "b", check, args),
      tool("a1", "a", check, args),
      tool("b2", "b", check, args),
      tool("a2", "a", check, args),
    ]),
    ["b1", "a1", "b2", "a2"],
  );
  assert.deepEqual(
    await run([tool("one", "a", check, args), tool("two", "a", check, args)]),
    ["one", "two"],
  );
});

Deno.test("runTests() fails a server's tests with the failure layer and still runs other servers", async () => {
  const good = testServer("good"), bad = testServer("bad");
  const tests = [
    tool("t1", "bad", [exact("result", 1)]),
    tool("t2", "good", [exact("result.x", 1)]),
  ];
  const suite = suiteOf([good, bad], tests);
  const failing = Object.assign(new McptestError("tcp connect failed: connection refused", 1), {
    layer: "tcp",
  });
  const record = await runTests(suite, prepareTests(suite), {
    connect: (s) =>
      s.key === "bad"
        ? Promise.reject(failing)
        : Promise.resolve(fakeSession(s, () => ({ result: { x: 1 } }))),
    toolVersion: "test",
  });
  assert.equal(record.tests[0]?.status, "error");
  assert.equal(record.tests[0]?.failure?.layer, "tcp");
  assert.equal(record.tests[1]?.status, "pass");
  assert.equal(record.servers.find((s) => s.key === "bad")?.status, "failed");
});

Deno.test("runTests() wraps an error envelope under result and reports timeouts", async () => {
  const server = testServer("a");
  const tests = [
    tool("error code", "a", [exact("result.error.code", -32602)]),
    tool("timeout", "a", [exact("result", 1)]),
  ];
  const suite = suiteOf([server], tests);
  let call = 0;
  const record = await runTests(suite, prepareTests(suite), {
    connect: (s) =>
      Promise.resolve(
        fakeSession(s, () =>
          call++ === 0
            ? { error: { code: -32602, message: "bad" } }
            : { failure: { kind: "timeout", message: "no response within 1000ms" } }),
      ),
    toolVersion: "test",
  });
  assert.equal(record.tests[0]?.status, "pass");
  assert.equal(record.tests[1]?.status, "error");
  assert.match(record.tests[1]?.failure?.message ?? "", /no response/);
});

Deno.test("runTests(): a request waits the test's timeout_ms, else its server's; --timeout never lengthens it", async () => {
  const server = testServer("a", { timeoutMs: 1000 });
  const tests = [
    { ...tool("own timeout", "a", []), timeoutMs: 5000 },
    tool("server's timeout", "a", []),
  ];
  const suite = suiteOf([server], tests);
  const asked: Array<number | undefined> = [];
  const session = fakeSession(server, () => ({ result: {} }));
  const answer = session.request.bind(session);
  session.request = (method, params, options) => {
    asked.push(options?.timeoutMs);
    return answer(method, params);
  };
  // A run limit of ten minutes: far more than either, so neither is shortened.
  await runTests(suite, prepareTests(suite), {
    connect: () => Promise.resolve(session),
    toolVersion: "test",
    timeoutMs: 600_000,
  });
  assert.deepEqual(asked, [5000, 1000]);
});

Deno.test("runTests() redacts secrets from the record", async () => {
  const server = testServer("a");
  const tests = [tool("leaky", "a", [exact("result.echo", "nope")])];
  const suite = suiteOf([server], tests, ["hunter2-secret"]);
  const record = await runTests(suite, prepareTests(suite), {
    connect: (s) =>
      Promise.resolve(fakeSession(s, () => ({ result: { echo: "token=hunter2-secret" } }))),
    toolVersion: "test",
  });
  assert.ok(!JSON.stringify(record).includes("hunter2-secret"));
});

Deno.test("prepareTests() reports an unknown matcher as a load error with its position", () => {
  const server = testServer("a");
  const bad: Assertion = {
    ...exact("result", 1, 9),
    matcher: { name: "exactly", arg: 1, pos: { ...pos, line: 9 } },
  };
  const suite = suiteOf([server], [tool("t", "a", [bad])]);
  assert.throws(() => prepareTests(suite), (e: unknown) => {
    assert.ok(e instanceof ConfigErrors);
    assert.match(e.message, /suite\.yml:9:1/);
    assert.equal(e.exitCode, 2);
    return true;
  });
});
