/** @module RequirementSeverity of a requirement from the first RFC 2119 keyword of its text. */

import type { RequirementSeverity } from "./types.ts";

const KEYWORDS =
  /\b(MUST NOT|MUST|SHALL NOT|SHALL|REQUIRED|SHOULD NOT|SHOULD|NOT RECOMMENDED|RECOMMENDED|MAY|OPTIONAL)\b/;

/**
 * The severity set by the first upper-case RFC 2119 keyword in `text`: MUST, MUST NOT, SHALL,
 * SHALL NOT, REQUIRED -> `must`; SHOULD, SHOULD NOT, RECOMMENDED, NOT RECOMMENDED -> `should`;
 * MAY, OPTIONAL -> `may`. A text with no keyword (an operative definition, as some upstream rows
 * are) counts as `must`.
 *
 * @example
 * ```ts
 * import { severityOf } from "./severity.ts";
 * severityOf("Servers SHOULD return -32602"); // "should"
 * ```
 */
export function severityOf(text: string): RequirementSeverity {
  const match = KEYWORDS.exec(text);
  const word = match?.[1];
  if (word === undefined) return "must";
  if (word.startsWith("SHOULD") || word.endsWith("RECOMMENDED")) return "should";
  if (word === "MAY" || word === "OPTIONAL") return "may";
  return "must";
}
