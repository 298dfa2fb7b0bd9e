import assert from "node:assert/strict";
import { failingLines } from "../../src/6_report/failing_lines.ts";
import type { RunRecord, TestResult } from "../../src/4_record/run_record.ts";

function test(name: string, status: TestResult["status"], file = "tests/a.yml"): TestResult {
  return {
    id: `${file}::tool::${name}`,
    name,
    kind: "tool",
    server: "items",
    file,
    line: 3,
    col: 5,
    status,
    durationMs: 1,
    assertions: [],
    budgets: [],
  } as unknown as TestResult;
}

const record = (tests: TestResult[]) => ({ tests } as unknown as RunRecord);

Deno.test("failingLines() names each failing and erroring test with its position, nothing else", () => {
  const text = failingLines(record([
    test("ok", "pass"),
    test("broken", "fail"),
    test("skipped", "skip"),
    test("crashed", "error", "tests/b.yml"),
  ]));
  assert.equal(text, "FAIL broken (tests/a.yml:3:5)\nERROR crashed (tests/b.yml:3:5)\n");
  assert.equal(failingLines(record([test("ok", "pass")])), "");
});

Deno.test("failingLines() escapes control characters and workflow commands in names and files", () => {
  const text = failingLines(
    record([test("x\u001b[31m\n::error::pwned\u0007", "fail", "a\rb.yml")]),
  );
  const controls = [...text].filter((c) => c !== "\n" && (c < " " || c === "\u007f"));
  assert.deepEqual(controls, []);
  assert.doesNotMatch(text, /^::/m);
  assert.equal(text.split("\n").length, 2, "one line per test");
});
