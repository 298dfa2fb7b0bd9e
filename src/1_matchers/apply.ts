/** @module Applies a compiled matcher to a target path of a response, a missing target included. */

import { resolveTarget, type TargetPath } from "./target_path.ts";
import type { MatchContext, Matcher, MatchOutcome, MissingTarget } from "./types.ts";

/**
 * Resolve `path` against `root` and judge the value with `matcher`. When the path does not
 * resolve, the matcher's own `matchMissing` decides (`absent` passes, `not` inverts); a matcher
 * without one fails with where the path stopped.
 */
export async function matchTarget(
  matcher: Matcher,
  root: unknown,
  path: TargetPath,
  context: MatchContext,
): Promise<MatchOutcome> {
  const found = resolveTarget(root, path);
  if (found.found) return await matcher.match(found.value, context);
  return matchMissing(matcher, { missingAt: found.missingAt, reason: found.reason });
}

/** The verdict of `matcher` on a target that does not resolve. */
export function matchMissing(matcher: Matcher, missing: MissingTarget): MatchOutcome {
  if (matcher.matchMissing) return matcher.matchMissing(missing);
  return {
    pass: false,
    expected: expectedOf(matcher),
    actual: "(missing)",
    message: missingMessage(missing),
  };
}

/** What a matcher expects, for lines that have no value to show (falls back to its name). */
export function expectedOf(matcher: Matcher): string {
  return matcher.expected ?? matcher.name;
}

/** `result.isError: no such key`. */
export function missingMessage(missing: MissingTarget): string {
  return `${missing.missingAt}: ${missing.reason}`;
}
