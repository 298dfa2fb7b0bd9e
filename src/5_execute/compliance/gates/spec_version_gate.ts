/** @module The `spec_version_check:` gate: diff the pinned revision into `against:` and assert on the result. */

import type { AssertionResult, TestResult } from "../../../4_record/run_record.ts";
import type { ComplianceBlock } from "../../../3_load/config/compliance_block.ts";
import type { ComplianceCorpus } from "../../../3_load/compliance_corpus/types.ts";
import { diffVersions, type VersionDiff } from "../../../3_load/compliance_corpus/revision_diff.ts";
import { assertGateExpectation, type GateExpectation } from "./gate_assert.ts";
import { ConfigError } from "../../../0_base/errors/errors.ts";
import {
  DEFAULT_GATE_EXPECT,
  needsPin,
  notARevision,
  type SpecVersionCheck,
  VERSION_NAME,
} from "../../../3_load/config/spec_version_check.ts";

/** The gate's result for one block (kind `gate`), or a passing result with a note for the bootstrap cases. */
export async function evaluateSpecVersionCheck(
  block: ComplianceBlock,
  corpus: ComplianceCorpus,
): Promise<TestResult> {
  const check = block.check!;
  const from = block.revision;
  if (from === undefined) throw needsPin(check);
  const at = { line: check.pos.line, col: check.pos.col };
  // Key order as the run record has always written it.
  const result = (name: string, assertions: AssertionResult[]): TestResult => ({
    id: `${block.file}::gate::spec_version_check`,
    kind: "gate",
    server: "",
    file: block.file,
    ...at,
    durationMs: 0,
    budgets: [],
    name,
    status: assertions.every((a) => a.status === "pass") ? "pass" : "fail",
    assertions,
  });
  const note = (name: string, message: string): TestResult =>
    result(name, [{
      target: "spec_version_check",
      matcher: "bootstrap",
      status: "pass",
      expected: "",
      actual: "",
      message,
      ...at,
    }]);
  const against = check.against;
  if (against === undefined) {
    return note(
      `spec_version_check ${from}`,
      "no against: revision yet, nothing to diff (the gate passes until one is named)",
    );
  }
  const revisionOf = (name: string) =>
    Object.hasOwn(corpus.revisions, name) ? corpus.revisions[name] : undefined;
  const to = revisionOf(against);
  if (!to && !VERSION_NAME.test(against)) throw notARevision(check, against);
  const fromCorpus = revisionOf(from);
  if (!fromCorpus) throw new ConfigError(`no compliance corpus for ${from}`, check.pos);
  const name = `spec_version_check ${from} -> ${against}`;
  if (!to) {
    return note(name, `no shipped corpus for ${against}, nothing to diff yet (the gate passes)`);
  }
  return result(name, await assertDiff(check, diffVersions(fromCorpus, to, corpus.registry)));
}

/** Each `expect:` item (the seed's defaults when none) asserted on the diff's targets. */
async function assertDiff(check: SpecVersionCheck, diff: VersionDiff): Promise<AssertionResult[]> {
  const root = {
    spec_clean: diff.isClean(),
    spec_breaking_changes: diff.rulesIn("changed"),
    spec_added_rules: diff.rulesIn("added"),
    spec_removed_rules: diff.rulesIn("removed"),
    spec_unchanged_rules: diff.rulesIn("unchanged"),
  };
  const expect = check.expect ?? DEFAULT_GATE_EXPECT;
  const assertions: AssertionResult[] = [];
  for (const [i, item] of expect.entries()) {
    assertions.push(
      await assertGateExpectation(item as GateExpectation, root, check.expectPos?.[i] ?? check.pos),
    );
  }
  return assertions;
}
