/** @module SEP-2549 probes: ttlMs and cacheScope on list and read results. */

import {
  fail,
  notVerified,
  pass,
  type Probe,
  type ProbeContext,
  type ProbeOutcome,
  type ProbeSet,
} from "./probe_types.ts";
import { asRecord, describe, hasCapability, lacks, resultOf } from "./_helpers.ts";
import { needsStateless } from "./_stateless.ts";

const LISTS = [
  ["tools", "tools/list"],
  ["prompts", "prompts/list"],
  ["resources", "resources/list"],
  ["resources", "resources/templates/list"],
] as const;

function hintsProblem(result: Record<string, unknown>): string | undefined {
  if (!("ttlMs" in result)) return "no ttlMs";
  if (!("cacheScope" in result)) return "no cacheScope";
  return undefined;
}

function listHints(capability: string, method: string): Probe {
  return async (ctx) => {
    const g = needsStateless(ctx);
    if (g) return g;
    if (!hasCapability(ctx, capability)) return lacks(capability);
    const exchange = await ctx.cached(method);
    const result = resultOf(exchange);
    if (!result) return notVerified(`${method}: ${describe(exchange)}`);
    const problem = hintsProblem(result);
    return problem
      ? fail(`${method} result has ${problem}`)
      : pass(`${method} carries ttlMs and cacheScope`);
  };
}

/** The first resource URI, or an outcome. */
async function firstResource(ctx: ProbeContext): Promise<string | ProbeOutcome> {
  const result = resultOf(await ctx.cached("resources/list"));
  const uri = Array.isArray(result?.resources) ? asRecord(result.resources[0])?.uri : undefined;
  return typeof uri === "string" ? uri : notVerified("resources/list lists no resource to read");
}

/** Every result carrying hints: discover plus the advertised lists (and one read). */
async function hintedResults(ctx: ProbeContext): Promise<Array<[string, Record<string, unknown>]>> {
  const results: Array<[string, Record<string, unknown>]> = [];
  const methods = [
    "server/discover",
    ...LISTS.filter(([c]) => hasCapability(ctx, c)).map(([, m]) => m),
  ];
  for (const method of methods) {
    const result = resultOf(await ctx.cached(method));
    if (result) results.push([method, result]);
  }
  return results;
}

/** Check id -> probe. */
export const sep2549: ProbeSet = {
  probes: {
    "sep-2549-tools-list-caching-hints": listHints("tools", "tools/list"),
    "sep-2549-prompts-list-caching-hints": listHints("prompts", "prompts/list"),
    "sep-2549-resources-list-caching-hints": listHints("resources", "resources/list"),
    "sep-2549-resources-templates-list-caching-hints": listHints(
      "resources",
      "resources/templates/list",
    ),
    "sep-2549-resources-read-caching-hints": async (ctx) => {
      const g = needsStateless(ctx);
      if (g) return g;
      if (!hasCapability(ctx, "resources")) return lacks("resources");
      const uri = await firstResource(ctx);
      if (typeof uri !== "string") return uri;
      const exchange = await ctx.cached("resources/read", { uri });
      const result = resultOf(exchange);
      if (!result) return notVerified(`resources/read ${uri}: ${describe(exchange)}`);
      const problem = hintsProblem(result);
      return problem
        ? fail(`resources/read result has ${problem}`)
        : pass("resources/read carries ttlMs and cacheScope");
    },
    "sep-2549-ttl-non-negative": async (ctx) => {
      const g = needsStateless(ctx);
      if (g) return g;
      const seen = (await hintedResults(ctx)).filter(([, r]) => "ttlMs" in r);
      if (seen.length === 0) return notVerified("no result carried a ttlMs");
      const bad = seen.filter(([, r]) =>
        typeof r.ttlMs !== "number" || r.ttlMs < 0 || !Number.isFinite(r.ttlMs)
      );
      if (bad.length > 0) {
        return fail(bad.map(([m, r]) => `${m}: ttlMs ${JSON.stringify(r.ttlMs)}`).join("; "));
      }
      return pass(`${seen.length} ttlMs value(s) are >= 0`);
    },
    "sep-2549-cache-scope-valid": async (ctx) => {
      const g = needsStateless(ctx);
      if (g) return g;
      const seen = (await hintedResults(ctx)).filter(([, r]) => "cacheScope" in r);
      if (seen.length === 0) return notVerified("no result carried a cacheScope");
      const bad = seen.filter(([, r]) => r.cacheScope !== "public" && r.cacheScope !== "private");
      if (bad.length > 0) {
        return fail(
          bad.map(([m, r]) => `${m}: cacheScope ${JSON.stringify(r.cacheScope)}`).join("; "),
        );
      }
      return pass(`${seen.length} cacheScope value(s) are public or private`);
    },
  },
};
