/** @module LOAD side of `capture:` (docs/captures.md): which `${name}` uses are captures, left for run time as plain-data markers. */

import { ConfigError, type SourcePos } from "../../0_base/errors/errors.ts";
import { parseTarget, rootProblem } from "../../1_matchers/target_path.ts";
import { setOwn } from "../../0_base/util/set_own.ts";
import { copyUpTo } from "./interpolate.ts";
import { VARIABLE_NAME } from "./variable_stack.ts";

/** The marker a capture use becomes at load: no `$`, so interpolation leaves it alone. */
const OPEN = "\u{F8FF}capture:";
const CLOSE = "\u{F8FF}";

/** A capture use as it reads after LOAD (`${id}` -> the marker); the runner substitutes it. */
export function captureMarker(name: string): string {
  return `${OPEN}${name}${CLOSE}`;
}

/** Matches one marker; group 1 is the capture name. */
export const CAPTURE_MARKER = /\u{F8FF}capture:([^\u{F8FF}]+)\u{F8FF}/gu;

/** A test's `capture:` as data: variable name -> target path (`result.structuredContent.id`). */
export type CaptureSpec = Readonly<Record<string, string>>;

/**
 * Check a test's `capture:` (names are variable names; targets are paths with a `result.` or
 * `http.` root) and return it as data.
 * @throws {ConfigError} at the capture's position
 */
export function normalizeCapture(raw: unknown, pos: (name: string) => SourcePos): CaptureSpec {
  const out: Record<string, string> = {};
  for (const [name, target] of Object.entries(raw as Record<string, unknown>)) {
    if (!VARIABLE_NAME.test(name)) {
      throw new ConfigError(
        `capture name "${name}" is not a variable name (letters, digits, _)`,
        pos(name),
      );
    }
    const text = String(target);
    let problem: string | undefined;
    try {
      problem = rootProblem(parseTarget(text));
    } catch (error) {
      problem = `is invalid: ${error instanceof Error ? error.message : String(error)}`;
    }
    if (problem) throw new ConfigError(`capture "${name}" target "${text}" ${problem}`, pos(name));
    out[name] = text;
  }
  return out;
}

/**
 * Replace `${name}` for each capture `name` (each name `isCapture` takes) in every string under
 * `value` with its marker, so interpolation leaves it for run time. `$${name}` (the escape) is
 * left as written.
 * @returns the value (copied where changed) and the capture names it uses
 */
export function deferCaptures(
  value: unknown,
  isCapture: (name: string) => boolean,
): { value: unknown; uses: Set<string> } {
  const uses = new Set<string>();
  const walk = (node: unknown): unknown => {
    if (typeof node === "string") {
      if (!node.includes("${")) return node;
      return node.replace(/(\$?)\$\{([^}]*)\}/g, (all, escape: string, name: string) => {
        if (escape === "$" || !isCapture(name.trim())) return all;
        uses.add(name.trim());
        return captureMarker(name.trim());
      });
    }
    if (node === null || typeof node !== "object") return node;
    // Copied only where a capture was deferred below: most of a test has none.
    if (Array.isArray(node)) {
      let items: unknown[] | undefined;
      for (let i = 0; i < node.length; i++) {
        const next = walk(node[i]);
        if (next !== node[i]) items ??= node.slice(0, i);
        items?.push(next);
      }
      return items ?? node;
    }
    const record = node as Record<string, unknown>;
    let out: Record<string, unknown> | undefined;
    const keys = Object.keys(record);
    for (let i = 0; i < keys.length; i++) {
      const next = walk(record[keys[i]!]);
      if (next !== record[keys[i]!]) out ??= copyUpTo(record, keys, i);
      if (out) setOwn(out, keys[i]!, next);
    }
    return out ?? node;
  };
  return { value: walk(value), uses };
}
