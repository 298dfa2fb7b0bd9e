/** @module Spend caps: the per-test and per-suite `budget:` and `--max-cost`, checked before each model call. */

import { costUsd } from "../../3_load/config/model_prices.ts";
import type { ModelRef, SpendCaps } from "../../3_load/config/agent_types.ts";

/** A cap would be exceeded by the next call: the loop stops before making it. */
export class CostCapError extends Error {
  /** Which cap tripped. */
  readonly cap: "per_test_usd_cents" | "per_suite_usd_cents" | "--max-cost";
  constructor(cap: CostCapError["cap"], message: string) {
    super(message);
    this.name = "CostCapError";
    this.cap = cap;
  }
}

/** The suite's spending, shared by every agent row and judge of a run. */
export class SpendLedger {
  #suiteUsd = 0;
  #tripped: CostCapError | undefined;
  readonly #caps: SpendCaps;
  readonly #maxCostUsd: number | undefined;

  /** @param maxCostUsd `--max-cost` in USD */
  constructor(caps: SpendCaps, maxCostUsd?: number) {
    this.#caps = caps;
    this.#maxCostUsd = maxCostUsd;
  }

  /** USD spent so far. */
  get suiteUsd(): number {
    return this.#suiteUsd;
  }

  /** The first cap that tripped, if any. */
  get tripped(): CostCapError | undefined {
    return this.#tripped;
  }

  /** Whether any cap is set (then every paid model needs a known price). */
  get capped(): boolean {
    return this.#caps.perTestUsdCents !== undefined ||
      this.#caps.perSuiteUsdCents !== undefined || this.#maxCostUsd !== undefined;
  }

  /**
   * Check a paid call before it is made: its most expensive outcome (the input estimate plus
   * `maxOutputTokens` of output) must fit under every cap.
   * @param testUsd what this test (row) has spent so far
   * @throws {CostCapError} the call could exceed a cap (the ledger remembers it)
   */
  beforeCall(model: ModelRef, testUsd: number, inputTokens: number, maxOutputTokens: number): void {
    if (!this.capped) return;
    if (!model.price) {
      throw this.#trip(
        this.#maxCostUsd !== undefined ? "--max-cost" : "per_suite_usd_cents",
        `no price is known for model "${model.label}", so the spend cap cannot be enforced; add providers.${model.provider}.prices["${model.id}"]`,
      );
    }
    const next = costUsd(model.price, { input: inputTokens, output: maxOutputTokens });
    const show = (usd: number) => `${(usd * 100).toFixed(4)}¢`;
    const test = this.#caps.perTestUsdCents;
    if (test !== undefined && (testUsd + next) * 100 > test) {
      throw this.#trip(
        "per_test_usd_cents",
        `budget per_test_usd_cents ${test} would be exceeded: spent ${
          show(testUsd)
        }, the next call may cost up to ${show(next)}; stopped before calling ${model.label}`,
      );
    }
    const suite = this.#caps.perSuiteUsdCents;
    if (suite !== undefined && (this.#suiteUsd + next) * 100 > suite) {
      throw this.#trip(
        "per_suite_usd_cents",
        `budget per_suite_usd_cents ${suite} would be exceeded: the suite spent ${
          show(this.#suiteUsd)
        }, the next call may cost up to ${show(next)}; stopped before calling ${model.label}`,
      );
    }
    if (this.#maxCostUsd !== undefined && this.#suiteUsd + next > this.#maxCostUsd) {
      throw this.#trip(
        "--max-cost",
        `--max-cost ${this.#maxCostUsd} USD would be exceeded: the suite spent ${
          show(this.#suiteUsd)
        }, the next call may cost up to ${show(next)}; stopped before calling ${model.label}`,
      );
    }
  }

  /** Book a call's actual cost. */
  afterCall(usd: number): void {
    this.#suiteUsd += usd;
  }

  #trip(cap: CostCapError["cap"], message: string): CostCapError {
    const error = new CostCapError(cap, message);
    this.#tripped ??= error;
    return error;
  }
}
