/** @module Renders a DiffResult as pretty text, JSON or Markdown (formats.ts maps the names). */

import type { Styler } from "../../0_base/util/ansi.ts";
import {
  escapeControls,
  inlineCode,
  markdownCell,
  neutralizeCommands,
  safeJson,
} from "../../0_base/util/escape.ts";
import { breakingCount } from "./compare.ts";
import { CATEGORIES, type Category, type Change, type DiffResult } from "./types.ts";

const HEADINGS: Readonly<Record<Category, string>> = {
  tool: "tools",
  resource: "resources",
  resource_template: "resource templates",
  prompt: "prompts",
};

function where(change: Change): string {
  return change.path === "" ? change.item : `${change.item} ${change.path}`;
}

/**
 * The verdict without changes: "no changes", or, when kinds were skipped, how much was compared
 * (a diff with every kind skipped is refused before it is rendered: nothing could be compared).
 */
function noChanges(result: DiffResult): string {
  if (result.skipped.length === 0) return "no changes";
  const compared = CATEGORIES.length - result.skipped.length;
  return `no changes in the ${compared} of ${CATEGORIES.length} kinds compared (${result.skipped.length} skipped)`;
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function summary(result: DiffResult): string {
  const breaking = breakingCount(result);
  const other = result.changes.length - breaking;
  return `${breaking} breaking, ${other} non-breaking`;
}

/** Pretty text: one line per change grouped by category, then a summary line. */
export function renderPretty(result: DiffResult, style: Styler): string {
  const lines: string[] = [
    `${style.bold("diff")} ${escapeControls(result.old)} -> ${escapeControls(result.new)}`,
  ];
  for (const category of CATEGORIES) {
    const changes = result.changes.filter((c) => c.category === category);
    if (changes.length === 0) continue;
    lines.push("", style.bold(HEADINGS[category]));
    for (const change of changes) {
      const tag = change.breaking ? style.red("BREAKING") : style.green("ok      ");
      lines.push(`  ${tag}  ${escapeControls(where(change))}: ${escapeControls(change.message)}`);
    }
  }
  for (const skip of result.skipped) {
    lines.push(
      "",
      style.yellow(`skipped ${HEADINGS[skip.category]}: ${escapeControls(skip.reason)}`),
    );
  }
  lines.push("", result.changes.length === 0 ? noChanges(result) : summary(result));
  return neutralizeCommands(lines.join("\n") + "\n");
}

/** The JSON document: labels, counts, every change and every skipped category. */
export function renderJson(result: DiffResult): string {
  const breaking = breakingCount(result);
  const value = {
    old: result.old,
    new: result.new,
    breaking,
    non_breaking: result.changes.length - breaking,
    changes: result.changes,
    skipped: result.skipped,
  };
  return safeJson(JSON.stringify(value, null, 2)) + "\n";
}

/** A Markdown section (for a PR comment or `$GITHUB_STEP_SUMMARY`): a table of changes. */
export function renderMarkdown(result: DiffResult): string {
  const lines = [
    `## Tool-surface diff: ${summary(result)}`,
    "",
    `${inlineCode(result.old)} -> ${inlineCode(result.new)}`,
    "",
  ];
  if (result.changes.length === 0) lines.push(`${capitalized(noChanges(result))}.`, "");
  else {
    lines.push("| | kind | item | where | change |", "|---|---|---|---|---|");
    for (const c of result.changes) {
      lines.push(
        `| ${c.breaking ? "**breaking**" : "ok"} | ${HEADINGS[c.category]} | ${
          markdownCell(c.item)
        } | ${markdownCell(c.path)} | ${markdownCell(c.message)} |`,
      );
    }
    lines.push("");
  }
  for (const skip of result.skipped) {
    lines.push(`- skipped ${HEADINGS[skip.category]}: ${markdownCell(skip.reason)}`);
  }
  return neutralizeCommands(lines.join("\n").trimEnd() + "\n");
}
