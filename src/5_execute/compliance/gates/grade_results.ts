/** @module Splits a run's compliance results by block and server, the unit a grade is taken of. */

import type { TestResult } from "../../../4_record/run_record.ts";
import { COMPLIANCE_CORPUS } from "../../../3_load/compliance_corpus/embedded.ts";
import type { ComplianceBlock } from "../../../3_load/config/compliance_block.ts";

/** The compliance results of one server in one block. */
export interface ServerResults {
  /** ServerSpec.key. */
  readonly key: string;
  /** Results of kind `compliance` of this block and server, raw (no known-failure baseline applied). */
  readonly results: readonly TestResult[];
  /** Rule ids the block lists for this server that have no result (a `--filter` left them out). */
  readonly missing: readonly string[];
  /** How many rules the block lists for this server. */
  readonly listed: number;
}

/** The servers of a block in declaration order, each with its results. */
export function resultsByServer(
  block: ComplianceBlock,
  results: readonly TestResult[],
): ServerResults[] {
  const listed = new Map<string, string[]>();
  if (block.allRules) {
    const rules = COMPLIANCE_CORPUS.revisions[block.revision!]?.rules ?? [];
    for (const key of block.serverKeys) listed.set(key, rules.map((r) => r.id));
  } else {
    for (const entry of block.entries) {
      listed.set(entry.serverKey, [...(listed.get(entry.serverKey) ?? []), entry.rule]);
    }
  }
  return [...listed.entries()].map(([key, rules]) => {
    const own = results.filter((r) =>
      r.kind === "compliance" && r.file === block.file && r.server === key
    );
    const ran = new Set(own.map((r) => r.rule?.id ?? r.id.split("::").at(-1)));
    const unique = [...new Set(rules)];
    return {
      key,
      results: own,
      missing: unique.filter((id) => !ran.has(id)),
      listed: unique.length,
    };
  });
}
