import assert from "node:assert/strict";
import { renderMarkdown } from "../../src/6_report/markdown.ts";
import { loadRecord as load, SNAPSHOT_RECORDS, withHostileRule } from "./_records.ts";

Deno.test("renderMarkdown() output matches the snapshot of every fixture record", async (t) => {
  for (
    const name of SNAPSHOT_RECORDS
  ) {
    await t.step(name, async (s) => {
      await s.assertSnapshot(renderMarkdown(load(name)));
    });
  }
});

Deno.test("renderMarkdown() opens with a summary table and buckets budget failures", () => {
  const md = renderMarkdown(load("mixed"));
  const lines = md.split("\n");
  assert.equal(lines[0], "## ❌ mcptest: 6 failed (2 passed, 1 skipped of 9)");
  assert.equal(lines[2], "| Total | Passed | Failed | Errors | Over budget | Skipped | Duration |");
  assert.equal(lines[4], "| 9 | 2 | 4 | 2 | 2 | 1 | 4.1s |");
  const failures = md.slice(md.indexOf("### Failures"), md.indexOf("### Over budget"));
  assert.ok(
    !failures.includes("search stays under 250ms"),
    "budget-only failures are not in Failures",
  );
  assert.ok(failures.includes('```diff\n- "Widget"\n+ "Gadget"\n```'));
  assert.ok(
    md.includes(
      "| search stays under 250ms | max_duration_ms | 250ms | 412ms | tests/budgets.yml:27 |",
    ),
  );
  assert.equal(
    renderMarkdown(load("pass")).split("\n")[0],
    "## ✅ mcptest: all passed (3 passed of 3)",
  );
});

Deno.test("renderMarkdown() escapes names so they cannot inject markup or break tables", () => {
  const md = renderMarkdown(load("hostile"));
  assert.ok(!md.includes("<script>"));
  assert.ok(md.includes("&lt;script&gt;"));
  // Every table row has the same number of unescaped cell separators.
  for (const row of md.split("\n").filter((l) => l.startsWith("| "))) {
    const cells = row.replace(/\\\|/g, "").split("|").length;
    assert.ok(cells === 9 || cells === 7, row);
  }
  // The value holding ``` is fenced with a longer fence.
  assert.ok(md.includes("````diff\n"));
  assert.ok(md.includes("\\u0001\\u001b[31m"));
});

Deno.test("renderMarkdown() shows a failed compliance rule's severity and links its spec", () => {
  const md = renderMarkdown(load("compliance_rules"));
  assert.ok(
    md.includes(
      "(tests/compliance.yml:6)</summary>\n\n**MUST** · SCHEMA-004 · v2025-11-25 · [specification](https://modelcontextprotocol.io/specification/2026-07-28/basic#responses)\n\n",
    ),
  );
  assert.ok(md.includes("**SHOULD** · PROTO-008 · v2025-11-25 · [specification](https://"));
  assert.ok(md.includes("**MAY** · TRANSPORT-007 · v2025-11-25 · [specification](https://"));
  assert.ok(md.includes("**MUST** · TOOL-002 · v2025-11-25 · [specification](https://"));
  assert.equal(md.match(/\[specification\]/g)?.length, 5);
  assert.ok(!renderMarkdown(load("compliance")).includes("specification"));
});

Deno.test("renderMarkdown() escapes a rule and links only an http(s) spec URL", () => {
  const hostile = withHostileRule;
  const js = renderMarkdown(hostile("javascript:alert(1)"));
  assert.ok(!js.includes("](javascript"));
  assert.ok(js.includes("&lt;b&gt;X-001&lt;/b&gt; · v2025-11-25 · javascript:alert\\(1\\)"));
  const parens = renderMarkdown(hostile("https://example.com/a (b)<i>"));
  assert.ok(parens.includes("[specification](https://example.com/a%20%28b%29%3Ci%3E)"));
});
