import assert from "node:assert/strict";
import { renderTap } from "../../src/6_report/tap.ts";
import { loadRecord as load, SNAPSHOT_RECORDS } from "./_records.ts";

Deno.test("renderTap() output matches the snapshot of every fixture record", async (t) => {
  for (
    const name of SNAPSHOT_RECORDS
  ) {
    await t.step(name, async (s) => {
      await s.assertSnapshot(renderTap(load(name)));
    });
  }
});

Deno.test("renderTap() writes a TAP 14 plan, directives and the budget bucket", () => {
  const lines = renderTap(load("mixed")).split("\n");
  assert.equal(lines[0], "TAP version 14");
  assert.equal(lines[1], "1..9");
  assert.ok(lines.includes("not ok 1 - search stays under 250ms # time=412ms"));
  assert.ok(lines.includes("  bucket: budget"));
  assert.ok(lines.includes("  bucket: error"));
  assert.ok(lines.includes("ok 5 - local still works # time=12ms"));
  assert.ok(
    lines.includes(
      "ok 6 - completions work # SKIP server does not advertise the completions capability",
    ),
  );
  assert.ok(lines.includes("# over budget (the response was right but too expensive):"));
});

Deno.test("renderTap() escapes # and backslashes and keeps names on one line", () => {
  const text = renderTap(load("hostile"));
  assert.ok(
    text.includes(
      "not ok 1 - <script>alert('x')</script> | pipe, comma: colon 100% \\# hash # time=2ms",
    ),
  );
  assert.ok(text.includes("ok 2 - plain name with newline # time=1ms"));
});

Deno.test("renderTap() adds the rule of a failed compliance result to its YAML block", () => {
  const text = renderTap(load("compliance_rules"));
  assert.ok(
    text.includes(
      [
        "  kind: compliance",
        "  rule:",
        "    id: PROTO-008",
        "    severity: SHOULD",
        "    revision: v2025-11-25",
        "    spec_url: https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#stdio",
        "  duration_ms: 5",
      ].join("\n"),
    ),
  );
  assert.equal(text.match(/^ {2}rule:$/gm)?.length, 5, "every fail and error, no pass or skip");
  assert.equal(text.match(/^ {4}severity: MAY$/gm)?.length, 1);
  assert.ok(!renderTap(load("compliance")).includes("rule:"));
});
