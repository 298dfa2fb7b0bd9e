/** @module Reads the `grade_delta:` gate of a compliance block (baseline file, `max_drop` or `expect:`) into plain, validated data. */

import { dirname, isAbsolute, join } from "node:path";
import type { DocumentView } from "./types.ts";
import { ConfigError, ConfigErrors, type SourcePos } from "../errors/errors.ts";
import { compileMatcher } from "../matchers/registry.ts";
import { parseTarget } from "../matchers/target_path.ts";

/** The targets a `grade_delta:` `expect:` can assert on. */
export const GRADE_TARGETS = [
  "grade_score",
  "grade_letter",
  "grade_delta",
  "baseline_score",
  "baseline_letter",
  "grade_regressions",
  "grade_improvements",
] as const;

/** The drop allowed when neither `max_drop` nor `expect` is given: none at all. */
export const DEFAULT_MAX_DROP = 0;

const KEYS = ["baseline", "max_drop", "expect"];

/** One `expect:` item of the gate, as written. */
export interface GradeExpectation {
  /** One of {@link GRADE_TARGETS} (`grade_score`, `grade_delta`, ...). */
  readonly target: string;
  /** One matcher as written: `{name: arg}`. */
  readonly matcher: Readonly<Record<string, unknown>>;
  /** Where the item was written. */
  readonly pos: SourcePos;
}

/** The `grade_delta:` block, validated. Exactly one of `maxDrop` and `expect` is set. */
export interface GradeDeltaBlock {
  /** The baseline grade file, resolved against the directory of the suite file. */
  readonly baseline: string;
  /** The largest score drop that passes (`max_drop`, default {@link DEFAULT_MAX_DROP}). */
  readonly maxDrop?: number;
  /** Assertions on the grade targets, instead of `max_drop`. */
  readonly expect?: readonly GradeExpectation[];
  /** Where the block was written. */
  readonly pos: SourcePos;
}

/**
 * Read `compliance.grade_delta` of a document.
 * @param doc the document
 * @param raw the interpolated `grade_delta:` value
 * @param pinned whether the block has a `spec_version:` (the gate needs one)
 * @throws {ConfigErrors} every problem, positioned
 */
export function readGradeDelta(
  doc: DocumentView,
  raw: unknown,
  pinned: boolean,
): GradeDeltaBlock {
  const at = ["compliance", "grade_delta"];
  const pos = doc.positionOf(at, "key");
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    throw new ConfigErrors([
      new ConfigError(
        "grade_delta: must be a mapping, expected {baseline: <grade file>, max_drop: <number>} or {baseline, expect}",
        doc.positionOf(at),
      ),
    ]);
  }
  const block = raw as Record<string, unknown>;
  const errors: ConfigError[] = [];
  if (!pinned) {
    errors.push(
      new ConfigError(
        "grade_delta: needs compliance.spec_version, the revision the grade is taken in (grades of different revisions are not comparable)",
        pos,
      ),
    );
  }
  for (const key of Object.keys(block)) {
    if (!KEYS.includes(key)) {
      errors.push(
        new ConfigError(
          `unknown key "${key}" in grade_delta:, expected one of: ${KEYS.join(", ")}`,
          doc.positionOf([...at, key], "key"),
        ),
      );
    }
  }
  const baseline = block.baseline;
  if (typeof baseline !== "string" || baseline.trim() === "") {
    errors.push(
      new ConfigError(
        "grade_delta: needs baseline:, the grade file to compare with (relative to this file), e.g. .mcptest/grade.json",
        block.baseline === undefined ? pos : doc.positionOf([...at, "baseline"]),
      ),
    );
  }
  const maxDrop = block.max_drop;
  if (
    maxDrop !== undefined &&
    (typeof maxDrop !== "number" || !Number.isFinite(maxDrop) || maxDrop < 0)
  ) {
    errors.push(
      new ConfigError(
        `grade_delta max_drop: must be a number of score points >= 0, got ${
          JSON.stringify(maxDrop)
        }`,
        doc.positionOf([...at, "max_drop"]),
      ),
    );
  }
  if (maxDrop !== undefined && block.expect !== undefined) {
    errors.push(
      new ConfigError(
        "grade_delta: give either max_drop (the shorthand) or expect (assertions on the grade targets), not both",
        doc.positionOf([...at, "expect"], "key"),
      ),
    );
  }
  let expect: GradeExpectation[] | undefined;
  if (block.expect !== undefined) {
    if (!Array.isArray(block.expect)) {
      errors.push(
        new ConfigError(
          "grade_delta expect: must be a list of {target, matcher}",
          doc.positionOf([...at, "expect"]),
        ),
      );
    } else {
      expect = [];
      for (const [i, item] of block.expect.entries()) {
        const itemPos = doc.positionOf([...at, "expect", i]);
        try {
          expect.push(readExpectation(item, itemPos));
        } catch (error) {
          if (!(error instanceof ConfigError)) throw error;
          errors.push(error);
        }
      }
    }
  }
  if (errors.length > 0) throw new ConfigErrors(errors);
  const file = baseline as string;
  return {
    baseline: isAbsolute(file) ? file : join(dirname(doc.file), file),
    ...(expect !== undefined
      ? { expect }
      : { maxDrop: (maxDrop as number | undefined) ?? DEFAULT_MAX_DROP }),
    pos,
  };
}

function readExpectation(item: unknown, pos: SourcePos): GradeExpectation {
  const { target, matcher } = (item ?? {}) as { target?: unknown; matcher?: unknown };
  const root = typeof target === "string" ? target.trim().split(/[.[]/)[0] ?? "" : "";
  if (typeof target !== "string" || !(GRADE_TARGETS as readonly string[]).includes(root)) {
    throw new ConfigError(
      `unknown grade_delta target ${JSON.stringify(target)}, expected one of: ${
        GRADE_TARGETS.join(", ")
      }`,
      pos,
    );
  }
  try {
    parseTarget(target);
  } catch (error) {
    throw new ConfigError(`grade_delta target "${target}": ${(error as Error).message}`, pos);
  }
  if (matcher === null || typeof matcher !== "object" || Array.isArray(matcher)) {
    throw new ConfigError(
      `grade_delta expect item needs matcher: {<name>: <argument>}, e.g. matcher: { schema: { minimum: -2 } }`,
      pos,
    );
  }
  const [name = "", arg] = Object.entries(matcher)[0] ?? [];
  compileMatcher({ name, arg, pos });
  return { target, matcher: matcher as Record<string, unknown>, pos };
}
