/** @module The one matcher registry: name -> factory; an unknown name is a load error listing the known ones. */

import type { MatcherSpec } from "./types.ts";
import { didYouMean } from "../0_base/util/suggest.ts";
import { ConfigError } from "../0_base/errors/errors.ts";
import type { MatcherFactory } from "./_factory.ts";
import { contains } from "./contains.ts";
import { exact, subset } from "./equality.ts";
import { isJson } from "./is_json.ts";
import { isValidToolsCall } from "./is_valid_tools_call.ts";
import { levenshtein } from "./levenshtein.ts";
import { llmJudge, llmJury } from "./llm_judge.ts";
import { not } from "./not.ts";
import { absent, exists } from "./presence.ts";
import { render } from "./_values.ts";
import { schema } from "./schema.ts";
import { snapshot } from "./snapshot.ts";
import { containsAll, containsAny, icontains, regex, startsWith } from "./strings.ts";
import type { Matcher } from "./types.ts";

const MATCHERS: Readonly<Record<string, MatcherFactory>> = {
  exact,
  schema,
  regex,
  contains,
  subset,
  "contains-all": containsAll,
  "contains-any": containsAny,
  icontains,
  "starts-with": startsWith,
  levenshtein,
  "is-json": isJson,
  "is-valid-tools-call": isValidToolsCall,
  snapshot,
  exists,
  absent,
  not,
  "llm-judge": llmJudge,
  "llm-jury": llmJury,
};

/** Names of every matcher (the deterministic ones, then the model-graded), in documentation order. */
export const MATCHER_NAMES: readonly string[] = Object.keys(MATCHERS);

/** The factory registered under `name`: own properties only (`constructor` is not a matcher). */
export function matcherFactory(name: string): MatcherFactory | undefined {
  return Object.hasOwn(MATCHERS, name) ? MATCHERS[name] : undefined;
}

/**
 * Compile a matcher spec: validates its argument now so a bad one fails the load (exit 2).
 * @throws {ConfigError} unknown matcher name or bad argument, positioned
 */
export function compileMatcher(spec: MatcherSpec): Matcher {
  const factory = matcherFactory(spec.name);
  if (!factory) {
    throw new ConfigError(
      `unknown matcher "${spec.name}", expected one of: ${MATCHER_NAMES.join(", ")}${
        didYouMean(spec.name, MATCHER_NAMES)
      }`,
      spec.pos,
    );
  }
  const matcher = factory(spec.arg, spec, compileMatcher);
  // Every matcher can say what it expects without a value (a missing target, a `not`).
  return matcher.expected !== undefined
    ? matcher
    : { ...matcher, expected: `${spec.name} ${render(spec.arg)}` };
}
