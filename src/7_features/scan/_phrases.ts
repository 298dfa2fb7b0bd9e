/** @module The phrase rules' engine: patterns over the normalised prose of an item, first match per pattern per field. */

import { findingAt } from "./_finding.ts";
import { excerpt, normalizeText } from "./evidence.ts";
import type { TextField } from "./text_fields.ts";
import type { Finding, ScanSeverity, SurfaceItem } from "./types.ts";

/** One pattern of a phrase rule. */
export interface Phrase {
  /** What it finds (a global, case-insensitive regular expression). */
  readonly pattern: RegExp;
  /** The severity of a match; a function grades it by the matched sentence. */
  readonly severity: ScanSeverity | ((sentence: string) => ScanSeverity);
  /** The finding's message. */
  readonly message: string;
}

/** The sentence around `[start, end)`: from the last `.`, `!`, `?` or newline before to the next after. */
export function sentenceAround(text: string, start: number, end: number): string {
  const before = text.slice(0, start);
  const from = Math.max(...[".", "!", "?", "\n"].map((c) => before.lastIndexOf(c))) + 1;
  const rest = text.slice(end).search(/[.!?\n](\s|$)/);
  return text.slice(from, rest === -1 ? text.length : end + rest + 1);
}

/** Findings of `rule` for each phrase that matches a prose field of `item`. */
export function phraseFindings(
  rule: string,
  phrases: readonly Phrase[],
  server: string,
  item: SurfaceItem,
  fields: readonly TextField[],
): Finding[] {
  const findings: Finding[] = [];
  for (const field of fields) {
    if (!field.prose) continue;
    const text = normalizeText(field.text);
    for (const phrase of phrases) {
      phrase.pattern.lastIndex = 0;
      const match = phrase.pattern.exec(text);
      if (!match) continue;
      const end = match.index + match[0].length;
      const severity = typeof phrase.severity === "function"
        ? phrase.severity(sentenceAround(text, match.index, end))
        : phrase.severity;
      findings.push(findingAt(
        server,
        item,
        field.path,
        rule,
        severity,
        phrase.message,
        excerpt(text, match.index, end),
      ));
    }
  }
  return findings;
}
