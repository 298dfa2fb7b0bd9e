import assert from "node:assert/strict";
import { COMPLIANCE_CORPUS } from "../../../src/3_load/compliance_corpus/embedded.ts";
import type { RevisionCorpus, RuleSpec } from "../../../src/3_load/compliance_corpus/types.ts";
import {
  diffCorpusVersions,
  diffVersions,
} from "../../../src/3_load/compliance_corpus/revision_diff.ts";
import { mcptest } from "../../_helpers/cli.ts";

const rule = (id: string, expect: Record<string, unknown>): RuleSpec => ({
  id,
  probe: { kind: "request", method: "ping" },
  expect: [{ target: "result", matcher: expect }],
});
const revision = (version: string, rules: RuleSpec[]): RevisionCorpus => ({ version, rules });

Deno.test("diffVersions() buckets rules changed / added / removed / unchanged, ordered by id", () => {
  const from = revision("a", [
    rule("TOOL-001", { exact: 1 }),
    rule("PROTO-002", { contains: { x: 1, y: 2 } }),
    rule("RES-009", { exact: true }),
  ]);
  const to = revision("b", [
    rule("PROTO-002", { contains: { y: 2, x: 1 } }),
    rule("TOOL-001", { exact: 2 }),
    rule("ELICIT-001", { exact: null }),
  ]);
  const diff = diffVersions(from, to);
  assert.deepEqual(diff.entries.map((e) => [e.rule, e.bucket]), [
    ["ELICIT-001", "added"],
    ["PROTO-002", "unchanged"],
    ["RES-009", "removed"],
    ["TOOL-001", "changed"],
  ]);
  assert.deepEqual(diff.summary, { changed: 1, added: 1, removed: 1, unchanged: 1 });
  assert.equal(diff.isClean(), false);
  assert.deepEqual(diff.changedRules().map((e) => e.rule), ["TOOL-001"]);
  assert.match(diff.renderPretty(false), /1 changed, 1 added, 1 removed, 1 unchanged/);
  assert.equal(diff.renderPretty(false).includes("\x1b["), false);
  assert.equal(diff.renderPretty(true).includes("\x1b["), true);
  assert.equal(JSON.parse(JSON.stringify(diff)).clean, false);
});

Deno.test("diffVersions() is clean when only keys are reordered or only the registry severity moves", () => {
  const a = revision("a", [rule("PROTO-008", { schema: { type: "integer", minimum: 0 } })]);
  const b = revision("b", [rule("PROTO-008", { schema: { minimum: 0, type: "integer" } })]);
  assert.equal(diffVersions(a, b).isClean(), true);
  // Severity lives in the registry, not in the revision's rule: diffing never looks at it.
  assert.equal(diffVersions(a, a).summary.unchanged, 1);
});

Deno.test("the shipped corpus: PROTO-002 changes into v2025-06-18, -32002 -> -32602 shows as RES-002 in 2026", () => {
  const upgrade = diffCorpusVersions(COMPLIANCE_CORPUS, "v2024-11-05", "v2025-06-18");
  assert.ok(upgrade.rulesIn("changed").includes("PROTO-002"));
  assert.ok(upgrade.rulesIn("added").includes("ELICIT-001"));
  assert.equal(upgrade.entries.find((e) => e.rule === "PROTO-008")?.bucket, "unchanged");
  const y2026 = diffCorpusVersions(COMPLIANCE_CORPUS, "v2025-11-25", "v2026-07-28");
  assert.ok(y2026.rulesIn("changed").includes("RES-002"));
  assert.throws(
    () => diffCorpusVersions(COMPLIANCE_CORPUS, "v2025-6-18", "draft"),
    /unknown compliance version "v2025-6-18"/,
  );
});

Deno.test("mcptest compliance diff: exit 0 clean, 1 changed, 2 unknown; json output", async () => {
  const clean = await mcptest(["compliance", "diff", "v2026-07-28", "draft"]);
  assert.equal(clean.code, 0, clean.stderr);
  assert.match(clean.stdout, /clean/);
  const changed = await mcptest([
    "compliance",
    "diff",
    "v2024-11-05",
    "v2025-06-18",
    "--format",
    "json",
  ]);
  assert.equal(changed.code, 1);
  assert.ok(
    JSON.parse(changed.stdout).entries.some((e: { rule: string; bucket: string }) =>
      e.rule === "PROTO-002" && e.bucket === "changed"
    ),
  );
  const unknown = await mcptest(["compliance", "diff", "v1999-01-01", "draft"]);
  assert.equal(unknown.code, 2);
});

Deno.test("diffVersions(): reordering the assertions of an expect block is not a change", () => {
  const a: RuleSpec = {
    id: "TOOL-001",
    probe: { kind: "request", method: "tools/list" },
    expect: [{ target: "result.tools", matcher: { schema: { type: "array" } } }, {
      target: "result",
      matcher: { contains: {} },
    }],
  };
  const b: RuleSpec = { ...a, expect: [...a.expect].reverse() };
  assert.equal(diffVersions(revision("x", [a]), revision("y", [b])).isClean(), true);
});
