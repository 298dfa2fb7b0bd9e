/** @module LOAD side of `capture:` (docs/captures.md): which `${name}` uses are captures, left for run time as plain-data markers. */

import { ConfigError, type SourcePos } from "../../0_base/errors/errors.ts";
import { parseTarget, rootProblem } from "../../1_matchers/target_path.ts";
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
 * `text` with `${name}` replaced by its marker for each capture `name` that `isCapture` takes (so
 * interpolation leaves it for run time), each such name added to `uses`. `$${name}` (the escape)
 * is left as written. Interpolation calls it on each string that holds a `${`.
 */
export function deferCaptureUses(
  text: string,
  isCapture: (name: string) => boolean,
  uses: Set<string>,
): string {
  if (!text.includes("${")) return text;
  return text.replace(/(\$?)\$\{([^}]*)\}/g, (all, escape: string, name: string) => {
    if (escape === "$" || !isCapture(name.trim())) return all;
    uses.add(name.trim());
    return captureMarker(name.trim());
  });
}
