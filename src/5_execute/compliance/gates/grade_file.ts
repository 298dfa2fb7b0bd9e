/** @module The grade file: saved compliance grades per server (the `grade_delta:` baseline), read strictly and written atomically. */

import { ConfigError } from "../../../0_base/errors/errors.ts";
import { readJsonFile } from "../../../0_base/util/read_json_file.ts";
import type { Status } from "../../../4_record/run_record.ts";
import { writeFileAtomic } from "../../../0_base/util/write_output.ts";
import type { Grade, GradeLetter } from "./grade.ts";

/** Version of the grade file shape. */
export const GRADE_FILE_VERSION = 1;

/** One server's saved grade, as the file spells it. */
export interface GradeFileEntry {
  /** The corpus revision graded (`v2025-11-25`). */
  readonly spec_version: string;
  /** The score, 0 to 100, one decimal. */
  readonly score: number;
  /** The letter of the score. */
  readonly letter: GradeLetter;
  /** Rule id -> verdict. */
  readonly rules: Readonly<Record<string, Status>>;
}

/** A grade file: `{"version": 1, "grades": {"<server name>": {...}}}`. */
export interface GradeFile {
  /** Always 1 (this shape). */
  readonly version: typeof GRADE_FILE_VERSION;
  /** The saved grade of each server, by server name. */
  readonly grades: Readonly<Record<string, GradeFileEntry>>;
}

const LETTERS: readonly string[] = ["A", "B", "C", "D", "F"];
const STATUSES: readonly string[] = ["pass", "fail", "error", "skip"];
const SHAPE =
  `{"version": 1, "grades": {"<server name>": {"spec_version": "v2025-11-25", "score": 96.3, "letter": "A", "rules": {"PROTO-001": "pass"}}}}`;

/** The file entry of a grade. */
export function gradeEntry(grade: Grade): GradeFileEntry {
  return {
    spec_version: grade.revision,
    score: grade.score,
    letter: grade.letter,
    rules: grade.rules,
  };
}

/** The grade of a file entry. */
export function gradeOfEntry(entry: GradeFileEntry): Grade {
  return {
    revision: entry.spec_version,
    score: entry.score,
    letter: entry.letter,
    rules: entry.rules,
  };
}

/**
 * Read a grade file.
 * @returns the file, or undefined when it does not exist yet (the bootstrap case)
 * @throws {ConfigError} `<path>: what is wrong, expected ...` (exit 2) for an unreadable or malformed file
 *   (`<path>:line:col: not valid JSON (...)` for a syntax error)
 */
export async function readGradeFile(path: string): Promise<GradeFile | undefined> {
  let value: unknown;
  try {
    value = await readJsonFile(path, {
      detail: (reason) => `not valid JSON (${reason}), expected ${SHAPE}`,
    });
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    if (error instanceof ConfigError) throw error;
    throw new ConfigError(`${path}: cannot read the grade file: ${(error as Error).message}`);
  }
  return parseGradeFile(value, path);
}

/**
 * Check a parsed grade file.
 * @throws {ConfigError} naming the first wrong field
 */
export function parseGradeFile(value: unknown, path: string): GradeFile {
  const wrong = (what: string, expected: string) =>
    new ConfigError(`${path}: ${what}, expected ${expected}`);
  if (!isRecord(value)) throw wrong(`the file holds ${describe(value)}`, SHAPE);
  if (value.version !== GRADE_FILE_VERSION) {
    throw wrong(`"version" is ${describe(value.version)}`, `${GRADE_FILE_VERSION}`);
  }
  if (!isRecord(value.grades)) {
    throw wrong(`"grades" is ${describe(value.grades)}`, `an object of grades by server name`);
  }
  const grades: Record<string, GradeFileEntry> = {};
  for (const [server, raw] of Object.entries(value.grades)) {
    const at = `grades[${JSON.stringify(server)}]`;
    if (!isRecord(raw)) {
      throw wrong(`${at} is ${describe(raw)}`, `{"spec_version", "score", "letter", "rules"}`);
    }
    if (typeof raw.spec_version !== "string" || raw.spec_version === "") {
      throw wrong(`${at}.spec_version is ${describe(raw.spec_version)}`, `a corpus revision name`);
    }
    if (typeof raw.score !== "number" || !(raw.score >= 0 && raw.score <= 100)) {
      throw wrong(`${at}.score is ${describe(raw.score)}`, `a number from 0 to 100`);
    }
    if (typeof raw.letter !== "string" || !LETTERS.includes(raw.letter)) {
      throw wrong(`${at}.letter is ${describe(raw.letter)}`, `one of: ${LETTERS.join(", ")}`);
    }
    if (!isRecord(raw.rules)) {
      throw wrong(`${at}.rules is ${describe(raw.rules)}`, `an object of rule id -> verdict`);
    }
    for (const [rule, status] of Object.entries(raw.rules)) {
      if (typeof status !== "string" || !STATUSES.includes(status)) {
        throw wrong(
          `${at}.rules[${JSON.stringify(rule)}] is ${describe(status)}`,
          `one of: ${STATUSES.join(", ")}`,
        );
      }
    }
    grades[server] = {
      spec_version: raw.spec_version,
      score: raw.score,
      letter: raw.letter as GradeLetter,
      rules: raw.rules as Record<string, Status>,
    };
  }
  return { version: GRADE_FILE_VERSION, grades };
}

/** Render a grade file: pretty JSON, servers and rules sorted (a change reads well in review). */
export function renderGradeFile(file: GradeFile): string {
  const grades = Object.fromEntries(
    Object.keys(file.grades).sort().map((server) => {
      const entry = file.grades[server]!;
      const rules = Object.fromEntries(
        Object.keys(entry.rules).sort().map((id) => [id, entry.rules[id]]),
      );
      return [server, { ...entry, rules }];
    }),
  );
  return JSON.stringify({ version: GRADE_FILE_VERSION, grades }, null, 2) + "\n";
}

/** Write a grade file atomically (a temp file renamed over it: readers never see half a file). */
export async function writeGradeFile(path: string, file: GradeFile): Promise<void> {
  await writeFileAtomic(path, renderGradeFile(file));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === undefined) return "missing";
  if (Array.isArray(value)) return "an array";
  if (value === null) return "null";
  if (typeof value === "object") return "an object";
  return JSON.stringify(value);
}
