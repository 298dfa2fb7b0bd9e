/** @module The migrate plan (seed 001 shape), its rendering, and the verified atomic write. */

import { parseAllDocuments } from "yaml";
import { McptestError } from "../../0_base/errors/errors.ts";
import { ExitCode } from "../../0_base/errors/exit_codes.ts";
import { writeFileAtomic } from "../../0_base/util/write_output.ts";
import { applyChanges, planChanges, type PlannedChange } from "./apply.ts";
import { plural } from "./lint_report.ts";
import type { ScannedFile } from "./scan.ts";
import { MIGRATION_TARGET } from "./target.ts";

/** The plan for one file. */
export interface FilePlan {
  /** The file as shown (relative to the working directory). */
  readonly file: string;
  /** Its absolute path. */
  readonly path: string;
  /** A suite (YAML) or a cassette (JSON). */
  readonly kind: "yaml" | "json";
  /** The changes planned. */
  readonly changes: readonly PlannedChange[];
  /** The text as read. */
  readonly text: string;
  /** The migrated text (YAML only; JSON cassettes are re-recorded, never rewritten). */
  readonly newText?: string;
}

/** The whole plan. */
export interface MigrationPlan {
  /** YAML files with at least one change. */
  readonly files: readonly FilePlan[];
  /** JSON cassettes with legacy content. */
  readonly cassettes: readonly FilePlan[];
  /** Number of files looked at. */
  readonly checked: number;
}

/** Build the plan of a scan (files that failed to parse must be reported before calling this). */
export function buildPlan(scanned: readonly ScannedFile[]): MigrationPlan {
  const files: FilePlan[] = [];
  const cassettes: FilePlan[] = [];
  for (const f of scanned) {
    if (f.text === undefined || f.error) continue;
    const changes = planChanges(f.text, f.hits);
    if (changes.length === 0) continue;
    const base = { file: f.file, path: f.path, kind: f.kind, changes, text: f.text };
    if (f.kind === "json") cassettes.push(base);
    else files.push({ ...base, newText: applyChanges(f.text, changes) });
  }
  return { files, cassettes, checked: scanned.length };
}

/** Number of changes of the YAML files. */
export function changeCount(plan: MigrationPlan): number {
  return plan.files.reduce((n, f) => n + f.changes.length, 0);
}

/** The plan as text (seed 001): a block per file, a row per change, a summary line. */
export function renderPlan(plan: MigrationPlan, write: boolean): string {
  const blocks = [...plan.files, ...plan.cassettes];
  if (blocks.length === 0) {
    return `nothing to migrate (${plan.checked} ${
      plural(plan.checked, "file")
    } checked, target ${MIGRATION_TARGET.id})\n`;
  }
  const rows = blocks.flatMap((f) =>
    f.changes.map((c) => ({
      f,
      line: `line ${c.hit.line}`,
      rule: c.hit.rule,
      summary: c.hit.summary,
      action: f.kind === "json" ? "(re-record)" : actionOf(c),
    }))
  );
  const width = (key: "line" | "rule" | "summary") => Math.max(...rows.map((r) => r[key].length));
  const [lw, rw, sw] = [width("line"), width("rule"), width("summary")];
  const out: string[] = [];
  for (const f of blocks) {
    if (out.length > 0) out.push("");
    out.push(`  ${f.file}`);
    for (const r of rows.filter((row) => row.f === f)) {
      out.push(
        `    ${r.line.padEnd(lw)}  ${r.rule.padEnd(rw)}  ${r.summary.padEnd(sw)}   ${r.action}`,
      );
    }
  }
  out.push("");
  const n = changeCount(plan);
  if (plan.files.length > 0) {
    const counts = `${plan.files.length} ${plural(plan.files.length, "file")}, ${n} ${
      plural(n, "change")
    }`;
    out.push(write ? `${counts} written` : `${counts} (dry-run; pass --write to apply)`);
  }
  if (plan.cassettes.length > 0) {
    const k = plan.cassettes.length;
    out.push(
      `${k} ${
        plural(k, "cassette")
      } with legacy content: re-record against the migrated server (JSON is never rewritten)`,
    );
  }
  return out.join("\n") + "\n";
}

function actionOf(change: PlannedChange): string {
  if (change.annotate && change.rewrite) return "(annotate + rewrite)";
  return change.rewrite ? "(rewrite)" : "(annotate)";
}

/**
 * Write every YAML file of the plan atomically, after checking that each new text parses and
 * holds the same data with only the rewritten tokens changed.
 * @throws {McptestError} (exit 2) when a check fails; nothing is written then
 */
export async function writePlan(plan: MigrationPlan): Promise<void> {
  for (const f of plan.files) verify(f);
  for (const f of plan.files) if (f.newText !== undefined) await writeFileAtomic(f.path, f.newText);
}

function verify(f: FilePlan): void {
  const before = dataOf(f.file, f.text);
  const after = dataOf(f.file, f.newText ?? "");
  let expected = before;
  for (const { hit } of f.changes) {
    if (!hit.rewrite) continue;
    const code = hit.summary.split(" ")[0] ?? "";
    expected = expected.replace(new RegExp(`(?<![\\d.])${code}(?![\\d.])`, "g"), hit.rewrite.text);
  }
  if (after !== expected) {
    throw new McptestError(
      `${f.file}: refusing to write: the migrated file would not hold the same data (please report this)`,
      ExitCode.ConfigError,
    );
  }
}

function dataOf(file: string, text: string): string {
  const documents = parseAllDocuments(text);
  const list = Array.isArray(documents) ? documents : [];
  const error = list.flatMap((d) => d.errors)[0];
  if (error) {
    throw new McptestError(
      `${file}: refusing to write: the migrated file would not parse (${error.message}; please report this)`,
      ExitCode.ConfigError,
    );
  }
  return JSON.stringify(list.map((d) => d.toJS()));
}
