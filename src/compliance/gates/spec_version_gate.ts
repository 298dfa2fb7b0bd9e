/** @module The `spec_version_check:` gate: diff the pinned revision into `against:` and assert on the result. */

import { ConfigError } from "../../errors/errors.ts";
import { compileMatcher } from "../../matchers/registry.ts";
import type { AssertionResult, TestResult } from "../../record/run_record.ts";
import type { ComplianceBlock } from "../../config/compliance_block.ts";
import type { ComplianceCorpus } from "../corpus/types.ts";
import { diffVersions, type VersionDiff } from "../corpus/version_diff.ts";
import { assertGateExpectation, type GateExpectation } from "./gate_assert.ts";

/** The shape of a revision name: a typo of it is an error, an unshipped one a bootstrap. */
const VERSION_NAME = /^(v\d{4}-\d{2}-\d{2}|draft)$/;

/** The defaults of seed 000 when `expect:` is omitted. */
export const DEFAULT_GATE_EXPECT: readonly { target: string; matcher: Record<string, unknown> }[] =
  [
    { target: "spec_clean", matcher: { exact: true } },
    { target: "spec_breaking_changes", matcher: { schema: { maxItems: 0 } } },
  ];

/** The targets a gate can assert on. */
export const GATE_TARGETS = [
  "spec_clean",
  "spec_breaking_changes",
  "spec_added_rules",
  "spec_removed_rules",
  "spec_unchanged_rules",
] as const;

type SpecVersionCheck = NonNullable<ComplianceBlock["check"]>;

const needsPin = (check: SpecVersionCheck) =>
  new ConfigError(
    "spec_version_check: needs compliance.spec_version, the revision the suite is authored against",
    check.pos,
  );

const notARevision = (check: SpecVersionCheck, against: string) =>
  new ConfigError(
    `spec_version_check against: "${against}" is not a revision name, expected v<YYYY-MM-DD> or draft`,
    check.pos,
  );

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

/**
 * Check a gate block at load: a pin is required and every expectation must target a known name
 * with a valid matcher.
 * @throws {ConfigError} positioned
 */
export function validateGate(block: ComplianceBlock): void {
  const check = block.check;
  if (!check) return;
  if (block.revision === undefined) throw needsPin(check);
  if (check.against !== undefined && !VERSION_NAME.test(check.against)) {
    throw notARevision(check, check.against);
  }
  for (const item of check.expect ?? []) {
    const { target, matcher } = item as { target?: unknown; matcher?: Record<string, unknown> };
    if (
      typeof target !== "string" ||
      !(GATE_TARGETS as readonly string[]).includes(target.split(/[.[]/)[0] ?? "")
    ) {
      throw new ConfigError(
        `unknown spec_version_check target ${JSON.stringify(target)}, expected one of: ${
          GATE_TARGETS.join(", ")
        }`,
        check.pos,
      );
    }
    const [name = "", arg] = Object.entries(matcher ?? {})[0] ?? [];
    compileMatcher({ name, arg, pos: check.pos });
  }
}
