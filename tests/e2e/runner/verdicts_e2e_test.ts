/** @module End to end through the real CLI and the items server: implicit error checks, expect_error, exists/absent/not on missing keys, header budgets skipped over stdio. */

import assert from "node:assert/strict";
import { itemsServerYaml, mcptest, tempProject } from "../../_helpers/cli.ts";
import type { RunRecord, TestResult } from "../../../src/4_record/run_record.ts";

const SUITE = `servers:
${itemsServerYaml()}tools:
  - name: unexpected tool error
    tool: fail
  - name: unexpected protocol error
    tool: no_such_tool
  - name: expected tool error
    tool: fail
    args: { message: "disk full" }
    expect_error: { kind: tool, message: { icontains: "DISK" } }
  - name: expected protocol error with the wrong code
    tool: no_such_tool
    expect_error: { code: -32002 }
  - name: expected error that does not happen
    tool: echo
    args: { text: "fine" }
    expect_error: true
  - name: an assertion on isError turns the implicit check off
    tool: fail
    expect:
      - target: result.isError
        matcher: { exact: true }
  - name: omitted isError is not true
    tool: echo
    args: { text: "fine" }
    expect:
      - target: result.isError
        matcher: { not: { exact: true } }
      - target: result.isError
        matcher: { absent: true }
      - target: result.content
        matcher: { exists: true }
  - name: absent fails on a present key
    tool: echo
    args: { text: "fine" }
    expect:
      - target: result.content
        matcher: { absent: true }
  - name: exists fails on a missing key
    tool: echo
    args: { text: "fine" }
    expect:
      - target: result.structuredContent
        matcher: { exists: true }
  - name: not fails on the value it negates
    tool: fail
    expect:
      - target: result.isError
        matcher: { not: { exact: true } }
  - name: header budgets on stdio are skipped
    tool: echo
    args: { text: "fine" }
    expect:
      - response_headers: { x-served-by: "edge" }
      - response_headers_absent: [server]
`;

Deno.test("mcptest run grades errors, missing keys and stdio header budgets (items server)", async (t) => {
  const dir = await tempProject({ "suite.yml": SUITE });
  try {
    const run = await mcptest(["run", "suite.yml", "--reporter", "json"], { cwd: dir });
    assert.equal(run.code, 1, run.stderr);
    const record = JSON.parse(run.stdout) as RunRecord;
    const by = (name: string): TestResult => {
      const found = record.tests.find((x) => x.name === name);
      assert.ok(found, name);
      return found;
    };
    const statuses = (name: string) => by(name).assertions.map((a) => [a.matcher, a.status]);

    await t.step("a test with no expect fails on a tool error and on a JSON-RPC error", () => {
      const tool = by("unexpected tool error");
      assert.equal(tool.status, "fail");
      assert.equal(tool.assertions[0]?.matcher, "no error");
      assert.equal(
        tool.assertions[0]?.actual,
        'a tool error result (isError: true): "this tool always fails"',
      );
      const rpc = by("unexpected protocol error");
      assert.equal(rpc.status, "fail");
      assert.match(rpc.assertions[0]?.actual ?? "", /^JSON-RPC error -32602: /);
    });
    await t.step("expect_error passes on the error it expects and fails otherwise", () => {
      assert.equal(by("expected tool error").status, "pass");
      assert.deepEqual(statuses("expected tool error"), [["expect_error", "pass"], [
        "icontains",
        "pass",
      ]]);
      const wrong = by("expected protocol error with the wrong code");
      assert.equal(wrong.status, "fail");
      assert.deepEqual(statuses(wrong.name), [["expect_error", "pass"], ["exact", "fail"]]);
      assert.equal(wrong.assertions[1]?.expected, "-32002");
      assert.equal(wrong.assertions[1]?.actual, "-32602");
      const none = by("expected error that does not happen");
      assert.equal(none.status, "fail");
      assert.equal(none.assertions[0]?.actual, "a successful result");
    });
    await t.step("an assertion on result.isError turns the implicit check off", () => {
      assert.equal(by("an assertion on isError turns the implicit check off").status, "pass");
    });
    await t.step("not, absent and exists on a key the server omits", () => {
      assert.equal(by("omitted isError is not true").status, "pass");
      const absent = by("absent fails on a present key");
      assert.equal(absent.status, "fail");
      assert.equal(absent.assertions[0]?.expected, "absent");
      const exists = by("exists fails on a missing key");
      assert.equal(exists.status, "fail");
      assert.equal(exists.assertions[0]?.actual, "(missing)");
      assert.equal(exists.assertions[0]?.message, "result.structuredContent: no such key");
      const not = by("not fails on the value it negates");
      assert.equal(not.status, "fail");
      assert.equal(not.assertions[0]?.expected, "not true");
      assert.equal(not.assertions[0]?.actual, "true");
    });
    await t.step(
      "header budgets over stdio are skip with the reason, the test still passes",
      () => {
        const test = by("header budgets on stdio are skipped");
        assert.equal(test.status, "pass");
        assert.deepEqual(
          test.budgets.map((b) => [b.budget, b.status, b.message]),
          [
            ["response_headers", "skip", "response headers are not available over stdio"],
            ["response_headers_absent", "skip", "response headers are not available over stdio"],
          ],
        );
      },
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("mcptest run: the pretty report reads expected: not true for a failing not", async () => {
  const dir = await tempProject({
    "suite.yml": `servers:
${itemsServerYaml()}tools:
  - name: not on a tool error
    tool: fail
    expect:
      - target: result.isError
        matcher: { not: { exact: true } }
`,
  });
  try {
    const run = await mcptest(["run", "suite.yml"], { cwd: dir });
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stdout, /expected \(not exact\): +not true\n\s+actual: +true/);
    assert.doesNotMatch(run.stdout, /\{"exact":true\}/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
