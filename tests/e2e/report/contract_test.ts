/** @module The reporter contract: every reporter over the same fixture records, printable and snapshotted. */

import assert from "node:assert/strict";
import { renderAnnotations } from "../../../src/6_report/annotations.ts";
import { getReporter, REPORTERS } from "../../../src/6_report/reporters.ts";
import {
  CONFORMANCE_REPORTERS,
  getConformanceReporter,
} from "../../../src/7_features/conformance/report/reporters.ts";
import { UsageError } from "../../../src/0_base/errors/errors.ts";
import type { RunRecord } from "../../../src/4_record/run_record.ts";
import { summarize } from "../../../src/4_record/summary.ts";
import {
  ALL_RECORDS,
  CONFORMANCE_RESULTS,
  loadConformanceResult,
  loadRecord,
} from "../../6_report/_records.ts";
import { assertPrintable } from "../../6_report/_printable.ts";
import { mcptest } from "../../_helpers/cli.ts";

const RUN_FORMATS = ["pretty", "json", "junit", "tap", "sarif", "markdown", "html"];

async function render(format: string, record: RunRecord, color = false): Promise<string> {
  return await (await getReporter(format))(record, { color });
}

Deno.test("REPORTERS names every run reporter the contract covers", () => {
  assert.deepEqual(Object.keys(REPORTERS), RUN_FORMATS);
  assert.deepEqual(Object.keys(CONFORMANCE_REPORTERS), ["pretty", "json", "markdown", "html"]);
});

Deno.test("every run reporter renders every fixture record as printable, command-free text", async (t) => {
  for (const name of ALL_RECORDS) {
    const record = loadRecord(name);
    for (const format of RUN_FORMATS) {
      for (const color of format === "pretty" ? [false, true] : [false]) {
        await t.step(`${format}${color ? " (colour)" : ""} < ${name}`, async () => {
          assertPrintable(await render(format, record, color), { color });
        });
      }
    }
    await t.step(`annotations < ${name}`, () => {
      assertPrintable(renderAnnotations(record), { annotations: true });
    });
  }
});

Deno.test("every conformance reporter renders every fixture result as printable, command-free text", async (t) => {
  for (const name of CONFORMANCE_RESULTS) {
    const result = loadConformanceResult(name);
    for (const format of Object.keys(CONFORMANCE_REPORTERS)) {
      for (const color of format === "pretty" ? [false, true] : [false]) {
        await t.step(`${format}${color ? " (colour)" : ""} < ${name}`, () => {
          assertPrintable(getConformanceReporter(format)(result, { color }), { color });
        });
      }
    }
  }
});

Deno.test("the hostile records reach the reporters intact: their text is shown, escaped", async (t) => {
  const record = loadRecord("hostile_terminal");
  await t.step("pretty shows the escapes and keeps its own colour", async () => {
    const plain = await render("pretty", record);
    assert.ok(plain.includes("\\u001b]0;pwned title\\u0007"), "OSC 0 shown, not run");
    assert.ok(plain.includes("\\u001b[2J\\u001b[H"), "clear-screen shown, not run");
    assert.ok(plain.includes("\\u009b31mC1-CSI"), "C1 CSI shown, not run");
    assert.ok(plain.includes("\n          \\u003a:error file=x::y\n"), "command neutralised");
    assert.ok(plain.includes("legacy \\u0023#[error]anywhere"), "legacy command neutralised");
    const coloured = await render("pretty", record, true);
    assert.ok(coloured.includes("\x1b[31mFAIL\x1b[39m"), "our own colour still works");
    assert.ok(!coloured.includes("\x1b[31mRED"), "the server's colour does not");
  });
  await t.step("json round-trips the record exactly", async () => {
    assert.deepEqual(JSON.parse(await render("json", record)), record);
    assert.deepEqual(JSON.parse(await render("sarif", record)).runs[0].results.length, 2);
  });
  await t.step("annotations escape per GitHub's rules, one command a line", () => {
    const lines = renderAnnotations(record).trimEnd().split("\n");
    assert.equal(lines.length, 4);
    for (const line of lines) assert.match(line, /^::(error|warning|notice) file=/);
    assert.ok(lines[0]!.includes("bad%0A::error file=x::y%0A::add-mask::secret"));
    assert.ok(lines[0]!.includes("x%0D::error::after CR"));
    assert.ok(
      lines[2]!.includes(",title=matcher diff from server text%0A%3A%3Aerror%3A%3Ain a name::"),
    );
  });
});

