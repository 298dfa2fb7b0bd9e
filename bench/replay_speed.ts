/** @module Bench: 1,000 recorded tests replayed from a cassette vs the same tests run live against the example server, in one process. */

import { join } from "node:path";
import { loadSuite } from "../src/3_load/config/load_suite.ts";
import { runSuite } from "../src/5_execute/suite/run_suite.ts";
import { echoSuiteText, itemsServer, median } from "./echo_suite.ts";

/** What {@link benchReplaySpeed} measured (medians, ms). */
export interface ReplaySpeed {
  readonly tests: number;
  readonly liveMs: number;
  readonly replayMs: number;
  /** liveMs / replayMs. */
  readonly ratio: number;
  /** Whether the goal holds: replay at least 5x faster than live. */
  readonly met: boolean;
}

/**
 * Record `count` echo tests against the example server (`--record`), then time `rounds` live runs
 * (`--live`: spawn, handshake, every call) and `rounds` replays of the cassette, interleaved, each
 * a whole `runSuite()` call in this process; print the medians and the ratio.
 * @throws {Error} when a run does not pass every test (a bench of failing runs measures nothing)
 */
export async function benchReplaySpeed(
  root: string,
  count = 1000,
  rounds = 5,
): Promise<ReplaySpeed> {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-replay-speed-" });
  try {
    await Deno.writeTextFile(
      join(dir, "bench.yml"),
      echoSuiteText(itemsServer(root), count, { matcher: "exact" }),
    );
    const suite = await loadSuite({ paths: ["bench.yml"], cwd: dir });
    const run = async (mode: "record" | "live" | "auto") => {
      const started = performance.now();
      const record = await runSuite(suite, { cwd: dir, cassettes: mode, ci: false });
      const ms = performance.now() - started;
      if (record.summary.passed !== count) {
        throw new Error(`replay bench: ${mode} run passed ${record.summary.passed} of ${count}`);
      }
      return ms;
    };
    await run("record");
    const live: number[] = [];
    const replay: number[] = [];
    for (let round = 0; round < rounds; round++) {
      live.push(await run("live"));
      replay.push(await run("auto"));
    }
    const liveMs = median(live);
    const replayMs = median(replay);
    const ratio = liveMs / Math.max(replayMs, 0.001);
    const result = { tests: count, liveMs, replayMs, ratio, met: ratio >= 5 };
    console.log(
      `replay vs live, ${count} recorded tests (median of ${rounds}): live ${
        liveMs.toFixed(0)
      } ms, ` +
        `replay ${replayMs.toFixed(0)} ms, ${ratio.toFixed(1)}x faster ` +
        `(goal >= 5x: ${result.met ? "met" : "NOT met"})`,
    );
    return result;
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

if (import.meta.main) {
  await benchReplaySpeed(new URL("..", import.meta.url).pathname);
}
