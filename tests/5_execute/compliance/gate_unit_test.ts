/** @module evaluateSpecVersionCheck() / validateGate() on hand-built corpora: pass, fail, defaults, bootstraps, errors. */

import assert from "node:assert/strict";
import { ConfigError } from "../../../src/0_base/errors/errors.ts";
import { validateComplianceVersion } from "../../../src/3_load/compliance_corpus/versions.ts";
import {
  DEFAULT_GATE_EXPECT,
  GATE_TARGETS,
  validateGate,
} from "../../../src/3_load/config/spec_version_check.ts";
import { evaluateSpecVersionCheck } from "../../../src/5_execute/compliance/gates/spec_version_gate.ts";
import type { ComplianceBlock } from "../../../src/3_load/config/compliance_block.ts";
import type { ComplianceCorpus, RuleSpec } from "../../../src/3_load/compliance_corpus/types.ts";

const rule = (id: string, exact: unknown): RuleSpec => ({
  id,
  probe: { kind: "handshake" },
  expect: [{ target: "result", matcher: { exact } }],
});
/** v2024-11-05 -> v2025-06-18 breaks PROTO-002; v2025-06-18 -> draft is clean. */
const CORPUS: ComplianceCorpus = {
  registry: {},
  revisions: {
    "v2024-11-05": {
      version: "v2024-11-05",
      rules: [rule("PROTO-002", 1), rule("SEQ-003", true)],
    },
    "v2025-06-18": {
      version: "v2025-06-18",
      rules: [rule("ELICIT-001", 1), rule("PROTO-002", 2)],
    },
    draft: { version: "draft", rules: [rule("ELICIT-001", 1), rule("PROTO-002", 2)] },
  },
};
const POS = { file: "suite.yml", line: 4, col: 3 };
const block = (check: { against?: string; expect?: unknown[] }, pin?: string): ComplianceBlock => ({
  file: "suite.yml",
  ...(pin !== undefined ? { revision: pin } : {}),
  entries: [],
  allRules: false,
  serverKeys: [],
  check: { ...check, pos: POS },
  pos: { file: "suite.yml", line: 2, col: 1 },
});
const item = (target: string, matcher: Record<string, unknown>) => ({ target, matcher });

Deno.test("gate: defaults pass a clean upgrade, one result of kind gate", async () => {
  const result = await evaluateSpecVersionCheck(block({ against: "draft" }, "v2025-06-18"), CORPUS);
  assert.equal(result.kind, "gate");
  assert.equal(result.status, "pass");
  assert.equal(result.name, "spec_version_check v2025-06-18 -> draft");
  assert.equal(result.file, "suite.yml");
  assert.equal(result.line, 4);
  assert.deepEqual(
    result.assertions.map((a) => [a.target, a.matcher, a.status]),
    [["spec_clean", "exact", "pass"], ["spec_breaking_changes", "schema", "pass"]],
  );
  assert.deepEqual(
    DEFAULT_GATE_EXPECT.map((d) => d.target),
    ["spec_clean", "spec_breaking_changes"],
  );
});

Deno.test("gate: defaults fail a breaking upgrade and name the changed rule", async () => {
  const result = await evaluateSpecVersionCheck(
    block({ against: "v2025-06-18" }, "v2024-11-05"),
    CORPUS,
  );
  assert.equal(result.status, "fail");
  const [clean, breaking] = result.assertions;
  assert.equal(clean?.status, "fail");
  assert.equal(clean?.actual, "false");
  assert.equal(breaking?.status, "fail");
  assert.match(breaking?.actual ?? "", /PROTO-002/);
});

Deno.test("gate: explicit expect over every target, including a path into an array", async () => {
  const expect = [
    item("spec_clean", { exact: false }),
    item("spec_breaking_changes", { exact: ["PROTO-002"] }),
    item("spec_breaking_changes[0]", { regex: "^PROTO-" }),
    item("spec_added_rules", { contains: ["ELICIT-001"] }),
    item("spec_removed_rules", { exact: ["SEQ-003"] }),
    item("spec_unchanged_rules", { schema: { maxItems: 0 } }),
    item("spec_breaking_changes", { not: { contains: ["TOOL-001"] } }),
  ];
  const result = await evaluateSpecVersionCheck(
    block({ against: "v2025-06-18", expect }, "v2024-11-05"),
    CORPUS,
  );
  assert.equal(result.status, "pass", JSON.stringify(result.assertions, null, 1));
  assert.equal(result.assertions.length, expect.length);
  for (const target of GATE_TARGETS) {
    assert.ok(expect.some((e) => e.target === target), `${target} exercised`);
  }
});

