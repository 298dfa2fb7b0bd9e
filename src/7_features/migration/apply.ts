/** @module Apply a file's migration: rewrite safe tokens and add TODO comments, touching nothing else. */

import { migrationEntry } from "./corpus.ts";
import type { Hit } from "./types.ts";

/** The marker every migrate comment starts with. */
export const TODO_MARKER = "# TODO(mcptest-migrate):";

/** One planned change of a file. */
export interface PlannedChange {
  /** The legacy token found, and where. */
  readonly hit: Hit;
  /** Add a TODO comment above the hit (false when the line above already has one for this rule). */
  readonly annotate: boolean;
  /** Rewrite the token (a safe one-to-one replacement). */
  readonly rewrite: boolean;
}

/**
 * The changes `hits` call for in `text`: a hit whose rule already has a TODO comment on the line
 * above is not annotated again, and a hit needing neither a comment nor a rewrite is dropped.
 * This is what makes `migrate --write` idempotent.
 */
export function planChanges(text: string, hits: readonly Hit[]): PlannedChange[] {
  const changes: PlannedChange[] = [];
  const seen = new Set<string>();
  for (const hit of hits) {
    const key = `${hit.anchor}:${hit.rule}`;
    const annotate = !seen.has(key) && !annotatedAbove(text, hit.anchor, hit.rule);
    seen.add(key);
    const rewrite = hit.rewrite !== undefined;
    if (annotate || rewrite) changes.push({ hit, annotate, rewrite });
  }
  return changes;
}

/**
 * The new text: each rewrite replaces exactly its token, each TODO comment is a new line above
 * its anchor line with that line's indentation and line ending. Every other byte is kept.
 */
export function applyChanges(text: string, changes: readonly PlannedChange[]): string {
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const edits: Array<{ start: number; end: number; text: string; order: number }> = [];
  changes.forEach((change, order) => {
    const { hit } = change;
    if (change.rewrite && hit.rewrite) edits.push({ ...hit.rewrite, order });
    if (change.annotate) {
      const indent = /^[ \t]*/.exec(text.slice(hit.anchor))?.[0] ?? "";
      edits.push({
        start: hit.anchor,
        end: hit.anchor,
        text: `${indent}${todoComment(hit)}${eol}`,
        order,
      });
    }
  });
  edits.sort((a, b) => b.start - a.start || b.order - a.order);
  let out = text;
  for (const edit of edits) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}

/** The comment text for a hit (without indentation). */
export function todoComment(hit: Hit): string {
  const entry = migrationEntry(hit.rule);
  const what = hit.rewrite ? `${hit.summary} (rewritten)` : hit.summary;
  return `${TODO_MARKER} ${hit.rule}: ${what}; ${entry?.guidance ?? ""}`.trimEnd();
}

function annotatedAbove(text: string, anchor: number, rule: string): boolean {
  if (anchor === 0) return false;
  const previousEnd = text[anchor - 2] === "\r" ? anchor - 2 : anchor - 1;
  const previousStart = text.lastIndexOf("\n", previousEnd - 1) + 1;
  const line = text.slice(previousStart, previousEnd).trim();
  if (line.startsWith(`${TODO_MARKER} ${rule}:`)) return true;
  // Several comments may stack above one line: look further up through TODO comments only.
  return line.startsWith(TODO_MARKER) && previousStart > 0 &&
    annotatedAbove(text, previousStart, rule);
}
