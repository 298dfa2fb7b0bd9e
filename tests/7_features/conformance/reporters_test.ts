/** @module Tests of the conformance reporters: every format rendered from one fixture result. */

import assert from "node:assert/strict";
import {
  CONFORMANCE_REPORTERS,
  getConformanceReporter,
} from "../../../src/7_features/conformance/report/reporters.ts";
import type { ConformanceResult } from "../../../src/7_features/conformance/result.ts";
import { UsageError } from "../../../src/0_base/errors/errors.ts";

const RESULT: ConformanceResult = {
  target_version: "2026-07-28",
  corpus_source: "embedded",
  must: { passed: 1, total: 2 },
  should: { passed: 1, total: 1 },
  may: { passed: 0, total: 0 },
  tier: "tier-3",
  badge: "T3",
  per_sep: [{
    sep: 2164,
    tested: 2,
    passed: 1,
    excluded: 1,
    failed: 1,
    not_applicable: 1,
    not_verified: 0,
    untested: 1,
  }],
  schema_version: 1,
  tier_reason: "MUST pass rate is at least 50% (MUST 50%, SHOULD 100%)",
  server: "http://127.0.0.1:1/mcp?<script>",
  transport: "http",
  protocol_version: "2026-07-28",
  statuses: { pass: 2, fail: 1, not_applicable: 1, not_verified: 0, untested: 1, excluded: 1 },
  checks: [
    {
      check: "sep-2164-no-empty-contents",
      sep: 2164,
      severity: "must",
      status: "fail",
      detail: "empty <contents> | x",
      text: "MUST NOT",
    },
    {
      check: "sep-2164-error-code",
      sep: 2164,
      severity: "should",
      status: "pass",
      detail: "-32602",
      text: "SHOULD",
    },
    { check: "sep-2164-x", sep: 2164, severity: "must", status: "pass", text: "MUST" },
    {
      check: "sep-2164-y",
      sep: 2164,
      severity: "must",
      status: "not-applicable",
      detail: "no resources",
      text: "MUST",
    },
    { check: "sep-2164-z", sep: 2164, severity: "must", status: "untested", text: "MUST" },
  ],
  excluded: [{ sep: 2164, severity: "should", text: "Clients SHOULD", reason: "client side" }],
  tool: { name: "mcptest", version: "0.1.0" },
  duration_ms: 12,
};

Deno.test("CONFORMANCE_REPORTERS render pretty, json, markdown and html", async (t) => {
  assert.deepEqual(Object.keys(CONFORMANCE_REPORTERS), ["pretty", "json", "markdown", "html"]);
  await t.step("json is the result, seed keys first", () => {
    const text = CONFORMANCE_REPORTERS.json?.(RESULT, { color: false }) ?? "";
    const parsed = JSON.parse(text);
    assert.deepEqual(parsed, RESULT);
    assert.deepEqual(Object.keys(parsed).slice(0, 8), [
      "target_version",
      "corpus_source",
      "must",
      "should",
      "may",
      "tier",
      "badge",
      "per_sep",
    ]);
    assert.deepEqual(Object.keys(parsed.per_sep[0] ?? {}).slice(0, 4), [
      "sep",
      "tested",
      "passed",
      "excluded",
    ]);
  });
  await t.step("pretty keeps every status apart and shows the badge", () => {
    const text = CONFORMANCE_REPORTERS.pretty?.(RESULT, { color: false }) ?? "";
    for (const label of ["FAIL", "PASS", "N/A", "UNTESTED", "T3 tier-3", "MUST 1/2"]) {
      assert.ok(text.includes(label), label);
    }
    assert.ok(!text.includes("\x1b["), "no colour codes");
  });
  await t.step("markdown has a table per SEP with escaped pipes", () => {
    const text = CONFORMANCE_REPORTERS.markdown?.(RESULT, { color: false }) ?? "";
    assert.match(text, /^# MCP conformance: T3 \(tier-3\)/);
    assert.ok(text.includes("## SEP-2164"));
    assert.ok(text.includes("empty &lt;contents&gt; \\| x"));
  });
  await t.step("html escapes every value", () => {
    const text = CONFORMANCE_REPORTERS.html?.(RESULT, { color: false }) ?? "";
    assert.ok(text.startsWith("<!doctype html>"));
    assert.ok(!text.includes("<script>"));
    assert.ok(text.includes("&lt;script&gt;"));
    assert.ok(text.includes('class="badge tier-3"'));
  });
});

Deno.test("getConformanceReporter() lists the known names for an unknown one", () => {
  assert.throws(
    () => getConformanceReporter("junit"),
    (e: unknown) => e instanceof UsageError && /pretty, json, markdown, html/.test(e.message),
  );
});
