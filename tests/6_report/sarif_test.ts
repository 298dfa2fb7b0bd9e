import assert from "node:assert/strict";
import { renderSarif } from "../../src/6_report/sarif.ts";
import { loadRecord as load, SNAPSHOT_RECORDS } from "./_records.ts";

interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: string;
  message: { text: string };
  locations: {
    physicalLocation: {
      artifactLocation: { uri: string; uriBaseId: string };
      region: { startLine: number; startColumn: number };
    };
  }[];
  properties: { bucket: string };
}
interface SarifLog {
  version: string;
  runs: { tool: { driver: { name: string; rules: { id: string }[] } }; results: SarifResult[] }[];
}
const parse = (name: string): SarifLog => JSON.parse(renderSarif(load(name)));

Deno.test("renderSarif() output matches the snapshot of every fixture record", async (t) => {
  for (
    const name of SNAPSHOT_RECORDS
  ) {
    await t.step(name, async (s) => {
      await s.assertSnapshot(renderSarif(load(name)));
    });
  }
});

Deno.test("renderSarif() gives one result per failed check, pointing at its YAML line", () => {
  const log = parse("mixed");
  assert.equal(log.version, "2.1.0");
  const run = log.runs[0]!;
  assert.equal(run.tool.driver.name, "mcptest");
  const seen = run.results.map((r) => {
    const loc = r.locations[0]!.physicalLocation;
    return `${r.ruleId} ${r.level} ${loc.artifactLocation.uri}:${loc.region.startLine}:${loc.region.startColumn} ${r.properties.bucket}`;
  });
  assert.deepEqual(seen, [
    "budget.max_duration_ms warning tests/budgets.yml:27:9 budget",
    "assert.icontains error tests/budgets.yml:44:9 assertion",
    "budget.response_headers warning tests/budgets.yml:47:9 budget",
    "error.tcp error tests/remote.yml:8:5 error",
    "error.tcp error tests/remote.yml:14:5 error",
    "assert.exact error tests/tools.yml:24:9 assertion",
    "assert.subset error tests/tools.yml:32:9 assertion",
  ]);
  for (const r of run.results) {
    assert.equal(run.tool.driver.rules[r.ruleIndex]!.id, r.ruleId);
    assert.equal(r.locations[0]!.physicalLocation.artifactLocation.uriBaseId, "%SRCROOT%");
  }
  assert.deepEqual(run.tool.driver.rules.map((r) => r.id), [
    "budget.max_duration_ms",
    "assert.icontains",
    "budget.response_headers",
    "error.tcp",
    "assert.exact",
    "assert.subset",
  ]);
});

Deno.test("renderSarif() uses compliance rule ids and encodes file URIs", () => {
  const compliance = parse("compliance").runs[0]!;
  assert.deepEqual(compliance.results.map((r) => r.ruleId), ["SCHEMA-004", "TOOL-002"]);
  assert.deepEqual(compliance.results.map((r) => r.properties.bucket), [
    "compliance",
    "compliance",
  ]);
  const hostile = parse("hostile").runs[0]!.results[0]!;
  assert.equal(
    hostile.locations[0]!.physicalLocation.artifactLocation.uri,
    "tests/%3Cweird%3E%20%26%20%22odd%22%20name's.yml",
  );
  assert.deepEqual(parse("pass").runs[0]!.results, []);
  assert.deepEqual(parse("skip").runs[0]!.results, []);
});

interface SarifRule {
  id: string;
  helpUri?: string;
  fullDescription: { text: string };
  defaultConfiguration: { level: string };
  properties: { tags: string[]; severity?: string; revision?: string };
}

Deno.test("renderSarif() takes the rule id, level and help URI from a compliance rule", async (t) => {
  const log = JSON.parse(renderSarif(load("compliance_rules")));
  const run = log.runs[0];
  const results: (SarifResult & { properties: Record<string, unknown> })[] = run.results;
  const rules: SarifRule[] = run.tool.driver.rules;
  await t.step("MUST is an error, SHOULD a warning, MAY a note", () => {
    assert.deepEqual(results.map((r) => `${r.ruleId} ${r.level} ${r.properties.bucket}`), [
      "SCHEMA-004 error compliance",
      "PROTO-008 warning compliance",
      "TRANSPORT-007 note compliance",
      "PROTO-002 error compliance", // failed without an assertion: the handshake was rejected
      "error.run error error", // no verdict: not a broken rule
    ]);
    for (const r of results) assert.equal(rules[r.ruleIndex]!.id, r.ruleId);
  });
  await t.step("the descriptor links the spec and names severity and revision", () => {
    const proto8 = rules.find((r) => r.id === "PROTO-008")!;
    assert.equal(
      proto8.helpUri,
      "https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#stdio",
    );
    assert.deepEqual(proto8.properties, {
      tags: ["mcptest", "compliance"],
      severity: "SHOULD",
      revision: "v2025-11-25",
    });
    assert.equal(proto8.defaultConfiguration.level, "warning");
    assert.match(proto8.fullDescription.text, /PROTO-008 \(SHOULD in v2025-11-25\)/);
    assert.equal(rules.find((r) => r.id === "error.run")!.helpUri, undefined);
  });
  await t.step("each result carries the whole rule, an error too", () => {
    const error = results.find((r) => r.ruleId === "error.run")!;
    assert.deepEqual(error.properties.rule, {
      id: "TOOL-002",
      revision: "v2025-11-25",
      severity: "MUST",
      specUrl: "https://modelcontextprotocol.io/specification/2026-07-28/server/tools#tool",
    });
  });
  await t.step("without rules: no helpUri, no severity, every failure an error", () => {
    const old = JSON.parse(renderSarif(load("compliance"))).runs[0];
    assert.ok(old.tool.driver.rules.every((r: SarifRule) => !r.helpUri && !r.properties.severity));
    assert.ok(
      old.results.every((r: SarifResult & { properties: object }) =>
        r.level === "error" && !("rule" in r.properties)
      ),
    );
  });
  await t.step("a descriptor from a record without the rule gives way to one with it", () => {
    const bare = load("compliance").tests[1]!; // SCHEMA-004, no rule
    const ruled = load("compliance_rules").tests[1]!; // SCHEMA-004, MUST
    const record = { ...load("compliance_rules"), tests: [bare, ruled] };
    const run = JSON.parse(renderSarif(record)).runs[0];
    assert.equal(run.tool.driver.rules.length, 1);
    assert.equal(run.tool.driver.rules[0].properties.severity, "MUST");
    assert.deepEqual(run.results.map((r: SarifResult) => r.ruleIndex), [0, 0]);
  });
});
