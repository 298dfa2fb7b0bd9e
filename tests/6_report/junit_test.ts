import assert from "node:assert/strict";
import { renderJunit } from "../../src/6_report/junit.ts";
import { ALL_RECORDS, loadRecord as load } from "./_records.ts";

Deno.test("renderJunit() output matches the snapshot of every fixture record", async (t) => {
  for (const name of ALL_RECORDS) {
    await t.step(name, async (s) => {
      await s.assertSnapshot(renderJunit(load(name)));
    });
  }
});

Deno.test("renderJunit() counts per suite and files each outcome in its own element", () => {
  const xml = renderJunit(load("mixed"));
  assert.match(
    xml,
    /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="mcptest" tests="9" failures="4" errors="2" time="4.120">/,
  );
  assert.match(
    xml,
    /<testsuite name="tests\/budgets.yml" tests="2" failures="2" errors="0" skipped="0" time="0.431" timestamp="2026-03-01T12:00:00"/,
  );
  assert.match(
    xml,
    /<failure message="over budget: max_duration_ms: limit 250ms, actual 412ms" type="budget">/,
  );
  assert.match(
    xml,
    /<failure message="result.content\[0\].text: expected \(icontains\) ok, actual &quot;FAILED&quot;" type="assertion">/,
  );
  assert.match(
    xml,
    /<error message="connection failed \(tcp\): connect to 127.0.0.1:9 failed[^"]*" type="connection.tcp">/,
  );
  assert.match(xml, /<skipped message="server does not advertise the completions capability"\/>/);
  assert.match(
    xml,
    /<testcase name="local still works" classname="tests\/remote.yml.tool" time="0.012" file="tests\/remote.yml" line="20"\/>/,
  );
  assert.equal(xml.match(/<testcase /g)?.length, 9);
});

Deno.test("renderJunit() escapes markup and characters XML cannot carry", () => {
  const xml = renderJunit(load("hostile"));
  assert.ok(!xml.includes("<script>"));
  assert.ok(!xml.includes("\u0001") && !xml.includes("\u001b"));
  assert.ok(xml.includes("\\u0001\\u001b[31m"));
  assert.ok(xml.includes('name="plain&#10;name with newline"'));
  assert.ok(xml.includes("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"));
});

Deno.test("renderJunit() opens a failed compliance rule's body with its severity and spec URL", () => {
  const xml = renderJunit(load("compliance_rules"));
  assert.ok(
    xml.includes(
      '<failure message="response: expected (schema) not both result and error, actual both result and error" type="assertion">rule SCHEMA-004 (MUST in v2025-11-25): https://modelcontextprotocol.io/specification/2026-07-28/basic#responses\n\nresponse (schema, line 6): fail\n',
    ),
  );
  assert.ok(xml.includes(">rule PROTO-008 (SHOULD in v2025-11-25): https://"));
  assert.ok(xml.includes(">rule TRANSPORT-007 (MAY in v2025-11-25): https://"));
  assert.ok(
    xml.includes(
      '<failure message="handshake rejected: initialize answered -32603 Internal error" type="assertion">rule PROTO-002 (MUST in v2025-11-25): ',
    ),
  );
  assert.ok(
    xml.includes(
      '<error message="error: could not run: tools/list timed out after 5000ms" type="error">rule TOOL-002 (MUST in v2025-11-25): ',
    ),
  );
  assert.equal(xml.match(/>rule [A-Z]+-\d{3} /g)?.length, 5, "not on the pass or the skip");
  // The Jenkins/Ant schema has no <properties> inside <testcase>: only the suite's one.
  assert.equal(xml.match(/<properties>/g)?.length, 1);
  // A record without rules is rendered as before.
  assert.ok(!renderJunit(load("compliance")).includes(">rule "));
});
