/**
 * @module The migration probe of `mcptest doctor --target-version`: one row per corpus entry,
 * [PASS] / [FAIL] / [SKIP] with a one-line rationale, judged from live probes of the server.
 */

import { styler } from "../../0_base/util/ansi.ts";
import type { Session } from "../../2_connect/session/types.ts";
import { MIGRATION_CORPUS } from "../migration/corpus.ts";
import { type EvidenceOptions, gatherEvidence } from "./migration_evidence.ts";
import { judge } from "./migration_judge.ts";
import { MIGRATION_TARGET } from "../migration/target.ts";
import type { MigrationRow } from "../migration/types.ts";

export type { MigrationRow };

/**
 * Probe a connected server for every breaking change of the migration corpus. Reuses `session`
 * when it already speaks the target's stateless lifecycle, else opens (and closes) a second
 * session pinned to the target. Never throws for a server failure: it becomes a row.
 *
 * @param session the doctor's live session (left open; the caller closes it)
 * @param options how to open the pinned session (tests inject one)
 * @returns one row per corpus entry, in corpus order
 *
 * @example Probe the bundled example server
 * ```ts
 * import { connect, loadSuite, renderMigrationRows, runMigrationProbe } from "@mcptest/cli";
 *
 * const suite = await loadSuite({ paths: ["examples/getting-started.yml"], cwd: Deno.cwd() });
 * const session = await connect(Object.values(suite.servers)[0]!);
 * try {
 *   const rows = await runMigrationProbe(session);
 *   console.log(renderMigrationRows(rows, false));
 * } finally {
 *   await session.close();
 * }
 * ```
 */
export async function runMigrationProbe(
  session: Session,
  options: EvidenceOptions = {},
): Promise<MigrationRow[]> {
  const evidence = await gatherEvidence(session, options);
  return MIGRATION_CORPUS.map((entry) => {
    const verdict = judge(entry, evidence);
    return {
      id: entry.id,
      status: verdict.status,
      title: entry.title,
      rationale: verdict.rationale,
    };
  });
}

/**
 * Render the rows: a heading, `[PASS]` / `[FAIL]` / `[SKIP]` lines (`[TAG] id  title`), each
 * followed by its indented rationale, then a count line.
 * @param color colour the tags (green / red / yellow)
 */
export function renderMigrationRows(rows: readonly MigrationRow[], color: boolean): string {
  const style = styler(color);
  const tag = (row: MigrationRow) =>
    row.status === "pass"
      ? style.green("[PASS]")
      : row.status === "fail"
      ? style.red("[FAIL]")
      : style.yellow("[SKIP]");
  const width = Math.max(0, ...rows.map((r) => r.id.length));
  const lines = [`migration probe: target ${MIGRATION_TARGET.id}`];
  for (const row of rows) {
    lines.push(`  ${tag(row)} ${row.id.padEnd(width)}  ${row.title}`);
    lines.push(`         ${style.dim(row.rationale)}`);
  }
  const count = (status: MigrationRow["status"]) => rows.filter((r) => r.status === status).length;
  lines.push(
    "",
    `${count("pass")} passed, ${count("fail")} failed, ${count("skip")} skipped`,
  );
  return lines.join("\n") + "\n";
}

/** Exit code contribution: 1 when any row failed, else 0. */
export function migrationExitCode(rows: readonly MigrationRow[]): number {
  return rows.some((r) => r.status === "fail") ? 1 : 0;
}
