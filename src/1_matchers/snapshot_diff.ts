/** @module A JSON mismatch for people: the paths that changed, then a line diff of the pretty JSON. */

import { deepEqual } from "./_values.ts";
import { lineDiff } from "./line_diff.ts";

/** Paths (`a.b[2]`) where two JSON values differ, with how: changed, added (actual only), removed. */
export function changedPaths(
  stored: unknown,
  actual: unknown,
  at = "",
  out: string[] = [],
): string[] {
  if (out.length >= MAX_PATHS || deepEqual(stored, actual)) return out;
  const bothArrays = Array.isArray(stored) && Array.isArray(actual);
  const bothObjects = !bothArrays && isPlain(stored) && isPlain(actual);
  if (bothArrays) {
    const a = stored as unknown[], b = actual as unknown[];
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const p = `${at}[${i}]`;
      if (i >= a.length) out.push(`${p} (added)`);
      else if (i >= b.length) out.push(`${p} (removed)`);
      else changedPaths(a[i], b[i], p, out);
    }
  } else if (bothObjects) {
    const a = stored as Record<string, unknown>, b = actual as Record<string, unknown>;
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const p = at === "" ? key : `${at}.${key}`;
      if (!(key in a)) out.push(`${p} (added)`);
      else if (!(key in b)) out.push(`${p} (removed)`);
      else changedPaths(a[key], b[key], p, out);
    }
  } else out.push(`${at === "" ? "(the whole value)" : at} (changed)`);
  return out.slice(0, MAX_PATHS);
}

const MAX_PATHS = 20;
const CONTEXT_LINES = 2;

function isPlain(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/** The mismatch explained: the changed paths, then a line diff of the pretty JSON (`-` snapshot, `+` actual). */
export function snapshotDiff(path: string, stored: unknown, actual: unknown): string {
  const paths = changedPaths(stored, actual);
  const lines = [
    `snapshot ${path} differs at ${paths.length}${paths.length >= MAX_PATHS ? "+" : ""} path${
      paths.length === 1 ? "" : "s"
    }:`,
    ...paths.map((p) => `  ${p}`),
    "--- snapshot",
    "+++ actual",
  ];
  const diff = lineDiff(pretty(stored), pretty(actual));
  const near = diff.map((_, i) =>
    diff.slice(Math.max(0, i - CONTEXT_LINES), i + CONTEXT_LINES + 1).some((d) => d.op !== " ")
  );
  let skipped = false;
  diff.forEach((d, i) => {
    if (!near[i]) {
      if (!skipped) lines.push("  ...");
      skipped = true;
      return;
    }
    skipped = false;
    lines.push(`${d.op} ${d.text}`);
  });
  return lines.join("\n");
}

function pretty(value: unknown): string {
  return JSON.stringify(value ?? null, null, 2);
}
