/** @module Tests of run-record and capture redaction: enums, keys and the summary survive short secrets. */

import assert from "node:assert/strict";
import { redactCapture, redactRecord } from "../../src/4_record/redact_record.ts";
import { REDACTED } from "../../src/0_base/redaction/redactor.ts";
import { redactValue } from "../../src/4_record/redact_value.ts";
import { RECORD_ENUM_PATHS } from "../../src/4_record/redact_record.ts";
import type { RunRecord } from "../../src/4_record/run_record.ts";
import { checkRunRecord, parseRunRecord } from "../../src/4_record/validate.ts";
import { getReporter, REPORTERS } from "../../src/6_report/reporters.ts";

const FIXTURES = new URL("../fixtures/report/", import.meta.url);

async function fixture(name: string): Promise<RunRecord> {
  const text = await Deno.readTextFile(new URL(`${name}.json`, FIXTURES));
  return parseRunRecord(text, name);
}

/** Every string at an enum path of the record, in walk order. */
function enumValues(record: unknown): string[] {
  const out: string[] = [];
  const walk = (v: unknown, path: string): void => {
    if (typeof v === "string" && RECORD_ENUM_PATHS.has(path)) out.push(v);
    else if (Array.isArray(v)) v.forEach((x) => walk(x, `${path}[]`));
    else if (v !== null && typeof v === "object") {
      for (const [k, x] of Object.entries(v)) walk(x, path === "" ? k : `${path}.${k}`);
    }
  };
  walk(record, "");
  return out;
}

const SHORT_SECRETS = ["test", "pass", "name", "tok", "fail", "tool", "items", "s", "1"];

Deno.test("redactRecord() keeps a real record valid for every short secret of the bug reports", async (t) => {
  const record = await fixture("mixed");
  const pretty = await getReporter("pretty");
  const expected = (await pretty(record, { color: false })).trim().split("\n").at(-1)!;
  for (const secret of SHORT_SECRETS) {
    await t.step(`secret ${JSON.stringify(secret)}`, async () => {
      const out = redactRecord(record, [secret]);
      const reparsed = parseRunRecord(JSON.stringify(out), "redacted");
      assert.deepEqual(reparsed.summary, record.summary);
      assert.deepEqual(enumValues(out), enumValues(record));
      assert.deepEqual(out.tests.map((x) => x.status), record.tests.map((x) => x.status));
      assert.deepEqual(
        out.tests.map((x) => x.budgets.map((b) => b.budget)),
        record.tests.map((x) => x.budgets.map((b) => b.budget)),
      );
      const text = await pretty(out, { color: false });
      const summary = text.trim().split("\n").at(-1)!;
      // The summary line is the same counts (only the secret letters inside it could change).
      assert.match(summary, /^\d+ passed, \d+ failed, \d+ skipped/);
      assert.deepEqual(
        summary.match(/\d+ (passed|failed|skipped)/g),
        expected.match(/\d+ (passed|failed|skipped)/g),
      );
      assert.ok(!text.includes("undefined"), text);
    });
  }
});

Deno.test("redactRecord() renders with every reporter for the secret `pass`", async () => {
  const record = redactRecord(await fixture("mixed"), ["pass", "tok", "name", "test"]);
  for (const name of Object.keys(REPORTERS)) {
    const text = await (await getReporter(name))(record, { color: false });
    assert.ok(text.length > 0, name);
  }
});

