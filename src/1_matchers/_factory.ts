/** @module The shape of a matcher factory: validate the argument at load, return the run-time matcher. */

import type { MatcherSpec } from "./types.ts";
import { ConfigError } from "../0_base/errors/errors.ts";
import type { Matcher } from "./types.ts";

/** Compiles a nested matcher spec (for combinators such as `not`). */
export type CompileMatcher = (spec: MatcherSpec) => Matcher;

/** Builds a matcher from its YAML argument; throws a positioned ConfigError when the argument is bad. */
export type MatcherFactory = (arg: unknown, spec: MatcherSpec, compile: CompileMatcher) => Matcher;

/** A ConfigError for a bad matcher argument: `<name>: <what>, expected <what>`. */
export function badArg(spec: MatcherSpec, detail: string): ConfigError {
  return new ConfigError(`matcher "${spec.name}": ${detail}`, spec.pos);
}
