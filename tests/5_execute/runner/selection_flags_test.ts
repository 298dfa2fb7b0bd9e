/** @module tags: / --tag / --exclude-tag, only: (refused under CI), skip:, --bail and retries (flaky). */

import assert from "node:assert/strict";
import type { Assertion, ServerSpec, Suite, TestCase } from "../../../src/3_load/config/types.ts";
import { UsageError } from "../../../src/0_base/errors/errors.ts";
import { prepareTests } from "../../../src/5_execute/runner/prepare.ts";
import { runTests } from "../../../src/5_execute/runner/run.ts";
import { onlySelection, tagSelection } from "../../../src/5_execute/runner/select_tags.ts";
import { selectTests } from "../../../src/5_execute/runner/select_tests.ts";
import { fakeSession, testServer } from "../../_helpers/fake_session.ts";

const pos = { file: "suite.yml", line: 1, col: 1 };
const exact = (target: string, value: unknown): Assertion => ({
  kind: "assertion",
  target,
  matcher: { name: "exact", arg: value, pos },
  pos,
});
let order = 0;
const tool = (
  name: string,
  extra: Partial<TestCase> = {},
  assertions: Assertion[] = [exact("result.ok", true)],
): TestCase => ({
  id: `suite.yml::tool::${name}`,
  name,
  kind: "tool",
  serverKey: "a",
  call: { kind: "tool", tool: "t", args: {} },
  assertions,
  budgets: [],
  file: "suite.yml",
  pos: { ...pos, line: order + 1 },
  order: order++,
  ...extra,
});
const suiteOf = (servers: ServerSpec[], tests: TestCase[]): Suite => ({
  files: ["suite.yml"],
  servers: Object.fromEntries(servers.map((s) => [s.key, s])),
  tests,
  secrets: [],
});
const names = (tests: readonly { name: string }[]) => tests.map((t) => t.name);

Deno.test("tagSelection() keeps tests with any --tag and drops any --exclude-tag", async (t) => {
  const tests = [
    tool("smoke", { tags: ["smoke"] }),
    tool("slow smoke", { tags: ["smoke", "slow"] }),
    tool("untagged"),
  ];
  await t.step("no flags: all", () => {
    assert.deepEqual(names(tagSelection(tests, [], [])), ["smoke", "slow smoke", "untagged"]);
  });
  await t.step("--tag smoke", () => {
    assert.deepEqual(names(tagSelection(tests, ["smoke"], [])), ["smoke", "slow smoke"]);
  });
  await t.step("--exclude-tag wins over --tag", () => {
    assert.deepEqual(names(tagSelection(tests, ["smoke"], ["slow"])), ["smoke"]);
  });
  await t.step("an unknown tag selects nothing", () => {
    assert.deepEqual(names(tagSelection(tests, ["nope"], [])), []);
  });
});

Deno.test("onlySelection() runs only only: tests, and refuses them under CI with exit 2", async (t) => {
  const tests = [tool("a"), tool("b", { only: true }), tool("c")];
  await t.step("locally: only b", () => {
    assert.deepEqual(names(onlySelection(tests, false)), ["b"]);
  });
  await t.step("without only: everything", () => {
    assert.deepEqual(names(onlySelection([tool("x"), tool("y")], true)), ["x", "y"]);
  });
  await t.step("under CI: a usage error naming the test", () => {
    assert.throws(() => onlySelection(tests, true), (e: unknown) => {
      assert.ok(e instanceof UsageError);
      assert.equal(e.exitCode, 2);
      assert.match(e.message, /only: is not allowed under CI=true/);
      assert.match(e.message, /suite\.yml:\d+:1 "b"/);
      return true;
    });
  });
  await t.step("selectTests() applies tags then only", async () => {
    const chosen = await selectTests([tool("p", { tags: ["x"], only: true }), tool("q")], {
      cwd: ".",
      tags: ["x"],
      ci: false,
    });
    assert.deepEqual(names(chosen), ["p"]);
  });
});

