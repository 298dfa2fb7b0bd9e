/** @module diffVersions() on hand-built corpora: every bucket, structural comparison, ordering, the JSON and pretty forms. */

import assert from "node:assert/strict";
import { UsageError } from "../../../src/0_base/errors/errors.ts";
import type {
  ComplianceCorpus,
  RegistryEntry,
  RevisionCorpus,
  RuleSpec,
} from "../../../src/3_load/compliance_corpus/types.ts";
import {
  diffCorpusVersions,
  diffVersions,
} from "../../../src/3_load/compliance_corpus/revision_diff.ts";
import { canonicalJson } from "../../../src/0_base/util/canonical_json.ts";

const rule = (
  id: string,
  matcher: Record<string, unknown>,
  probe: RuleSpec["probe"] = { kind: "request", method: "tools/list" },
): RuleSpec => ({ id, probe, expect: [{ target: "result", matcher }] });
const revision = (version: string, rules: RuleSpec[]): RevisionCorpus => ({ version, rules });
const buckets = (from: RevisionCorpus, to: RevisionCorpus) =>
  diffVersions(from, to).entries.map((e) => `${e.rule}:${e.bucket}`);

Deno.test("diffVersions(): each bucket on its own", () => {
  const base = revision("a", [rule("TOOL-001", { exact: 1 })]);
  assert.deepEqual(buckets(base, revision("b", [rule("TOOL-001", { exact: 1 })])), [
    "TOOL-001:unchanged",
  ]);
  assert.deepEqual(buckets(base, revision("b", [rule("TOOL-001", { exact: 2 })])), [
    "TOOL-001:changed",
  ]);
  assert.deepEqual(buckets(base, revision("b", [])), ["TOOL-001:removed"]);
  assert.deepEqual(buckets(revision("a", []), base), ["TOOL-001:added"]);
  assert.deepEqual(buckets(revision("a", []), revision("b", [])), []);
});

Deno.test("diffVersions(): a changed entry carries both expect blocks; added/removed carry one", () => {
  const diff = diffVersions(
    revision("a", [rule("RES-002", { exact: -32002 }), rule("SEQ-003", { exact: true })]),
    revision("b", [rule("RES-002", { exact: -32602 }), rule("ELICIT-001", { exact: null })]),
  );
  const [added, changed, removed] = diff.entries;
  assert.deepEqual(added, {
    rule: "ELICIT-001",
    bucket: "added",
    to: [{ target: "result", matcher: { exact: null } }],
  });
  assert.equal(changed?.from?.[0]?.matcher.exact, -32002);
  assert.equal(changed?.to?.[0]?.matcher.exact, -32602);
  assert.deepEqual(removed, {
    rule: "SEQ-003",
    bucket: "removed",
    from: [{ target: "result", matcher: { exact: true } }],
  });
  assert.deepEqual(diff.changedRules(), [changed]);
});

Deno.test("diffVersions(): key order never matters, at any depth; values and array order do", () => {
  const nested = (schema: Record<string, unknown>) => rule("SCHEMA-001", { schema });
  const a = nested({
    type: "object",
    required: ["tools"],
    properties: { tools: { type: "array", items: { type: "object", required: ["name"] } } },
  });
  const b = nested({
    properties: { tools: { items: { required: ["name"], type: "object" }, type: "array" } },
    required: ["tools"],
    type: "object",
  });
  assert.deepEqual(buckets(revision("a", [a]), revision("b", [b])), ["SCHEMA-001:unchanged"]);
  assert.equal(canonicalJson({ b: 1, a: [{ d: 2, c: 3 }] }), '{"a":[{"c":3,"d":2}],"b":1}');
  const c = nested({ type: "object", required: ["tools", "cursor"] });
  const d = nested({ type: "object", required: ["cursor", "tools"] });
  assert.deepEqual(buckets(revision("a", [c]), revision("b", [d])), ["SCHEMA-001:changed"]);
  const e = nested({ type: "object", minProperties: 1 });
  const f = nested({ type: "object", minProperties: "1" });
  assert.deepEqual(buckets(revision("a", [e]), revision("b", [f])), ["SCHEMA-001:changed"]);
});

