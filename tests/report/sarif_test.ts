import assert from "node:assert/strict";
import { renderSarif } from "../../src/report/sarif.ts";
import type { RunRecord } from "../../src/report/run_record.ts";

const FIXTURES = new URL("../fixtures/report/", import.meta.url);
const load = (name: string): RunRecord =>
  JSON.parse(Deno.readTextFileSync(new URL(`${name}.json`, FIXTURES)));

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
    const name of ["pass", "fail", "budget", "connect_failure", "skip", "compliance", "hostile"]
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
