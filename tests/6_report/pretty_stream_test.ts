/** @module The streaming pretty writer: tests print as they finish, in file order, and the bytes equal a re-render. */

import assert from "node:assert/strict";
import { createPrettyStream } from "../../src/6_report/pretty_stream.ts";
import { renderPretty } from "../../src/6_report/pretty.ts";
import type { RunRecord, TestResult } from "../../src/4_record/run_record.ts";
import { summarize } from "../../src/4_record/summary.ts";
import { styler } from "../../src/0_base/util/ansi.ts";

const result = (file: string, name: string, line: number, status: TestResult["status"]) =>
  ({
    id: `${file}::tool::${name}`,
    name,
    kind: "tool",
    server: "s",
    file,
    line,
    col: 5,
    status,
    durationMs: 3,
    assertions: status === "fail"
      ? [{
        target: "result.content",
        matcher: "exact",
        status: "fail",
        expected: "1",
        actual: "2",
        line: line + 3,
        col: 9,
      }]
      : [],
    budgets: [],
  }) satisfies TestResult;

const files = ["tests/a.yml", "tests/b.yml"];
const tests: TestResult[] = [
  result("tests/a.yml", "echo works", 4, "pass"),
  result("tests/a.yml", "echo fails", 10, "fail"),
  result("tests/b.yml", "echo works", 4, "fail"),
  result("tests/b.yml", "last", 12, "pass"),
];
const compliance: TestResult = {
  ...result("tests/b.yml", "PROTO-001", 20, "pass"),
  id: "tests/b.yml::compliance::PROTO-001",
  kind: "compliance",
};
const record = (list: TestResult[]): RunRecord => ({
  version: 1,
  tool: { name: "mcptest", version: "0" },
  startedAt: "2026-01-01T00:00:00.000Z",
  durationMs: 1234,
  files,
  servers: [],
  tests: list,
  summary: summarize(list),
});

Deno.test("createPrettyStream() prints each test once the tests before it are done, in file order", async (t) => {
  const chunks: string[] = [];
  const stream = createPrettyStream({
    files,
    style: styler(false),
    write: (text) => chunks.push(text),
  });
  stream.selected(tests);
  await t.step("a later test waits for the earlier ones", () => {
    stream.result(tests[2]!);
    stream.result(tests[1]!);
    assert.deepEqual(chunks, []);
  });
  await t.step("the first result releases every finished test after it", () => {
    stream.result(tests[0]!);
    assert.equal(chunks.length, 3);
    assert.match(chunks[0]!, /^tests\/a\.yml\n {2}PASS {2}echo works/);
    assert.match(chunks[2]!, /^\ntests\/b\.yml\n {2}FAIL {2}echo works/);
  });
  await t.step("two tests of the same name in two files are told apart by file:line", () => {
    assert.match(chunks[1]!, /FAIL {2}echo fails .*\n {8}at tests\/a\.yml:13:9\n/);
    assert.match(chunks[2]!, /\n {8}at tests\/b\.yml:7:9\n/);
  });
  await t.step("finish prints the rest and the tail; the whole equals renderPretty", () => {
    stream.result(tests[3]!);
    const finished = record([...tests, compliance]);
    stream.finish(finished);
    assert.match(chunks.at(-1)!, /\n3 passed, 2 failed in 1\.2s\n$/);
    assert.equal(chunks.join(""), renderPretty(finished, styler(false)));
  });
});

Deno.test("createPrettyStream() output equals renderPretty of the record for any finishing order", () => {
  const orders = [[0, 1, 2, 3], [3, 2, 1, 0], [1, 3, 0, 2], [2, 0, 3, 1]];
  for (const color of [false, true]) {
    for (const order of orders) {
      let out = "";
      const stream = createPrettyStream({
        files,
        style: styler(color),
        write: (text) => out += text,
      });
      stream.selected(tests);
      for (const i of order) stream.result(tests[i]!);
      const finished = record(tests);
      stream.finish(finished);
      assert.equal(out, renderPretty(finished, styler(color)), `order ${order}`);
    }
  }
});

Deno.test("createPrettyStream() prints results in their final form (prepare) and ignores unknown ids", () => {
  let out = "";
  const stream = createPrettyStream({
    files: ["tests/a.yml"],
    style: styler(false),
    write: (text) => out += text,
    prepare: (r) => ({ ...r, replayed: true }),
  });
  const one = [tests[0]!];
  stream.selected(one);
  stream.result({ ...tests[3]!, id: "not selected" });
  assert.equal(out, "");
  stream.result(tests[0]!);
  assert.equal(out, "  PASS  echo works    (3ms, replay)\n");
  const finished = { ...record([{ ...tests[0]!, replayed: true }]), files: ["tests/a.yml"] };
  stream.finish(finished);
  assert.equal(out, renderPretty(finished, styler(false)));
});

Deno.test("renderPretty() shows file headers only when the run loaded several files", () => {
  const single = { ...record(tests.slice(0, 2)), files: ["tests/a.yml"] };
  assert.ok(!renderPretty(single, styler(false)).startsWith("tests/a.yml\n"));
  assert.ok(renderPretty(record(tests), styler(false)).startsWith("tests/a.yml\n"));
});
