/**
 * @module How far a YAML document's aliases may expand it, shared by the fast path (which takes an
 * anchored document only when it is well within the limit) and the careful parser (which refuses
 * one past it, at the alias): docs/yaml-reference.md, reuse.
 */

/** Nodes aliases may add to a document beyond ten times the nodes written in it. */
export const EXPANSION_ALLOWANCE = 1_000_000;

/** The most nodes a document of `own` written nodes may hold with its aliases expanded. */
export function expansionLimit(own: number): number {
  return 10 * own + EXPANSION_ALLOWANCE;
}
