/** @module The `llm-judge:` and `llm-jury:` matcher arguments: read and checked at LOAD (a model answers them at EXECUTE, through `MatchContext.judge`). */

import { didYouMean } from "../0_base/util/suggest.ts";

/** The model-graded matchers. */
export const JUDGE_MATCHER_NAMES: readonly string[] = ["llm-judge", "llm-jury"];

/** `llm-judge:` as written. */
export interface JudgeSpec {
  /** The quality bar, in words. */
  readonly rubric: string;
  /** Model as written (`claude-sonnet-4-5`, `anthropic/claude-opus-4-7`, or `{provider, id}`). */
  readonly model: unknown;
  /** Minimum score to pass (default 0.5). */
  readonly passThreshold: number;
}

/** `llm-jury:` as written. */
export interface JurySpec {
  /** The quality bar, in words. */
  readonly rubric: string;
  /** The jurors' models as written. */
  readonly models: readonly unknown[];
  /** `majority` (default): more pass verdicts than fail; `unanimous`: every juror passes; `mean`: mean score ≥ threshold. */
  readonly aggregation: "majority" | "unanimous" | "mean";
  /** Minimum score of a passing juror (and of the mean, for `mean`); default 0.5. */
  readonly passThreshold: number;
}

const OPTIONS: Readonly<Record<string, readonly string[]>> = {
  "llm-judge": ["rubric", "model", "pass_threshold"],
  "llm-jury": ["rubric", "models", "aggregation", "pass_threshold"],
};

/**
 * Read a judge matcher's argument.
 * @throws {Error} a malformed argument (message only; the caller positions it)
 */
export function parseJudge(name: string, arg: unknown): JudgeSpec | JurySpec {
  if (arg === null || typeof arg !== "object" || Array.isArray(arg)) {
    throw new Error(`${name} needs an object such as { rubric: "...", ${modelKey(name)}: ... }`);
  }
  const a = arg as Record<string, unknown>;
  const allowed = OPTIONS[name] ?? [];
  const extra = Object.keys(a).find((k) => !allowed.includes(k));
  if (extra !== undefined) {
    throw new Error(
      `${name} has unknown option "${extra}", expected: ${allowed.join(", ")}${
        didYouMean(extra, allowed)
      }`,
    );
  }
  if (typeof a.rubric !== "string" || a.rubric.trim() === "") {
    throw new Error(`${name} needs rubric: (the quality bar, in words)`);
  }
  const threshold = a.pass_threshold ?? 0.5;
  if (typeof threshold !== "number" || threshold < 0 || threshold > 1) {
    throw new Error(`${name} pass_threshold must be a number from 0 to 1`);
  }
  if (name === "llm-judge") {
    if (a.model === undefined) throw new Error("llm-judge needs model:");
    checkModel(name, a.model);
    return { rubric: a.rubric, model: a.model, passThreshold: threshold };
  }
  if (!Array.isArray(a.models) || a.models.length === 0) {
    throw new Error("llm-jury needs models: (a list of at least one model)");
  }
  a.models.forEach((m) => checkModel(name, m));
  const aggregation = a.aggregation ?? "majority";
  if (aggregation !== "majority" && aggregation !== "unanimous" && aggregation !== "mean") {
    throw new Error(
      `llm-jury aggregation must be majority, unanimous or mean, got ${
        JSON.stringify(aggregation)
      }`,
    );
  }
  return { rubric: a.rubric, models: a.models, aggregation, passThreshold: threshold };
}

function modelKey(name: string): string {
  return name === "llm-jury" ? "models" : "model";
}

/** A model as written: a non-empty string or `{provider, id}`. */
function checkModel(name: string, model: unknown): void {
  if (typeof model === "string" && model !== "") return;
  const m = model as Record<string, unknown> | null;
  const named = m !== null && typeof m === "object" && !Array.isArray(m) &&
    typeof m.provider === "string" && typeof m.id === "string" &&
    Object.keys(m).every((k) => k === "provider" || k === "id");
  if (!named) {
    throw new Error(
      `${name} model ${
        JSON.stringify(model)
      }: expected a model id (claude-sonnet-4-5, anthropic/claude-opus-4-7) or { provider: <name>, id: <model> }`,
    );
  }
}

/** The key a judge model is resolved under at LOAD (and looked up under at EXECUTE). */
export function judgeKey(written: unknown): string {
  return typeof written === "string" ? written : JSON.stringify(written);
}

/** The models a judge spec names, as written (one for `llm-judge`, the jurors for `llm-jury`). */
export function judgeModels(spec: JudgeSpec | JurySpec): readonly unknown[] {
  return "model" in spec ? [spec.model] : spec.models;
}

/**
 * The judge matchers a matcher spec holds, itself or nested in `not`. A spec whose judge argument does not parse is skipped (compiling it reports the problem).
 */
export function judgeSpecsOf(
  spec: { readonly name: string; readonly arg: unknown },
): Array<JudgeSpec | JurySpec> {
  if (JUDGE_MATCHER_NAMES.includes(spec.name)) {
    try {
      return [parseJudge(spec.name, spec.arg)];
    } catch {
      return [];
    }
  }
  const arg = spec.arg;
  if (spec.name !== "not" || arg === null || typeof arg !== "object" || Array.isArray(arg)) {
    return [];
  }
  return Object.entries(arg).flatMap(([name, inner]) => judgeSpecsOf({ name, arg: inner }));
}

/** Whether any of these assertions grades with `llm-judge` or `llm-jury` (nested in `not` included). */
export function usesJudge(
  assertions: ReadonlyArray<{ readonly matcher: { readonly name: string; readonly arg: unknown } }>,
): boolean {
  return assertions.some((a) => judgeSpecsOf(a.matcher).length > 0);
}
