/** @module A small line diff (LCS) between an expected and an actual value, for the html and markdown reporters. */

/** One line of a diff: kept (` `), only expected (`-`) or only actual (`+`). */
export interface DiffLine {
  /** Kept (` `), only in the expected value (`-`) or only in the actual one (`+`). */
  readonly op: " " | "-" | "+";
  /** The line, without its newline. */
  readonly text: string;
}

/** Above this many line pairs the diff is "all removed, then all added" (keeps rendering linear). */
const MAX_CELLS = 250_000;

/** Diff `expected` against `actual` line by line. */
export function lineDiff(expected: string, actual: string): DiffLine[] {
  const a = expected.split("\n");
  const b = actual.split("\n");
  if (a.length * b.length > MAX_CELLS) {
    return [
      ...a.map((text) => ({ op: "-" as const, text })),
      ...b.map((text) => ({ op: "+" as const, text })),
    ];
  }
  // lcs[i][j] = length of the longest common subsequence of a[i..] and b[j..].
  const lcs: number[][] = Array.from(
    { length: a.length + 1 },
    () => new Array(b.length + 1).fill(0),
  );
  for (let i = a.length - 1; i >= 0; i--) {
    const row = lcs[i]!, next = lcs[i + 1]!;
    for (let j = b.length - 1; j >= 0; j--) {
      row[j] = a[i] === b[j] ? next[j + 1]! + 1 : Math.max(next[j]!, row[j + 1]!);
    }
  }
  const out: DiffLine[] = [];
  let i = 0, j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push({ op: " ", text: a[i]! });
      i++, j++;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) {
      out.push({ op: "-", text: a[i++]! });
    } else {
      out.push({ op: "+", text: b[j++]! });
    }
  }
  while (i < a.length) out.push({ op: "-", text: a[i++]! });
  while (j < b.length) out.push({ op: "+", text: b[j++]! });
  return out;
}
