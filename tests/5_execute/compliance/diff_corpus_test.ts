/** @module diffVersions() on the shipped corpus: seed 000's worked examples and invariants over every pair of revisions. */

import assert from "node:assert/strict";
import { COMPLIANCE_CORPUS } from "../../../src/3_load/compliance_corpus/embedded.ts";
import { CORPUS_VERSIONS } from "../../../src/3_load/compliance_corpus/versions.ts";
import { diffCorpusVersions } from "../../../src/3_load/compliance_corpus/revision_diff.ts";

const bucketOf = (from: string, to: string, rule: string) =>
  diffCorpusVersions(COMPLIANCE_CORPUS, from, to).entries.find((e) => e.rule === rule)?.bucket;

Deno.test("shipped corpus: every corpus directory name has a revision", () => {
  assert.deepEqual(Object.keys(COMPLIANCE_CORPUS.revisions).sort(), [...CORPUS_VERSIONS].sort());
});

Deno.test("shipped corpus: seed 000's worked examples", () => {
  const upgrade = diffCorpusVersions(COMPLIANCE_CORPUS, "v2024-11-05", "v2025-06-18");
  assert.equal(upgrade.isClean(), false);
  assert.ok(upgrade.changedRules().some((e) => e.rule === "PROTO-002"));
  for (const added of ["ELICIT-001", "SAMPLE-001", "ROOTS-001", "RESTPL-002"]) {
    assert.equal(bucketOf("v2024-11-05", "v2025-06-18", added), "added", added);
  }
  assert.equal(bucketOf("v2024-11-05", "draft", "PROTO-008"), "unchanged");
});

Deno.test("shipped corpus: the moves issue 4 names show up in the diff", () => {
  // resource-not-found -32002 -> -32602 in 2026
  assert.equal(bucketOf("v2025-11-25", "v2026-07-28", "RES-002"), "changed");
  // MCP-Protocol-Version header rules arrive with 2025-06-18
  assert.equal(bucketOf("v2025-03-26", "v2025-06-18", "HEADER-001"), "added");
  // the suite's default example: v2026-07-28 -> draft is clean
  assert.equal(diffCorpusVersions(COMPLIANCE_CORPUS, "v2026-07-28", "draft").isClean(), true);
});

Deno.test("shipped corpus: invariants over every ordered pair of revisions", () => {
  for (const a of CORPUS_VERSIONS) {
    const self = diffCorpusVersions(COMPLIANCE_CORPUS, a, a);
    assert.equal(self.isClean(), true, a);
    assert.equal(self.summary.unchanged, COMPLIANCE_CORPUS.revisions[a]!.rules.length, a);
    for (const b of CORPUS_VERSIONS) {
      const ab = diffCorpusVersions(COMPLIANCE_CORPUS, a, b);
      const ba = diffCorpusVersions(COMPLIANCE_CORPUS, b, a);
      const ids = new Set([
        ...COMPLIANCE_CORPUS.revisions[a]!.rules.map((r) => r.id),
        ...COMPLIANCE_CORPUS.revisions[b]!.rules.map((r) => r.id),
      ]);
      const { changed, added, removed, unchanged } = ab.summary;
      assert.equal(changed + added + removed + unchanged, ids.size, `${a} -> ${b}`);
      assert.equal(ab.entries.length, ids.size);
      const sorted = ab.entries.map((e) => e.rule);
      assert.deepEqual(sorted, [...sorted].sort(), `${a} -> ${b} ordered by id`);
      assert.deepEqual(ab.rulesIn("changed"), ba.rulesIn("changed"), `${a} <-> ${b} symmetric`);
      assert.deepEqual(ab.rulesIn("added"), ba.rulesIn("removed"), `${a} <-> ${b} mirrored`);
      assert.equal(ab.isClean(), changed === 0);
    }
  }
});
