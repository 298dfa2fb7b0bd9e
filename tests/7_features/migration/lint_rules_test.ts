/** @module Every lint rule: a YAML and a JSON source that trip it (at the right line:col) and a clean one that does not. */

import assert from "node:assert/strict";
import { MIGRATION_CORPUS } from "../../../src/7_features/migration/corpus.ts";
import { scanText, type SourceKind } from "../../../src/7_features/migration/scan.ts";

function hits(text: string, kind: SourceKind = "yaml") {
  const scanned = scanText(text, { file: `t.${kind}`, path: `/t.${kind}`, kind });
  assert.equal(scanned.error, undefined, scanned.error?.message);
  return scanned.hits.map((h) => `${h.line}:${h.col} ${h.rule}`);
}

interface RuleCase {
  readonly finding: string;
  readonly at: string;
  readonly json: string;
  readonly jsonAt: string;
  readonly clean: string;
}

const CASES: Readonly<Record<string, RuleCase>> = {
  "legacy-error-code": {
    finding: 'expect:\n  - target: "result.error.code"\n    matcher:\n      exact: -32002\n',
    at: "4:14",
    json: '{"error": {"code": -32002}}',
    jsonAt: "1:20",
    clean: 'expect:\n  - target: "result.error.code"\n    matcher:\n      exact: -32602\n',
  },
  "rc-error-codes": {
    finding: "expect:\n  - target: result.error.code\n    matcher: { exact: -32004 }\n",
    at: "3:23",
    json: '{"error": {"code": -32001, "message": "header mismatch"}}',
    jsonAt: "1:20",
    // -32001 outside an error-code context is an implementation-defined number, not a finding.
    clean: "expect:\n  - target: result.data.offset\n    matcher: { exact: -32001 }\n",
  },
  "ping-removed": {
    finding: "probe:\n  kind: request\n  method: ping\n",
    at: "3:11",
    json: '{"request": {"jsonrpc": "2.0", "id": 1, "method": "ping"}}',
    jsonAt: "1:51",
    clean: "probe:\n  kind: request\n  method: tools/list\n  name: ping\n",
  },
  "logging-set-level-removed": {
    finding: "probe: { kind: request, method: logging/setLevel }\n",
    at: "1:33",
    json: '{"method": "logging/setLevel"}',
    jsonAt: "1:12",
    clean: "probe: { kind: request, method: logging/list }\n",
  },
  "roots-deprecated": {
    finding: "capabilities:\n  roots:\n    listChanged: true\n",
    at: "2:3",
    json: '{"method": "roots/list"}',
    jsonAt: "1:12",
    clean: "roots:\n  - file:///tmp\n",
  },
  "sampling-deprecated": {
    finding: "clientCapabilities: { sampling: {} }\n",
    at: "1:23",
    json: '{"method": "sampling/createMessage"}',
    jsonAt: "1:12",
    clean: "tool: sampling\nargs: { method: sample }\n",
  },
  "logging-deprecated": {
    // The suite expects the server to advertise logging: the suite relies on it.
    finding: "matcher:\n  contains:\n    capabilities:\n      logging: {}\n",
    at: "4:7",
    json: '{"method": "notifications/message", "params": {"level": "info"}}',
    jsonAt: "1:12",
    // What a recorded server advertises is the server's, not the suite's (see below).
    clean: "server_capabilities:\n  logging: {}\nlogging: verbose\n",
  },
  "resources-subscribe-replaced": {
    finding: "probe:\n  method: resources/subscribe\n",
    at: "2:11",
    json: '{"method": "resources/unsubscribe"}',
    jsonAt: "1:12",
    clean: "probe:\n  method: resources/read\n",
  },
  "elicitation-complete-removed": {
    finding: "probe:\n  kind: notification\n  method: notifications/elicitation/complete\n",
    at: "3:11",
    json: '{"method": "notifications/elicitation/complete"}',
    jsonAt: "1:12",
    clean: "probe:\n  kind: notification\n  method: notifications/cancelled\n",
  },
};

Deno.test("every static corpus entry has lint cases", () => {
  const statics = MIGRATION_CORPUS.filter((e) => e.detection.includes("static")).map((e) => e.id);
  assert.deepEqual(Object.keys(CASES).sort(), statics.sort());
});

for (const [rule, c] of Object.entries(CASES)) {
  Deno.test(`lint rule ${rule}: flags YAML at line:col`, () => {
    assert.deepEqual(hits(c.finding), [`${c.at} ${rule}`]);
  });
  Deno.test(`lint rule ${rule}: flags JSON at line:col`, () => {
    assert.deepEqual(hits(c.json, "json"), [`${c.jsonAt} ${rule}`]);
  });
  Deno.test(`lint rule ${rule}: a clean source has no finding`, () => {
    assert.deepEqual(hits(c.clean), []);
  });
}

Deno.test("legacy-error-code: the token inside a string is flagged and rewritable; comments are not", () => {
  const text = 'a: "code -32002 here" # -32002 in a comment\nb: -320020\nc: "-32002.5"\n';
  const scanned = scanText(text, { file: "t.yml", path: "/t.yml", kind: "yaml" });
  assert.deepEqual(scanned.hits.map((h) => `${h.line}:${h.col}`), ["1:10"]);
  const rewrite = scanned.hits[0]?.rewrite;
  assert.deepEqual(rewrite && text.slice(rewrite.start, rewrite.end), "-32002");
});

Deno.test("invalid sources are positioned errors, not hits", () => {
  const yaml = scanText('a: "open\nb: [', { file: "t.yml", path: "/t.yml", kind: "yaml" });
  assert.ok(yaml.error);
  assert.match(yaml.error.message, /^invalid YAML: /);
  const json = scanText('{\n  "a": [1,,2]\n}', { file: "t.json", path: "/t.json", kind: "json" });
  assert.deepEqual(json.error, {
    line: 2,
    col: 11,
    message: 'invalid JSON: expected a JSON value, found ","',
  });
});

Deno.test("lint judges the suite, not the server: capabilities a recorded server advertises are no finding", () => {
  const cassette = JSON.stringify(
    {
      server_capabilities: { logging: {}, tools: {} },
      exchanges: [{
        request: { method: "initialize", params: { capabilities: { roots: {} } } },
        response: { result: { capabilities: { logging: {}, sampling: {} } } },
        notifications: [{ params: { capabilities: { logging: {} } } }],
      }],
      server_messages: [{ message: { capabilities: { sampling: {} } } }],
    },
    null,
    2,
  );
  // Only the client's own capability (the request mcptest sent) is the suite's.
  assert.deepEqual(hits(cassette, "json").map((h) => h.split(" ")[1]), ["roots-deprecated"]);
  assert.deepEqual(hits("server_capabilities:\n  logging: {}\n  sampling: {}\n"), []);
  assert.deepEqual(hits("client:\n  capabilities:\n    sampling: {}\n"), [
    "3:5 sampling-deprecated",
  ]);
});