Deno.test("diffVersions(): the assertions of an expect block are a conjunction: their order never counts", () => {
  const two = (first: unknown, second: unknown): RuleSpec => ({
    id: "TOOL-001",
    probe: { kind: "request", method: "tools/list" },
    expect: [
      { target: "result.tools", matcher: { exact: first } },
      { target: "result.nextCursor", matcher: { exact: second } },
    ],
  });
  const swapped: RuleSpec = { ...two([], null), expect: [...two([], null).expect].reverse() };
  assert.deepEqual(buckets(revision("a", [two([], null)]), revision("b", [swapped])), [
    "TOOL-001:unchanged",
  ]);
  assert.deepEqual(buckets(revision("a", [two([], null)]), revision("b", [two([], "c")])), [
    "TOOL-001:changed",
  ]);
  const dropped: RuleSpec = { ...two([], null), expect: two([], null).expect.slice(0, 1) };
  assert.deepEqual(buckets(revision("a", [two([], null)]), revision("b", [dropped])), [
    "TOOL-001:changed",
  ]);
});

Deno.test("diffVersions(): only expect counts: a registry severity move or a new probe is not a change", () => {
  const from = revision("v2024-11-05", [
    rule("PROTO-008", { exact: 0 }, { kind: "request", method: "tools/list" }),
  ]);
  const to = revision("draft", [
    { ...rule("PROTO-008", { exact: 0 }, { kind: "request", method: "server/discover" }) },
  ]);
  assert.deepEqual(buckets(from, to), ["PROTO-008:unchanged"]);
  // Even a stray severity on a revision's rule object is metadata, not behaviour.
  const withSeverity = { ...rule("PROTO-008", { exact: 0 }), severity: "MUST" } as RuleSpec;
  assert.deepEqual(buckets(from, revision("draft", [withSeverity])), ["PROTO-008:unchanged"]);
  // The registry is shared by every revision; moving a severity there leaves the diff alone.
  const entry = (severity: RegistryEntry["severity"]): RegistryEntry => ({
    id: "PROTO-008",
    title: "t",
    area: "PROTO",
    severity,
    spec_url: "https://modelcontextprotocol.io/specification/draft",
  });
  const corpus = (severity: RegistryEntry["severity"]): ComplianceCorpus => ({
    registry: { "PROTO-008": entry(severity) },
    revisions: { "v2024-11-05": from, draft: to },
  });
  assert.deepEqual(
    diffCorpusVersions(corpus("SHOULD"), "v2024-11-05", "draft").toJSON(),
    diffCorpusVersions(corpus("MUST"), "v2024-11-05", "draft").toJSON(),
  );
});

Deno.test("diffVersions(): a per-revision severity move is reported beside the buckets, never as a change", () => {
  const from = revision("v2024-11-05", [rule("PROTO-008", { exact: 0 })]);
  const to = revision("draft", [rule("PROTO-008", { exact: 0 })]);
  const moved: RegistryEntry = {
    id: "PROTO-008",
    title: "t",
    area: "PROTO",
    severity: "SHOULD",
    severities: { draft: "MUST" },
    spec_url: "https://modelcontextprotocol.io/specification/draft",
  };
  const diff = diffCorpusVersions(
    { registry: { "PROTO-008": moved }, revisions: { "v2024-11-05": from, draft: to } },
    "v2024-11-05",
    "draft",
  );
  assert.equal(diff.isClean(), true);
  assert.deepEqual(diff.entries[0]!.severity, { from: "SHOULD", to: "MUST" });
  assert.match(diff.renderPretty(false), /severity moved.*\n {2}PROTO-008 SHOULD -> MUST/);
  const still = diffCorpusVersions(
    {
      registry: { "PROTO-008": { ...moved, severities: { "v2024-11-05": "SHOULD" } } },
      revisions: { "v2024-11-05": from, draft: to },
    },
    "v2024-11-05",
    "draft",
  );
  assert.equal(still.entries[0]!.severity, undefined);
  assert.doesNotMatch(still.renderPretty(false), /severity moved/);
});