Deno.test("redactRecord() hides secrets in free text and URL parts of targets", () => {
  const record: RunRecord = {
    version: 1,
    tool: { name: "mcptest", version: "0.1.0" },
    startedAt: "2026-03-01T12:00:00.000Z",
    durationMs: 3,
    files: ["suite.yml"],
    servers: [{
      name: "remote",
      key: "remote",
      target: "https://bob:pw@h.test/mcp?api_key=abc123",
      source: "mcptest.yml",
      status: "connected",
    }],
    tests: [{
      id: "suite.yml::tool::echo the token",
      name: "echo the token",
      kind: "tool",
      server: "remote",
      file: "suite.yml",
      line: 3,
      col: 5,
      status: "fail",
      durationMs: 3,
      assertions: [{
        target: "result.content[0].text",
        matcher: "exact",
        status: "fail",
        expected: '"hello"',
        actual: JSON.stringify(JSON.stringify({ token: 'to"ken\nX' })),
        line: 4,
        col: 7,
      }],
      budgets: [],
      failure: { layer: "http", message: "got to%22ken%0AX back" },
    }],
    summary: { total: 1, passed: 0, failed: 1, skipped: 0, errored: 0, budgetFailed: 0 },
  };
  const out = redactRecord(record, ['to"ken\nX', "token"]);
  checkRunRecord(JSON.parse(JSON.stringify(out)), "redacted");
  assert.equal(out.servers[0]!.target, "https://h.test/mcp?api_key=[REDACTED]");
  assert.equal(out.tests[0]!.failure!.message, `got ${REDACTED} back`);
  assert.equal(out.tests[0]!.id, `suite.yml::tool::echo the ${REDACTED}`);
  assert.equal(out.tests[0]!.name, `echo the ${REDACTED}`);
  assert.ok(!JSON.stringify(out).includes("ken"), JSON.stringify(out));
  assert.equal(out.tests[0]!.kind, "tool");
});

Deno.test("redactValue() on a record or a test list keeps the enums (legacy call sites)", async () => {
  const record = await fixture("mixed");
  const whole = redactValue(record, ["pass", "fail"]);
  assert.deepEqual(enumValues(whole), enumValues(record));
  const tests = redactValue([...record.tests], ["pass", "fail"]);
  assert.deepEqual(tests.map((x) => x.status), record.tests.map((x) => x.status));
});

Deno.test("redactCapture() keeps JSON-RPC vocabulary and hides secrets elsewhere", () => {
  const capture = [{
    server_label: "https://u:p@h.test/mcp?key=v",
    server_capabilities: { tools: {} },
    exchanges: [{
      request: { jsonrpc: "2.0", id: "tools", method: "tools/call", params: { name: "tools" } },
      response: { jsonrpc: "2.0", id: "tools", result: { content: [{ text: "tools!" }] } },
    }],
    server_messages: [{ message: { jsonrpc: "2.0", method: "notifications/tools/list_changed" } }],
  }];
  const out = redactCapture(capture, ["tools"]);
  const [session] = out;
  assert.equal(session!.server_label, "https://h.test/mcp?key=[REDACTED]");
  assert.deepEqual(session!.exchanges[0]!.request, {
    jsonrpc: "2.0",
    id: "tools",
    method: "tools/call",
    params: { name: REDACTED },
  });
  assert.deepEqual(session!.exchanges[0]!.response!.result, {
    content: [{ text: `${REDACTED}!` }],
  });
  assert.deepEqual(session!.server_capabilities, { tools: {} });
  assert.equal(session!.server_messages[0]!.message.method, "notifications/tools/list_changed");
  assert.deepEqual(redactValue(capture, ["tools"]), out);
});

Deno.test("redactTestId() keeps the kind and the `::` structure of an id", async (t) => {
  const { createRedactor } = await import("../../src/0_base/redaction/redactor.ts");
  const { redactTestId } = await import("../../src/4_record/redact_record.ts");
  await t.step("a secret equal to the kind leaves the kind", () => {
    const r = createRedactor(["tool"]);
    assert.equal(
      redactTestId("tools/a.yml::tool::call tool x", r),
      `${REDACTED}s/a.yml::tool::call ${REDACTED} x`,
    );
  });
  await t.step("compliance ids and names holding `::`", () => {
    const r = createRedactor(["a::b"]);
    assert.equal(
      redactTestId("f.yml::compliance::srv::a::b", r),
      `f.yml::compliance::srv::${REDACTED}`,
    );
    assert.equal(
      redactTestId("compliance::v1::R-1", createRedactor(["1"])),
      `compliance::v${REDACTED}::R-${REDACTED}`,
    );
  });
  await t.step("no secrets: unchanged", () => {
    assert.equal(redactTestId("a::tool::b", createRedactor([])), "a::tool::b");
  });
});

Deno.test("redactTests() with no secrets returns the tests as they are", async () => {
  const { redactTests } = await import("../../src/4_record/redact_record.ts");
  const tests = [{ id: "f.yml::tool::t", name: "t", status: "pass", assertions: [], budgets: [] }];
  assert.deepEqual(redactTests(tests, []), tests);
});