Deno.test("gate: an explicit expect that does not hold fails; a missing path fails with the reason", async () => {
  const result = await evaluateSpecVersionCheck(
    block({
      against: "v2025-06-18",
      expect: [
        item("spec_added_rules", { contains: ["ROOTS-001"] }),
        item("spec_breaking_changes[3]", { exact: "PROTO-002" }),
        item("spec_removed_rules", { exact: ["SEQ-003"] }),
      ],
    }, "v2024-11-05"),
    CORPUS,
  );
  assert.equal(result.status, "fail");
  assert.deepEqual(result.assertions.map((a) => a.status), ["fail", "fail", "pass"]);
  assert.equal(result.assertions[1]?.actual, "(missing)");
  assert.ok((result.assertions[1]?.message ?? "").length > 0);
});

Deno.test("gate bootstrap: no against: passes with a note", async () => {
  const result = await evaluateSpecVersionCheck(block({}, "v2025-06-18"), CORPUS);
  assert.equal(result.status, "pass");
  assert.equal(result.assertions.length, 1);
  assert.match(result.assertions[0]?.message ?? "", /no against: revision/);
});

Deno.test("gate bootstrap: a target revision with no shipped corpus passes with a note", async () => {
  const result = await evaluateSpecVersionCheck(
    block({ against: "v2025-11-25" }, "v2025-06-18"),
    CORPUS,
  );
  assert.equal(result.status, "pass");
  assert.equal(result.name, "spec_version_check v2025-06-18 -> v2025-11-25");
  assert.match(result.assertions[0]?.message ?? "", /no shipped corpus for v2025-11-25/);
});

Deno.test("gate: a block without a spec_version pin is a positioned ConfigError (exit 2)", async () => {
  const unpinned = block({ against: "draft" });
  const isPinError = (error: unknown) =>
    error instanceof ConfigError && error.exitCode === 2 &&
    /^suite\.yml:4:3: spec_version_check: needs compliance\.spec_version/.test(error.message);
  assert.throws(() => validateGate(unpinned), isPinError);
  await assert.rejects(() => evaluateSpecVersionCheck(unpinned, CORPUS), isPinError);
});

Deno.test("gate: a malformed against: is an error, not a bootstrap; so is a pin with no corpus", async () => {
  for (const against of ["v2025-6-18", "2025-06-18", "latest"]) {
    const typo = block({ against }, "v2025-06-18");
    const isTypo = (error: unknown) =>
      error instanceof ConfigError &&
      error.message.startsWith(`suite.yml:4:3: spec_version_check against: "${against}"`);
    assert.throws(() => validateGate(typo), isTypo);
    await assert.rejects(() => evaluateSpecVersionCheck(typo, CORPUS), isTypo);
  }
  await assert.rejects(
    () => evaluateSpecVersionCheck(block({ against: "draft" }, "v2025-03-26"), CORPUS),
    (error: unknown) =>
      error instanceof ConfigError && /no compliance corpus for v2025-03-26/.test(error.message),
  );
});

Deno.test("gate: unknown targets and bad matchers fail the load", () => {
  assert.throws(
    () =>
      validateGate(
        block({ against: "draft", expect: [item("spec_cleanliness", { exact: true })] }, "draft"),
      ),
    /unknown spec_version_check target "spec_cleanliness", expected one of: spec_clean, /,
  );
  assert.throws(
    () => validateGate(block({ expect: [item("spec_clean", { exactly: true })] }, "v2025-06-18")),
    (error: unknown) =>
      error instanceof ConfigError && /unknown matcher "exactly"/.test(error.message),
  );
  assert.throws(
    () => validateGate(block({ expect: [item("spec_clean", { regex: "(" })] }, "v2025-06-18")),
    ConfigError,
  );
  validateGate(block({ expect: [item("spec_breaking_changes[0]", { exact: "x" })] }, "draft"));
});

Deno.test("spec_version pin: exactly a directory name, otherwise the typo message (exit 2)", () => {
  for (const good of ["v2024-11-05", "v2025-06-18", "draft"]) {
    assert.equal(validateComplianceVersion(good, POS), good);
  }
  for (const typo of ["v2025-6-18", "2025-06-18", "Draft", "latest", ""]) {
    assert.throws(
      () => validateComplianceVersion(typo, POS),
      (error: unknown) =>
        error instanceof ConfigError && error.exitCode === 2 &&
        error.message.startsWith(
          `suite.yml:4:3: unknown compliance spec_version: ${
            JSON.stringify(typo)
          }, expected one of: v2024-11-05, `,
        ),
    );
  }
});
