/** @module Reads a test's `load:` block (docs/load.md): repetition, concurrency, warm-up, ramp and the distribution budgets. */

import { ConfigError, type SourcePos } from "../../0_base/errors/errors.ts";
import type { PathSegment, PositionLookup } from "../../0_base/yaml/yaml_source.ts";

/** The budgets a `load:` block can set on a test's latency distribution. */
export type LoadBudgetKind = "p95_ms" | "p99_ms" | "error_rate" | "min_throughput";

/** One distribution budget of a `load:` block. */
export interface LoadBudget {
  /** Which budget. */
  readonly kind: LoadBudgetKind;
  /** The limit: milliseconds, a share of calls (0..1), or calls per second. */
  readonly value: number;
  /** Where the budget was written. */
  readonly pos: SourcePos;
}

/** How a test runs under load: `repeat` calls (or for `durationMs`), `concurrency` in flight. */
export interface LoadSpec {
  /** Measured calls (warm-up excluded); absent when `durationMs` is set. */
  readonly repeat?: number;
  /** Keep calling for this long (milliseconds) instead of a count. */
  readonly durationMs?: number;
  /** Calls in flight at once; default 1. */
  readonly concurrency: number;
  /** Calls made first and not measured; default 0. */
  readonly warmUp: number;
  /** Milliseconds over which the workers start, evenly spaced; default 0 (all at once). */
  readonly rampMs: number;
  /** The distribution budgets, in declaration order. */
  readonly budgets: readonly LoadBudget[];
  /** Where `load:` was written. */
  readonly pos: SourcePos;
}

/** Measured calls when a `load:` block sets neither `repeat:` nor `duration:`. */
export const DEFAULT_REPEAT = 100;

/** The budget keys of a `load:` block, in the order they are reported. */
export const LOAD_BUDGET_KINDS: readonly LoadBudgetKind[] = [
  "p95_ms",
  "p99_ms",
  "error_rate",
  "min_throughput",
];

/**
 * Milliseconds of a duration written as a number (milliseconds) or `500ms`, `30s`, `2m`;
 * undefined when it is neither.
 */
export function loadDurationMs(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) && value >= 0 ? value : undefined;
  if (typeof value !== "string") return undefined;
  const match = /^(\d+(?:\.\d+)?)(ms|s|m)$/.exec(value.trim());
  if (!match) return undefined;
  const unit = match[2] === "ms" ? 1 : match[2] === "s" ? 1000 : 60_000;
  return Number(match[1]) * unit;
}

/**
 * The LoadSpec of a schema-valid `load:` value at `at`.
 * @throws {ConfigError} `repeat:` and `duration:` together, or a duration that cannot be read
 */
export function normalizeLoad(
  raw: Readonly<Record<string, unknown>>,
  at: readonly PathSegment[],
  positionOf: PositionLookup,
): LoadSpec {
  if (raw.repeat !== undefined && raw.duration !== undefined) {
    throw new ConfigError(
      "load: sets both repeat: and duration:; expected one of them (a count of calls, or a time)",
      positionOf([...at, "duration"], "key"),
    );
  }
  const durationMs = raw.duration === undefined
    ? undefined
    : durationAt(raw, "duration", at, positionOf);
  const rampMs = raw.ramp === undefined ? 0 : durationAt(raw, "ramp", at, positionOf);
  const budgets = LOAD_BUDGET_KINDS.filter((kind) => typeof raw[kind] === "number").map((kind) => ({
    kind,
    value: raw[kind] as number,
    pos: positionOf([...at, kind]),
  }));
  return {
    ...(durationMs === undefined
      ? { repeat: typeof raw.repeat === "number" ? raw.repeat : DEFAULT_REPEAT }
      : { durationMs }),
    concurrency: typeof raw.concurrency === "number" ? raw.concurrency : 1,
    warmUp: typeof raw.warm_up === "number" ? raw.warm_up : 0,
    rampMs,
    budgets,
    pos: positionOf(at),
  };
}

function durationAt(
  raw: Readonly<Record<string, unknown>>,
  key: string,
  at: readonly PathSegment[],
  positionOf: PositionLookup,
): number {
  const ms = loadDurationMs(raw[key]);
  if (ms === undefined || (key === "duration" && ms <= 0)) {
    throw new ConfigError(
      `invalid load ${key}: ${
        JSON.stringify(raw[key])
      }; expected milliseconds or a duration such as 500ms, 30s, 2m`,
      positionOf([...at, key]),
    );
  }
  return ms;
}
