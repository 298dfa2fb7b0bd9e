/** @module EXECUTE, whole suite: `runSuite`, the pipeline `mcptest run` and the library share, as a sequence of named stages. */

import type { Suite } from "../../3_load/config/types.ts";
import type { RunRecord } from "../../4_record/run_record.ts";
import { agentsStage } from "./agents_stage.ts";
import { assembleRecord } from "./assemble_record.ts";
import { blocksStage, pendingBlocks } from "./blocks_stage.ts";
import { cacheStage } from "./cache_stage.ts";
import { executeStage } from "./execute_stage.ts";
import { finishStage } from "./finish_stage.ts";
import type { RunSuiteOptions } from "./options.ts";
import { redactOnce } from "./redact_once.ts";
import { openRun } from "./run_context.ts";
import { selectStage } from "./select_stage.ts";

export type { RunSuiteOptions } from "./options.ts";

/**
 * Run a loaded suite end to end: select its tests, serve what the result cache holds, run the
 * rest, its agents and its `compliance:` blocks, evaluate the blocks' gates, and return the
 * finished run record, redacted once. With `keepLastRun` and `captureFile` it also keeps the
 * `--last-failed` state and writes the capture file, and it names obsolete snapshots:
 * `mcptest run` is this call plus flags, output sinks and an exit code.
 *
 * @param suite what {@link loadSuite} returned
 * @returns the run record every reporter renders
 * @throws {ConfigError} a malformed grade baseline file or a bad matcher (before any server starts)
 * @example Run a suite and count failures
 * ```ts
 * import { loadSuite, runSuite } from "@mcptest/cli";
 *
 * const suite = await loadSuite({ paths: ["examples/getting-started.yml"], cwd: Deno.cwd() });
 * const record = await runSuite(suite);
 * console.log(record.summary.failed);
 * ```
 */
export async function runSuite(suite: Suite, options: RunSuiteOptions = {}): Promise<RunRecord> {
  const run = openRun(suite, options);
  const selected = await selectStage(run);
  const { toRun, cache } = await cacheStage(run, selected.tests);
  const pending = await pendingBlocks(run);
  const executed = await executeStage(run, toRun);
  const agents = await agentsStage(run, selected.tests);
  await run.cassettes.finish();
  const blocks = pending ? await blocksStage(run, pending) : undefined;
  const assembled = assembleRecord({
    executed,
    agents,
    replayed: run.cassettes.replayed,
    ...(blocks ? { blocks } : {}),
  });
  // The cache stores what the record holds: the redacted results (its hits were stored so).
  const record = await cache.complete(redactOnce(assembled, run.secrets), selected.tests);
  await finishStage(run, selected, record);
  return record;
}
