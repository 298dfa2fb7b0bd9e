/** @module Target paths: `result.content[0].text`, `result["odd.key"]`, `items[-1]`, parsed once and resolved per response. */

/** One step of a path: an object key or an array index (negative counts from the end). */
export type PathSegment = { readonly key: string } | { readonly index: number };

/** A parsed target path. */
export interface TargetPath {
  /** The path as written. */
  readonly text: string;
  /** Its keys and indexes, in order. */
  readonly segments: readonly PathSegment[];
}

/** The outcome of resolving a path against a value. */
export type Resolution =
  | { readonly found: true; readonly value: unknown }
  | { readonly found: false; readonly missingAt: string; readonly reason: string };

const IDENT = /^[^.[\]"'\s]+/;

/** Paths parsed so far, by text: a suite repeats the same few targets over thousands of tests. */
const parsed = new Map<string, TargetPath>();
/** How many parsed paths are kept at most (past it the memo starts again: the result is the same). */
const MAX_KEPT_PATHS = 4096;

/**
 * Parse a target such as `result.content[0].text`. The same text gives the same (immutable)
 * path, parsed once.
 * @throws {Error} with the offset and what was expected, on a malformed path
 */
export function parseTarget(text: string): TargetPath {
  const known = parsed.get(text);
  if (known) return known;
  const path = parseTargetText(text);
  if (parsed.size >= MAX_KEPT_PATHS) parsed.clear();
  parsed.set(text, path);
  return path;
}

function parseTargetText(text: string): TargetPath {
  const segments: PathSegment[] = [];
  let rest = text.trim();
  if (rest === "") throw new Error("empty path, expected e.g. result.content[0].text");
  let expectKey = true;
  while (rest.length > 0) {
    const at = text.length - rest.length;
    if (rest.startsWith("[")) {
      const close = readBracket(rest, at);
      segments.push(close.segment);
      rest = rest.slice(close.length);
      expectKey = false;
      continue;
    }
    if (!expectKey) {
      if (!rest.startsWith(".")) {
        throw new Error(`unexpected "${rest[0]}" at offset ${at}, expected "." or "["`);
      }
      rest = rest.slice(1);
      expectKey = true;
      if (rest === "") throw new Error(`path ends with ".", expected a key after it`);
      continue;
    }
    const ident = IDENT.exec(rest);
    if (!ident) throw new Error(`unexpected "${rest[0]}" at offset ${at}, expected a key`);
    segments.push({ key: ident[0] });
    rest = rest.slice(ident[0].length);
    expectKey = false;
  }
  return Object.freeze({ text, segments: Object.freeze(segments) });
}

function readBracket(rest: string, at: number): { segment: PathSegment; length: number } {
  const quoted = /^\[\s*(["'])((?:\\.|(?!\1).)*)\1\s*\]/.exec(rest);
  if (quoted) {
    return { segment: { key: quoted[2]!.replace(/\\(.)/g, "$1") }, length: quoted[0].length };
  }
  const index = /^\[\s*(-?\d+)\s*\]/.exec(rest);
  if (index) return { segment: { index: Number(index[1]) }, length: index[0].length };
  throw new Error(`malformed index at offset ${at}, expected [N], [-N] or ["key"]`);
}

/** The roots a test's target may start at: the response (`result`) and, over HTTP, `http`. */
export const TEST_TARGET_ROOTS: readonly string[] = ["result", "http"];

/**
 * Why a parsed target can never resolve against a test's response (its first step is not one of
 * `roots`), with the likely fix; undefined when its root is fine.
 */
export function rootProblem(
  path: TargetPath,
  roots: readonly string[] = TEST_TARGET_ROOTS,
): string | undefined {
  const first = path.segments[0];
  if (first && "key" in first && roots.includes(first.key)) return undefined;
  const shown = first && "key" in first ? `"${first.key}"` : "an index";
  const listed = roots.map((r) => `${r}.`).join(" or ");
  let hint = "";
  if (first && "key" in first) {
    const close = roots.find((r) => closeTo(first.key, r));
    hint = close
      ? `; did you mean "${close}${path.text.trim().slice(first.key.length)}"?`
      : `; did you mean "${roots[0]}.${path.text.trim()}"?`;
  }
  return `starts at ${shown}, which a response never has; expected a path starting with ${listed}${hint}`;
}

/** A one-edit typo of a short root name (`reslt`, `resutl`, `htp`). */
function closeTo(word: string, root: string): boolean {
  if (word.toLowerCase() === root) return true;
  if (Math.abs(word.length - root.length) > 1) return false;
  const a = [...word.toLowerCase()].sort().join("");
  const b = [...root].sort().join("");
  if (a === b) return true;
  let i = 0, j = 0, edits = 0;
  while (i < word.length && j < root.length) {
    if (word[i]!.toLowerCase() === root[j]) {
      i++, j++;
      continue;
    }
    edits++;
    if (word.length > root.length) i++;
    else if (word.length < root.length) j++;
    else i++, j++;
  }
  return edits + (word.length - i) + (root.length - j) <= 1;
}

/** Render a path prefix (the first `count` segments) as text. */
function prefix(path: TargetPath, count: number): string {
  return path.segments.slice(0, count).reduce<string>((out, segment) => {
    if ("index" in segment) return `${out}[${segment.index}]`;
    return IDENT.test(segment.key) && IDENT.exec(segment.key)![0] === segment.key
      ? (out === "" ? segment.key : `${out}.${segment.key}`)
      : `${out}[${JSON.stringify(segment.key)}]`;
  }, "");
}

/** Resolve `path` against `root`; says where and why it stopped when a step is missing. */
export function resolveTarget(root: unknown, path: TargetPath): Resolution {
  let current: unknown = root;
  for (const [i, segment] of path.segments.entries()) {
    // Where it stopped (`prefix(path, i + 1)`) is rendered only when it stops.
    if ("index" in segment) {
      if (!Array.isArray(current)) {
        return {
          found: false,
          missingAt: prefix(path, i + 1),
          reason: `not an array (${kindOf(current)})`,
        };
      }
      const index = segment.index < 0 ? current.length + segment.index : segment.index;
      if (index < 0 || index >= current.length) {
        return {
          found: false,
          missingAt: prefix(path, i + 1),
          reason: `index out of range (length ${current.length})`,
        };
      }
      current = current[index];
      continue;
    }
    if (current === null || typeof current !== "object" || Array.isArray(current)) {
      return {
        found: false,
        missingAt: prefix(path, i + 1),
        reason: `not an object (${kindOf(current)})`,
      };
    }
    if (!Object.hasOwn(current, segment.key)) {
      return { found: false, missingAt: prefix(path, i + 1), reason: "no such key" };
    }
    current = (current as Record<string, unknown>)[segment.key];
  }
  return { found: true, value: current };
}

function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return value === undefined ? "missing" : typeof value;
}