Deno.test("diffVersions(): entries ordered by rule id whatever the input order; summary precomputed", () => {
  const from = revision("a", [
    rule("TOOL-010", { exact: 1 }),
    rule("AUTH-001", { exact: 1 }),
    rule("TOOL-002", { exact: 1 }),
    rule("PROTO-002", { exact: 1 }),
  ]);
  const to = revision("b", [
    rule("PROTO-002", { exact: 2 }),
    rule("TOOL-002", { exact: 1 }),
    rule("COMPAT-001", { exact: 1 }),
    rule("TOOL-010", { exact: 3 }),
  ]);
  const diff = diffVersions(from, to);
  assert.deepEqual(diff.entries.map((e) => e.rule), [
    "AUTH-001",
    "COMPAT-001",
    "PROTO-002",
    "TOOL-002",
    "TOOL-010",
  ]);
  assert.deepEqual(diff.summary, { changed: 2, added: 1, removed: 1, unchanged: 1 });
  assert.deepEqual(diff.changedRules().map((e) => e.rule), ["PROTO-002", "TOOL-010"]);
  assert.equal(diff.isClean(), false);
  assert.deepEqual(diff.rulesIn("added"), ["COMPAT-001"]);
  assert.deepEqual(diff.rulesIn("removed"), ["AUTH-001"]);
});

Deno.test("VersionDiff: clean when only rules were added and removed", () => {
  const diff = diffVersions(
    revision("a", [rule("SEQ-003", { exact: 1 }), rule("TOOL-001", { exact: 1 })]),
    revision("b", [rule("TOOL-001", { exact: 1 }), rule("ROOTS-001", { exact: 1 })]),
  );
  assert.equal(diff.isClean(), true);
  assert.deepEqual(diff.changedRules(), []);
});

Deno.test("VersionDiff.toJSON(): from, to, clean, summary and the flat entries", () => {
  const diff = diffVersions(
    revision("v2025-11-25", [rule("RES-002", { exact: -32002 })]),
    revision("v2026-07-28", [rule("RES-002", { exact: -32602 })]),
  );
  const json = JSON.parse(JSON.stringify(diff));
  assert.deepEqual(Object.keys(json), ["from", "to", "clean", "summary", "entries"]);
  assert.equal(json.from, "v2025-11-25");
  assert.equal(json.to, "v2026-07-28");
  assert.equal(json.clean, false);
  assert.deepEqual(json.summary, { changed: 1, added: 0, removed: 0, unchanged: 0 });
  assert.equal(json.entries[0].bucket, "changed");
});

Deno.test("VersionDiff.renderPretty(): counts, one section per non-empty bucket, colour only when asked", () => {
  const diff = diffVersions(
    revision("a", [rule("PROTO-002", { exact: 1 }), rule("SEQ-003", { exact: 1 })]),
    revision("b", [rule("PROTO-002", { exact: 2 }), rule("ELICIT-001", { exact: 1 })]),
  );
  const plain = diff.renderPretty(false);
  assert.match(plain, /^compliance diff a -> b: 1 changed, 1 added, 1 removed, 0 unchanged\n/);
  assert.match(plain, /\nchanged \(1\)\n {2}PROTO-002\n/);
  assert.match(plain, /\nadded \(1\)\n {2}ELICIT-001\n/);
  assert.match(plain, /\nremoved \(1\)\n {2}SEQ-003\n/);
  assert.doesNotMatch(plain, /unchanged \(/);
  assert.match(plain, /breaking: /);
  assert.equal(plain.includes("\x1b["), false);
  assert.match(diff.renderPretty(true).replaceAll("\x1b", "ESC"), /ESC\[\d+m/);
  const clean = diffVersions(
    revision("a", [rule("X-001", { exact: 1 })]),
    revision("b", [
      rule("X-001", { exact: 1 }),
    ]),
  ).renderPretty(false);
  assert.match(clean, /0 changed, 0 added, 0 removed, 1 unchanged/);
  assert.doesNotMatch(clean, /changed \(/);
  assert.match(clean, /clean: no shared rule changed its expectation/);
});

Deno.test("diffCorpusVersions(): an unknown name on either side is a UsageError listing the known ones", () => {
  const corpus: ComplianceCorpus = {
    registry: {},
    revisions: {
      draft: revision("draft", []),
      "v2025-06-18": revision("v2025-06-18", []),
      "v2024-11-05": revision("v2024-11-05", []),
    },
  };
  for (
    const [from, to, bad] of [["v2025-6-18", "draft", "v2025-6-18"], ["draft", "2025", "2025"]]
  ) {
    assert.throws(
      () => diffCorpusVersions(corpus, from!, to!),
      (error: unknown) =>
        error instanceof UsageError && error.exitCode === 2 &&
        error.message.includes(`"${bad}"`) &&
        error.message.endsWith("expected one of: v2024-11-05, v2025-06-18, draft"),
    );
  }
  assert.equal(diffCorpusVersions(corpus, "v2025-06-18", "draft").isClean(), true);
});