function run(tests: TestCase[], options: { bail?: number; retries?: number }, answers: unknown[]) {
  const server = testServer("a");
  const suite = suiteOf([server], tests);
  let calls = 0;
  let connects = 0;
  const session = fakeSession(server, () => ({ result: answers[calls++ % answers.length] }));
  return runTests(suite, prepareTests(suite), {
    connect: () => {
      connects++;
      return Promise.resolve(session);
    },
    toolVersion: "test",
    ...options,
  }).then((record) => ({ record, calls, connects }));
}

Deno.test("skip: reports SKIP with its reason and never sends the request", async (t) => {
  await t.step("a skipped test among running ones", async () => {
    const { record, calls } = await run(
      [tool("runs"), tool("skipped", { skip: "waiting on #12" })],
      {},
      [{ ok: true }],
    );
    assert.deepEqual(record.tests.map((x) => [x.status, x.skipReason]), [
      ["pass", undefined],
      ["skip", "waiting on #12"],
    ]);
    assert.equal(calls, 1);
    assert.equal(record.summary.skipped, 1);
  });
  await t.step("a server whose tests are all skipped is not started", async () => {
    const { record, connects } = await run([tool("only skipped", { skip: "skipped" })], {}, []);
    assert.equal(connects, 0);
    assert.equal(record.servers[0]?.status, "unused");
    assert.equal(record.tests[0]?.status, "skip");
  });
});

Deno.test("--bail stops after N failures and reports the rest skipped with reason --bail", async (t) => {
  const tests = () => [tool("f1"), tool("f2"), tool("f3"), tool("f4")];
  await t.step("bail 1", async () => {
    const { record, calls } = await run(tests(), { bail: 1 }, [{ ok: false }]);
    assert.deepEqual(record.tests.map((x) => x.status), ["fail", "skip", "skip", "skip"]);
    assert.equal(record.tests[1]?.skipReason, "--bail");
    assert.equal(calls, 1);
  });
  await t.step("bail 2", async () => {
    const { record } = await run(tests(), { bail: 2 }, [{ ok: false }]);
    assert.deepEqual(record.tests.map((x) => x.status), ["fail", "fail", "skip", "skip"]);
  });
  await t.step("passes do not count", async () => {
    const { record } = await run(tests(), { bail: 1 }, [{ ok: true }]);
    assert.deepEqual(record.tests.map((x) => x.status), ["pass", "pass", "pass", "pass"]);
  });
});

Deno.test("retries: a pass on a retry is flaky with its attempts, never a plain pass", async (t) => {
  await t.step("fails once, then passes: flaky", async () => {
    const { record, calls } = await run([tool("t", { retries: 2 })], {}, [
      { ok: false },
      { ok: true },
    ]);
    assert.equal(calls, 2);
    assert.equal(record.tests[0]?.status, "pass");
    assert.equal(record.tests[0]?.flaky, true);
    assert.equal(record.tests[0]?.attempts, 2);
    assert.equal(record.summary.flaky, 1);
  });
  await t.step("never passes: fails after every attempt, not flaky", async () => {
    const { record, calls } = await run([tool("t")], { retries: 2 }, [{ ok: false }]);
    assert.equal(calls, 3);
    assert.equal(record.tests[0]?.status, "fail");
    assert.equal(record.tests[0]?.flaky, undefined);
    assert.equal(record.tests[0]?.attempts, 3);
    assert.equal(record.summary.flaky, undefined);
  });
  await t.step("passes at once: a plain pass, no attempts", async () => {
    const { record, calls } = await run([tool("t")], { retries: 2 }, [{ ok: true }]);
    assert.equal(calls, 1);
    assert.equal(record.tests[0]?.attempts, undefined);
  });
  await t.step("the test's retries: wins over --retries", async () => {
    const { record, calls } = await run([tool("t", { retries: 0 })], { retries: 3 }, [
      { ok: false },
      { ok: true },
    ]);
    assert.equal(calls, 1);
    assert.equal(record.tests[0]?.status, "fail");
  });
});
