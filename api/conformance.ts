/**
 * Offline SEP conformance scoring (seed 002): corpus resolution (embedded, cache, directory),
 * {@link runConformance} (`mcptest conformance run` as one call), the probe types, results, the
 * tier and its badge, and the conformance reporters.
 *
 * @example Score counts into a tier
 * ```ts
 * import { scoreTier } from "@mcptest/cli/conformance";
 *
 * const tier = scoreTier({
 *   must: { passed: 3, total: 3 },
 *   should: { passed: 1, total: 1 },
 *   may: { passed: 0, total: 0 },
 * });
 * console.log(tier.tier);
 * ```
 *
 * @module
 */

export { resolveCorpus } from "../src/7_features/conformance/resolve_corpus.ts";
export type {
  ResolveCorpusOptions,
  ResolvedCorpus,
} from "../src/7_features/conformance/resolve_corpus.ts";
export type { EnvGetter } from "../src/7_features/conformance/corpus_cache/cache_dir.ts";
export { runConformance } from "../src/7_features/conformance/run_conformance.ts";
export type { Connect, RunInputOptions } from "../src/7_features/conformance/run_inputs.ts";
export type {
  CorpusChooser,
  RunConformanceOptions,
  RunCorpus,
} from "../src/7_features/conformance/run_conformance.ts";
export type {
  DpopCredentials,
  Probe,
  ProbeContext,
  ProbeOutcome,
  SafeTool,
} from "../src/7_features/conformance/probes/probe_types.ts";
export type {
  CheckedRequirement,
  CheckStatus,
  CorpusSource,
  ExcludedRequirement,
  Requirement,
  RequirementSeverity,
  SepCorpus,
  SepFile,
} from "../src/7_features/conformance/types.ts";
export type {
  CheckResult,
  ConformanceResult,
  ConformanceUnavailable,
  ExcludedResult,
  SepSummary,
  StatusCounts,
} from "../src/7_features/conformance/result.ts";
export { RevisionUnavailableError } from "../src/7_features/conformance/revision_unavailable.ts";
export { McptestError } from "../src/0_base/errors/errors.ts";
export { scoreTier } from "../src/7_features/conformance/tier.ts";
export type {
  Badge,
  SeverityCount,
  Tier,
  TierInput,
  TierResult,
} from "../src/7_features/conformance/tier.ts";
export { getConformanceReporter } from "../src/7_features/conformance/report/reporters.ts";
export type { ConformanceReporter } from "../src/7_features/conformance/report/reporters.ts";

// The shared types (suite, server, session, record, matcher, error).
export * from "./core_types.ts";
