/** @module "Did you mean" for a mistyped name: the closest known name, when it is close enough. */

import distance from "leven";

/**
 * The known name closest to `word`, when it is a plausible typo of it: an edit distance of at most
 * a third of the longer word (at least 1, so `expcet` -> `expect`, `exactly` -> `exact`), or one
 * name being a prefix of the other with at most 3 characters more. Ties go to the earlier name.
 * @returns the suggestion, or undefined when nothing is close
 */
export function closestName(word: string, known: Iterable<string>): string | undefined {
  const lower = word.toLowerCase();
  let best: string | undefined;
  let bestScore = Infinity;
  for (const name of known) {
    if (name === word) return undefined;
    const other = name.toLowerCase();
    const d = distance(lower, other);
    const limit = Math.max(1, Math.floor(Math.max(lower.length, other.length) / 3));
    const prefix = lower.length >= 3 && other.length >= 3 &&
      (other.startsWith(lower) || lower.startsWith(other)) &&
      Math.abs(other.length - lower.length) <= 3;
    if ((d <= limit || prefix) && d < bestScore) {
      best = name;
      bestScore = d;
    }
  }
  return best;
}

/** `; did you mean "expect"?` for a close name, or "" (append it to an error message). */
export function didYouMean(word: string, known: Iterable<string>): string {
  const name = closestName(word, known);
  return name === undefined ? "" : `; did you mean "${name}"?`;
}
