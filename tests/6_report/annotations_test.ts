import assert from "node:assert/strict";
import {
  escapeData,
  escapeProperty,
  renderAnnotations,
  shouldAnnotate,
} from "../../src/6_report/annotations.ts";
import type { RunRecord } from "../../src/4_record/run_record.ts";

const FIXTURES = new URL("../fixtures/report/", import.meta.url);
const load = (name: string): RunRecord =>
  JSON.parse(Deno.readTextFileSync(new URL(`${name}.json`, FIXTURES)));

Deno.test("renderAnnotations() prints one workflow command per failed test", () => {
  const lines = renderAnnotations(load("mixed")).split("\n");
  assert.equal(lines.pop(), "");
  assert.deepEqual(lines, [
    "::warning file=tests/budgets.yml,line=27,col=9,title=over budget%3A search stays under 250ms::over budget:%0A  max_duration_ms: limit 250ms, actual 412ms",
    '::error file=tests/budgets.yml,line=44,col=9,title=edge headers are set::result.content[0].text (icontains, line 44): fail%0Aexpected: ok%0Aactual:   "FAILED"%0A%0Aover budget:%0A  response_headers: limit x-served-by: mcp-edge, actual x-served-by: origin',
    "::error file=tests/remote.yml,line=8,col=5,title=remote lists tools::connection failed (tcp): connect to 127.0.0.1:9 failed: Connection refused (os error 111)",
    "::error file=tests/remote.yml,line=14,col=5,title=remote calls echo::connection failed (tcp): connect to 127.0.0.1:9 failed: Connection refused (os error 111)",
    '::error file=tests/tools.yml,line=24,col=9,title=get_item returns the right name::result.structuredContent.name (exact, line 24): fail%0Aexpected: "Widget"%0Aactual:   "Gadget"',
    '::error file=tests/tools.yml,line=32,col=9,title=search returns matching items::result.structuredContent (subset, line 32): fail%0Aexpected: {%0A  "items": [%0A    {%0A      "id": 2,%0A      "name": "Gizmo"%0A    }%0A  ]%0A}%0Aactual:   {%0A  "items": [%0A    {%0A      "id": 3,%0A      "name": "Gizmo"%0A    }%0A  ],%0A  "total": 1%0A}%0Amessage:  items[0].id: expected 2, got 3',
  ]);
  assert.equal(renderAnnotations(load("pass")), "");
  // A skipped test is silent; a budget that could not apply is a notice with its reason.
  assert.equal(
    renderAnnotations(load("skip")),
    "::notice file=tests/skips.yml,line=18,col=9,title=budget skipped%3A replayed call::" +
      "max_duration_ms (limit 100ms) skipped: replayed from a cassette: there is no timing to measure\n",
  );
});

Deno.test("renderAnnotations() escapes %, CR, LF, comma and colon per GitHub's rules", () => {
  assert.equal(escapeData("100% a\r\nb, c: d"), "100%25 a%0D%0Ab, c: d");
  assert.equal(escapeProperty("100% a\r\nb, c: d"), "100%25 a%0D%0Ab%2C c%3A d");
  const [line] = renderAnnotations(load("hostile")).split("\n");
  assert.ok(line!.startsWith(
    "::error file=tests/<weird> & \"odd\" name's.yml,line=5,col=9,title=<script>alert('x')</script> | pipe%2C comma%3A colon 100%25 # hash::",
  ));
  const message = line!.slice(line!.indexOf("::", 2) + 2);
  assert.ok(!/[\r\n]/.test(message));
  assert.ok(message.includes("multi%0Aline%0D%0Amessage with %250A and ::error:: inside"));
  // One command per line: the message cannot start a second command.
  assert.equal(renderAnnotations(load("hostile")).split("\n").length, 2);
});

Deno.test("shouldAnnotate() follows the mode, auto only inside GitHub Actions", () => {
  assert.equal(shouldAnnotate("always", {}), true);
  assert.equal(shouldAnnotate("never", { GITHUB_ACTIONS: "true" }), false);
  assert.equal(shouldAnnotate("auto", { GITHUB_ACTIONS: "true" }), true);
  assert.equal(shouldAnnotate("auto", { GITHUB_ACTIONS: "false" }), false);
  assert.equal(shouldAnnotate("auto", {}), false);
  assert.equal(
    shouldAnnotate("auto", (name) => name === "GITHUB_ACTIONS" ? "true" : undefined),
    true,
  );
  assert.equal(shouldAnnotate("auto", () => undefined), false);
});

Deno.test("renderAnnotations() files a failed rule by severity and names it in the title", () => {
  const lines = renderAnnotations(load("compliance_rules")).trimEnd().split("\n");
  const head = (line: string) => line.slice(0, line.indexOf("::", 2));
  assert.deepEqual(lines.map(head), [
    "::error file=tests/compliance.yml,line=6,col=7,title=SCHEMA-004 (MUST) a response never carries both result and error [v2025-11-25]",
    "::warning file=tests/compliance.yml,line=7,col=7,title=PROTO-008 (SHOULD) every frame the server emits is a JSON-RPC message (transport observation) [v2025-11-25]",
    "::notice file=tests/compliance.yml,line=8,col=7,title=TRANSPORT-007 (MAY) DELETE ends the session or answers 405 [v2025-11-25]",
    "::error file=tests/compliance.yml,line=9,col=7,title=PROTO-002 (MUST) initialize returns negotiated capabilities [v2025-11-25]",
    // No verdict stays an error whatever the severity.
    "::error file=tests/compliance.yml,line=10,col=7,title=TOOL-002 (MUST) every tool has a name and an object inputSchema [v2025-11-25]",
  ]);
  assert.ok(lines[1]!.endsWith(
    "%0A%0Arule PROTO-008 (SHOULD in v2025-11-25): https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#stdio",
  ));
  // A rule whose id the name does not start with, and a record without rules.
  const record = load("compliance_rules");
  const renamed = { ...record, tests: [{ ...record.tests[2]!, name: "frames are JSON-RPC" }] };
  assert.match(renderAnnotations(renamed), /,title=PROTO-008 \(SHOULD\)%3A frames are JSON-RPC::/);
  assert.deepEqual(
    renderAnnotations(load("compliance")).trimEnd().split("\n").map(head),
    [
      "::error file=tests/compliance.yml,line=6,col=7,title=SCHEMA-004",
      "::error file=tests/compliance.yml,line=7,col=7,title=TOOL-002",
    ],
  );
  assert.ok(!renderAnnotations(load("compliance")).includes("%0A%0Arule "));
});
