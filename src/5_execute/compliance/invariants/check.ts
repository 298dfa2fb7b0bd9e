/** @module The invariants command's core: every session's invariants plus the composition hazards, and their renderings. */

import { styler } from "../../../0_base/util/ansi.ts";
import { findHazards } from "./hazards.ts";
import { checkSession } from "./invariants.ts";
import type { CapturedSession, InvariantReport } from "./types.ts";

/**
 * Check INV-001..INV-007 on each session of a capture, and the composition hazards when it holds
 * two or more sessions. Pure: the same capture always gives the same report.
 */
export function checkInvariants(
  capture: CapturedSession | readonly CapturedSession[],
): InvariantReport {
  const sessions = Array.isArray(capture)
    ? capture as readonly CapturedSession[]
    : [capture as CapturedSession];
  const results = sessions.map((s) => ({
    server_label: s.server_label,
    invariants: checkSession(s),
  }));
  const hazards = findHazards(sessions);
  const ok = hazards.length === 0 &&
    results.every((r) => r.invariants.every((i) => i.status !== "fail"));
  return { sessions: results, hazards, ok };
}

/** The report for people: one line per invariant per session, then hazards and a verdict. */
export function renderInvariants(report: InvariantReport, color: boolean): string {
  const s = styler(color);
  const mark = { pass: s.green("PASS"), fail: s.red("FAIL"), skip: s.yellow("SKIP") };
  const lines: string[] = [];
  for (const session of report.sessions) {
    lines.push(session.server_label);
    for (const inv of session.invariants) {
      lines.push(
        `  ${mark[inv.status]}  ${inv.id} ${inv.property}${
          inv.message ? `\n          ${s.dim(inv.message)}` : ""
        }`,
      );
    }
    lines.push("");
  }
  for (const hazard of report.hazards) {
    lines.push(`${s.red("HAZARD")}  ${hazard.kind}: ${hazard.message}`);
  }
  const failed =
    report.sessions.flatMap((x) => x.invariants).filter((i) => i.status === "fail").length;
  lines.push(
    `${report.sessions.length} session(s), ${failed} invariant failure(s), ${report.hazards.length} hazard(s)`,
  );
  return lines.join("\n") + "\n";
}
