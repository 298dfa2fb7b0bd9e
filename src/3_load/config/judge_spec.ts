/** @module The `llm-judge:` and `llm-jury:` matcher arguments, read and checked at LOAD (the judges run in EXECUTE). */

/** `llm-judge:` as written. */
export interface JudgeSpec {
  readonly rubric: string;
  /** Model as written (string or `{provider, id}`). */
  readonly model: unknown;
  /** Minimum score to pass (default 0.5). */
  readonly passThreshold: number;
}

/** `llm-jury:` as written. */
export interface JurySpec {
  readonly rubric: string;
  readonly models: readonly unknown[];
  /** `majority` (default): more pass verdicts than fail; `unanimous`: every juror passes; `mean`: mean score ≥ threshold. */
  readonly aggregation: "majority" | "unanimous" | "mean";
  readonly passThreshold: number;
}

/**
 * Read a judge matcher's argument.
 * @throws {Error} a malformed argument (message only; the caller positions it)
 */
export function parseJudge(name: string, arg: unknown): JudgeSpec | JurySpec {
  const a = (arg ?? {}) as Record<string, unknown>;
  if (typeof a.rubric !== "string" || a.rubric.trim() === "") {
    throw new Error(`${name} needs rubric: (the quality bar, in words)`);
  }
  const threshold = a.pass_threshold ?? 0.5;
  if (typeof threshold !== "number" || threshold < 0 || threshold > 1) {
    throw new Error(`${name} pass_threshold must be a number from 0 to 1`);
  }
  const allowed = name === "llm-judge"
    ? ["rubric", "model", "pass_threshold"]
    : ["rubric", "models", "aggregation", "pass_threshold"];
  const extra = Object.keys(a).find((k) => !allowed.includes(k));
  if (extra) {
    throw new Error(`${name} has unknown option "${extra}", expected: ${allowed.join(", ")}`);
  }
  if (name === "llm-judge") {
    if (a.model === undefined) throw new Error("llm-judge needs model:");
    return { rubric: a.rubric, model: a.model, passThreshold: threshold };
  }
  if (!Array.isArray(a.models) || a.models.length === 0) {
    throw new Error("llm-jury needs models: (a list of at least one model)");
  }
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

/** The key a judge model is resolved under at LOAD. */
export function judgeKey(written: unknown): string {
  return typeof written === "string" ? written : JSON.stringify(written);
}