Deno.test("a budget that could not apply shows as skipped with its reason in every reporter", async (t) => {
  const record = loadRecord("hostile_terminal");
  const reason = "header budgets apply to HTTP servers only";
  const only = (test: number): RunRecord => {
    const tests = [record.tests[test]!];
    return { ...record, tests, summary: summarize(tests) };
  };
  // Test 3 passed; its one budget (response_headers_absent) was skipped on a stdio server.
  const passed = only(3);
  for (const format of RUN_FORMATS) {
    await t.step(format, async () => {
      const text = await render(format, passed);
      assert.ok(text.includes(reason), `${format} gives the reason`);
      assert.ok(text.includes("response_headers_absent"), `${format} names the budget`);
      assert.match(text, /skip/i, `${format} says skipped`);
    });
  }
  await t.step("pretty: a SKIP line under the passing test, counted in the summary", async () => {
    const lines = (await render("pretty", passed)).split("\n");
    assert.equal(
      lines[1],
      "        SKIP budget response_headers_absent (limit server) skipped: " + reason,
    );
    assert.match(lines.at(-2)!, /^1 passed, 0 failed, 1 budget skipped in /);
  });
  await t.step("junit: in the test case's system-out, the test still passes", async () => {
    const xml = await render("junit", passed);
    assert.ok(
      xml.includes(`<system-out>response_headers_absent (limit server) skipped: ${reason}`),
    );
    assert.ok(!xml.includes("<skipped") && !xml.includes("<failure"));
  });
  await t.step("tap: ok, then a comment naming the budget", async () => {
    const lines = (await render("tap", passed)).split("\n");
    assert.equal(lines[2], "ok 1 - stdio header budget # time=2ms");
    assert.equal(lines[3], `# budget response_headers_absent (limit server) skipped: ${reason}`);
  });
  await t.step("sarif: a note, never a result", async () => {
    const run = JSON.parse(await render("sarif", passed)).runs[0];
    assert.equal(run.results.length, 0);
    const [note] = run.invocations[0].toolExecutionNotifications;
    assert.equal(note.level, "note");
    assert.ok(note.message.text.includes(reason));
    assert.equal(note.locations[0].physicalLocation.region.startLine, 21);
  });
  await t.step("annotations: a ::notice at the budget's line", () => {
    assert.equal(
      renderAnnotations(passed),
      "::notice file=tests/hostile.yml,line=21,col=9,title=budget skipped%3A stdio header budget::" +
        `response_headers_absent (limit server) skipped: ${reason}\n`,
    );
  });
});

Deno.test("pretty output matches the snapshot of every fixture record", async (t) => {
  for (const name of ALL_RECORDS) {
    await t.step(name, async (s) => {
      await s.assertSnapshot(await render("pretty", loadRecord(name)));
    });
  }
  for (const name of CONFORMANCE_RESULTS) {
    await t.step(`conformance ${name}`, async (s) => {
      await s.assertSnapshot(
        getConformanceReporter("pretty")(loadConformanceResult(name), { color: false }),
      );
    });
  }
});

Deno.test("json output matches the snapshot of every fixture record", async (t) => {
  for (const name of ALL_RECORDS) {
    await t.step(name, async (s) => {
      await s.assertSnapshot(await render("json", loadRecord(name)));
    });
  }
  for (const name of CONFORMANCE_RESULTS) {
    await t.step(`conformance ${name}`, async (s) => {
      await s.assertSnapshot(
        getConformanceReporter("json")(loadConformanceResult(name), { color: false }),
      );
    });
  }
});

Deno.test("getReporter() knows only its own names: constructor and friends are unknown", async (t) => {
  for (
    const name of ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", "nope"]
  ) {
    await t.step(name, async () => {
      await assert.rejects(
        () => getReporter(name),
        (e: unknown) =>
          e instanceof UsageError && e.exitCode === 2 &&
          e.message === `unknown reporter "${name}"; expected one of: ${RUN_FORMATS.join(", ")}`,
      );
      assert.throws(() => getConformanceReporter(name), UsageError);
    });
  }
});

Deno.test("mcptest report --format constructor is a usage error (exit 2)", async () => {
  const record = new URL("../../fixtures/report/pass.json", import.meta.url).pathname;
  const res = await mcptest(["report", record, "--format", "constructor"]);
  assert.equal(res.code, 2, res.stderr);
  assert.match(
    res.stderr,
    /^error: unknown reporter "constructor"; expected one of: pretty, json,/,
  );
  assert.equal(res.stdout, "");
});
