/** @module How the runner hands a test to the load runner: the test's `load:`, else the run's `--repeat`. */

import { importLater } from "../../0_base/util/import_later.ts";
import type { Session } from "../../2_connect/session/types.ts";
import type { LoadSpec } from "../../3_load/config/load_block.ts";
import type { TestResult } from "../../4_record/run_record.ts";
import type { LoadRunner } from "../runner/run.ts";
import { notStarted } from "../runner/run_one.ts";

/** `--repeat N` with `--concurrency C`: the load every test without its own `load:` gets. */
export interface RunLoadDefaults {
  /** Measured calls per test. */
  readonly repeat: number;
  /** Calls in flight per test; default 1. */
  readonly concurrency?: number;
}

/** The load spec a run gives tests without a `load:` of their own (no budgets). */
export function defaultLoadSpec(defaults: RunLoadDefaults, pos: LoadSpec["pos"]): LoadSpec {
  return {
    repeat: defaults.repeat,
    concurrency: defaults.concurrency ?? 1,
    warmUp: 0,
    rampMs: 0,
    budgets: [],
    pos,
  };
}

/**
 * The runner's load hook: a test with `load:` (or every test, under `--repeat`) runs under load,
 * after the run's skip, `--bail` and `--timeout` checks; other tests are left to the runner.
 */
export function loadRunner(defaults?: RunLoadDefaults): LoadRunner {
  return {
    applies: (test) => test.test.load !== undefined || defaults !== undefined,
    run: async (session, prepared, options): Promise<TestResult> => {
      const early = notStarted(prepared, options.bail, options.deadline);
      if (early) return early;
      const spec = prepared.test.load ?? defaultLoadSpec(defaults!, prepared.test.pos);
      // Loaded when a test runs under load: a run without one never evaluates the histograms.
      const { runLoad } = await importLater<typeof import("./run_load.ts")>(
        import.meta.url,
        "./run_load.ts",
      );
      return await runLoad(session as Session, prepared, spec, options);
    },
  };
}
