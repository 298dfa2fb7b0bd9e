/** @module GitHub Actions annotations: one `::error` / `::warning` / `::notice` workflow command per failed test. */

import {
  failureDetail,
  failureLocation,
  outcomeOf,
  skippedBudgets,
  skippedBudgetText,
} from "./_view.ts";
import { escapeControls } from "../0_base/util/escape.ts";
import { annotationCommand, failingRule, ruleLine, ruleTitle } from "./_rule.ts";
import type { RunRecord } from "../4_record/run_record.ts";

/** When to print annotations: `auto` only inside GitHub Actions (`GITHUB_ACTIONS=true`). */
export type AnnotationMode = "auto" | "always" | "never";

/** The annotation modes, for option validation. */
export const ANNOTATION_MODES: readonly AnnotationMode[] = ["auto", "always", "never"];

/** Environment lookup: a plain object (`Deno.env.toObject()`) or a getter (`Deno.env.get`). */
export type EnvLookup =
  | Readonly<Record<string, string | undefined>>
  | ((name: string) => string | undefined);

/**
 * Whether annotations should be printed.
 *
 * @example Auto mode follows GITHUB_ACTIONS
 * ```ts
 * import { shouldAnnotate } from "./annotations.ts";
 * shouldAnnotate("auto", { GITHUB_ACTIONS: "true" }); // true
 * shouldAnnotate("auto", {}); // false
 * ```
 */
export function shouldAnnotate(mode: AnnotationMode, env: EnvLookup): boolean {
  if (mode === "always") return true;
  if (mode === "never") return false;
  const value = typeof env === "function" ? env("GITHUB_ACTIONS") : env["GITHUB_ACTIONS"];
  return value === "true";
}

/**
 * Render one workflow command per failed test, each ending in a newline (empty when nothing
 * failed): `::error file=F,line=L,col=C,title=T::message`. A test whose only failures are
 * performance budgets gets `::warning` (the over-budget bucket). Values are escaped per GitHub's
 * rules: `%`, `\r`, `\n` in the message; also `:` and `,` in properties.
 *
 * A compliance result that carries its rule is titled with the rule id and severity
 * (`PROTO-001 (MUST) initialize ...`), its message ends with the rule line and spec URL, and a
 * failed rule is `::error` for MUST, `::warning` for SHOULD, `::notice` for MAY (a result that
 * reached no verdict stays `::error`).
 *
 * A budget that could not apply (a header budget on a stdio server) gets a `::notice` titled
 * `budget skipped: <test>` with its reason. Control characters in any value show as `\uXXXX`, so
 * each command is exactly one line and cannot colour or rewrite the log.
 */
export function renderAnnotations(record: RunRecord): string {
  let out = "";
  for (const test of record.tests) {
    for (const b of skippedBudgets(test)) {
      const props = [
        `file=${escapeProperty(test.file)}`,
        `line=${b.line || test.line}`,
        `col=${b.line ? b.col : test.col}`,
        `title=${escapeProperty(`budget skipped: ${test.name}`)}`,
      ].join(",");
      out += `::notice ${props}::${escapeData(skippedBudgetText(b))}\n`;
    }
    const outcome = outcomeOf(test);
    if (outcome === "pass" || outcome === "skip") continue;
    const rule = failingRule(test);
    const command = outcome === "budget"
      ? "warning"
      : rule && outcome === "fail"
      ? annotationCommand(rule)
      : "error";
    const { line, col } = failureLocation(test);
    const name = rule ? ruleTitle(rule, test.name) : test.name;
    const title = outcome === "budget" ? `over budget: ${name}` : name;
    const detail = rule ? `${failureDetail(test)}\n\n${ruleLine(rule)}` : failureDetail(test);
    const props = [
      `file=${escapeProperty(test.file)}`,
      `line=${line}`,
      `col=${col}`,
      `title=${escapeProperty(title)}`,
    ].join(",");
    out += `::${command} ${props}::${escapeData(detail)}\n`;
  }
  return out;
}

/**
 * Escape a workflow command message (GitHub's `escapeData`: `%`, CR, LF), then show any other
 * control character as `\uXXXX`.
 */
export function escapeData(text: string): string {
  return escapeControls(
    text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A"),
  );
}

/** Escape a workflow command property value (GitHub's `escapeProperty`). */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}
