/** @module `--save-grade`: take each server's compliance grade of a run and merge it into grade files (atomically). */

import type { ServerSpec } from "../../../3_load/config/types.ts";
import { UsageError } from "../../../0_base/errors/errors.ts";
import type { TestResult } from "../../../4_record/run_record.ts";
import { computeGrade, type Grade } from "./grade.ts";
import { gradeEntry, type GradeFileEntry, readGradeFile, writeGradeFile } from "./grade_file.ts";
import { resultsByServer } from "./grade_results.ts";
import type { ComplianceBlock } from "../../../3_load/config/compliance_block.ts";

/** One grade written. */
export interface SavedGrade {
  /** The grade file written. */
  readonly path: string;
  /** The server name the grade is saved under. */
  readonly server: string;
  /** The grade saved. */
  readonly grade: Grade;
}

/** Inputs of {@link saveGrades}. */
export interface SaveGradesOptions {
  /** The run's compliance results, raw (before a known-failure baseline). */
  readonly results: readonly TestResult[];
  readonly servers: Readonly<Record<string, ServerSpec>>;
  /** Where to write; default: each block's `grade_delta: baseline:`. */
  readonly path?: string;
}

/**
 * Save the grade of every server of every block into its grade file, keeping the other servers'
 * entries of that file. A server whose rules all skipped has no grade and is left out.
 * @returns what was written, and the servers left out (no verdict)
 * @throws {UsageError} no path (no `path` and a block without `grade_delta:`), or two blocks
 * grading the same server into one file
 * @throws {ConfigError} an existing grade file is malformed
 */
export async function saveGrades(
  blocks: readonly ComplianceBlock[],
  options: SaveGradesOptions,
): Promise<{ saved: SavedGrade[]; ungraded: string[] }> {
  const byPath = new Map<string, Map<string, Grade>>();
  const ungraded: string[] = [];
  for (const block of blocks) {
    const path = options.path ?? block.gradeDelta?.baseline;
    if (path === undefined) {
      throw new UsageError(
        `--save-grade needs a path: the compliance: block of ${block.file} has no grade_delta: baseline:, give --save-grade PATH`,
      );
    }
    const grades = byPath.get(path) ?? new Map<string, Grade>();
    byPath.set(path, grades);
    for (const server of resultsByServer(block, options.results)) {
      const name = options.servers[server.key]?.name ?? server.key;
      const grade = computeGrade(server.results);
      if (grade === undefined) {
        ungraded.push(name);
        continue;
      }
      if (grades.has(name)) {
        throw new UsageError(
          `two compliance blocks grade server "${name}" into ${path}; give each block its own grade_delta: baseline:`,
        );
      }
      grades.set(name, grade);
    }
  }
  const saved: SavedGrade[] = [];
  for (const [path, grades] of byPath) {
    if (grades.size === 0) continue;
    const existing = await readGradeFile(path);
    const merged: Record<string, GradeFileEntry> = { ...existing?.grades };
    for (const [server, grade] of grades) {
      merged[server] = gradeEntry(grade);
      saved.push({ path, server, grade });
    }
    await writeGradeFile(path, { version: 1, grades: merged });
  }
  return { saved, ungraded };
}
