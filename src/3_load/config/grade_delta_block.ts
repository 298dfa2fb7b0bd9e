/** @module Reads the `grade_delta:` gate of a compliance block (baseline file, `max_drop` or `expect:`) into plain, validated data. */

import { dirname, isAbsolute, join } from "../../0_base/util/path.ts";
import type { DocumentView } from "./types.ts";
import { ConfigError, ConfigErrors, type SourcePos } from "../../0_base/errors/errors.ts";
import { compileMatcher } from "../../1_matchers/registry.ts";
import { parseTarget } from "../../1_matchers/target_path.ts";

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
 * The block as schemas/v1.json (`grade_delta`) lets it through: a mapping of only these keys,
 * `baseline` a non-empty string, `max_drop` a finite number >= 0, `expect` a list of
 * `{target, matcher}` mappings. The schema is checked before this reader runs, so the checks left
 * here are the ones a schema cannot word well or cannot see: the pin, a baseline that
 * interpolated to blanks, `max_drop` with `expect`, the targets and the matchers.
 */
interface SchemaCheckedGradeDelta {
  readonly baseline: string;
  readonly max_drop?: number;
  readonly expect?: readonly unknown[];
}

/**
 * Read `compliance.grade_delta` of a document (already valid against the schema).
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
  const block = raw as SchemaCheckedGradeDelta;
  const errors: ConfigError[] = [];
  if (!pinned) {
    errors.push(
      new ConfigError(
        "grade_delta: needs compliance.spec_version, the revision the grade is taken in (grades of different revisions are not comparable)",
        pos,
      ),
    );
  }
  if (block.baseline.trim() === "") {
    errors.push(
      new ConfigError(
        "grade_delta: needs baseline:, the grade file to compare with (relative to this file), e.g. .mcptest/grade.json",
        doc.positionOf([...at, "baseline"]),
      ),
    );
  }
  if (block.max_drop !== undefined && block.expect !== undefined) {
    errors.push(
      new ConfigError(
        "grade_delta: give either max_drop (the shorthand) or expect (assertions on the grade targets), not both",
        doc.positionOf([...at, "expect"], "key"),
      ),
    );
  }
  const expect = block.expect?.map((item, i) => {
    try {
      return readExpectation(item, doc.positionOf([...at, "expect", i]));
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      errors.push(error);
      return undefined;
    }
  }).filter((item): item is GradeExpectation => item !== undefined);
  if (errors.length > 0) throw new ConfigErrors(errors);
  return {
    baseline: isAbsolute(block.baseline) ? block.baseline : join(dirname(doc.file), block.baseline),
    ...(expect !== undefined ? { expect } : { maxDrop: block.max_drop ?? DEFAULT_MAX_DROP }),
    pos,
  };
}

/** One `expect:` item, a `{target, matcher}` mapping by the schema: its target and its matcher. */
function readExpectation(item: unknown, pos: SourcePos): GradeExpectation {
  const { target, matcher } = item as { target: string; matcher: Record<string, unknown> };
  const root = target.trim().split(/[.[]/)[0] ?? "";
  if (!(GRADE_TARGETS as readonly string[]).includes(root)) {
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
  const [name = "", arg] = Object.entries(matcher)[0] ?? [];
  compileMatcher({ name, arg, pos });
  return { target, matcher, pos };
}
