/** @module One requirement judged by both `compliance` and `conformance` carries the same severity in both; the shared requirements are listed here. */

import assert from "node:assert/strict";
import { COMPLIANCE_CORPUS } from "../../../src/3_load/compliance_corpus/embedded.ts";
import { severityIn } from "../../../src/3_load/compliance_corpus/severity.ts";
import { EMBEDDED_CORPUS } from "../../../src/7_features/conformance/embedded.ts";
import { severityOf } from "../../../src/7_features/conformance/severity.ts";

/** A compliance rule (in a corpus revision) and the conformance check that judges the same requirement. */
interface Shared {
  readonly rule: string;
  readonly revision: string;
  readonly check: string;
  readonly corpus: string;
  /**
   * Set while the conformance side still carries a severity its spec sentence does not support:
   * the severity it has today (the test fails once it moves, so the note goes with it).
   */
  readonly conformanceToday?: "must" | "should" | "may";
}

/** The requirements both commands judge, by revision. */
export const SHARED: readonly Shared[] = [
  {
    rule: "TOOL-003",
    revision: "v2025-11-25",
    check: "sep-1303-unknown-tool-protocol-error",
    corpus: "2025-11-25",
  },
  {
    rule: "TOOL-003",
    revision: "v2026-07-28",
    check: "sep-1303-unknown-tool-protocol-error",
    corpus: "2026-07-28",
  },
  // The spec has no keyword for "malformed requests are protocol errors": SHOULD at most.
  {
    rule: "TOOL-010",
    revision: "v2025-11-25",
    check: "sep-1303-malformed-request-protocol-error",
    corpus: "2025-11-25",
  },
  {
    rule: "TOOL-010",
    revision: "v2026-07-28",
    check: "sep-1303-malformed-request-protocol-error",
    corpus: "2026-07-28",
  },
  {
    rule: "RES-003",
    revision: "v2026-07-28",
    check: "sep-2164-no-empty-contents",
    corpus: "2026-07-28",
  },
  // 2026-07-28 server/resources: "servers MUST return a JSON-RPC error with code -32602".
  {
    rule: "RES-002",
    revision: "v2026-07-28",
    check: "sep-2164-error-code",
    corpus: "2026-07-28",
  },
  {
    rule: "PROTO-023",
    revision: "v2026-07-28",
    check: "sep-2575-server-unsupported-version-error",
    corpus: "2026-07-28",
  },
  {
    rule: "TRANSPORT-011",
    revision: "v2026-07-28",
    check: "sep-2575-http-server-method-not-found-404",
    corpus: "2026-07-28",
  },
  {
    rule: "TRANSPORT-012",
    revision: "v2026-07-28",
    check: "sep-2575-http-server-unsupported-version-400",
    corpus: "2026-07-28",
  },
  {
    rule: "HEADER-003",
    revision: "v2026-07-28",
    check: "sep-2575-http-server-header-mismatch-400",
    corpus: "2026-07-28",
  },
];

function conformanceText(corpus: string, check: string): string | undefined {
  for (const sep of EMBEDDED_CORPUS.versions[corpus] ?? []) {
    for (const r of sep.requirements) {
      if ("check" in r && r.check === check) return r.text;
    }
  }
  return undefined;
}

Deno.test("shared requirements: compliance and conformance give one requirement the same severity", async (t) => {
  for (const shared of SHARED) {
    await t.step(`${shared.rule} [${shared.revision}] = ${shared.check}`, () => {
      const entry = COMPLIANCE_CORPUS.registry[shared.rule];
      assert.ok(entry, `${shared.rule} is in the registry`);
      assert.ok(
        COMPLIANCE_CORPUS.revisions[shared.revision]?.rules.some((r) => r.id === shared.rule),
        `${shared.rule} runs in ${shared.revision}`,
      );
      const text = conformanceText(shared.corpus, shared.check);
      assert.ok(text, `${shared.check} is in the ${shared.corpus} conformance corpus`);
      const compliance = severityIn(entry, shared.revision).toLowerCase();
      const conformance = severityOf(text);
      if (shared.conformanceToday !== undefined) {
        assert.equal(
          conformance,
          shared.conformanceToday,
          `${shared.check} moved to ${conformance}: drop conformanceToday if it now matches`,
        );
        assert.notEqual(compliance, conformance);
        return;
      }
      assert.equal(compliance, conformance, `${shared.rule} vs ${shared.check}: "${text}"`);
    });
  }
});

Deno.test("shared requirements: TOOL-010 and RES-005 accept any JSON-RPC error, as sep-1303 does", () => {
  for (const id of ["TOOL-010", "RES-005"]) {
    for (const [version, revision] of Object.entries(COMPLIANCE_CORPUS.revisions)) {
      const rule = revision.rules.find((r) => r.id === id);
      if (!rule) continue;
      assert.deepEqual(
        rule.expect.map((e) => [e.target, e.matcher]),
        [["result.error.code", { schema: { type: "integer" } }]],
        `${id} [${version}]`,
      );
    }
  }
});
