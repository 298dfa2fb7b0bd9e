/** @module `deno task bench`: mcptest against baselines measured in the same run, reported as ratios. */

import { join } from "node:path";
import { benchComplianceSpeed } from "./compliance_speed.ts";
import { benchConformancePeer } from "./conformance_peer.ts";
import { benchReplaySpeed } from "./replay_speed.ts";
import { echoSuiteText, itemsServer, median } from "./echo_suite.ts";
import { measureDeno, type ProcessStats } from "./process_stats.ts";

const ROOT = new URL("..", import.meta.url).pathname;
/** Tests of the runner-vs-raw comparison (the goals are stated for 10,000). */
const TESTS = Number(Deno.env.get("BENCH_TESTS") ?? 10_000);
const ROUNDS = Number(Deno.env.get("BENCH_ROUNDS") ?? 3);
/** Tests of the single large run whose peak RSS is checked (0 skips it). */
const LARGE = Number(Deno.env.get("BENCH_LARGE") ?? 50_000);
const TIME_TARGET = 1.5;
const SERVER = itemsServer(ROOT);
/**
 * `deno <CLI> run ...` runs mcptest the way `deno task mcptest` does: the same permissions and
 * runtime flags (read from deno.json, so the bench measures what the documented command runs).
 */
const CLI = taskArgs("mcptest").map((arg) => arg === "cli.ts" ? join(ROOT, "cli.ts") : arg);

/** The arguments after `deno` of a deno.json task (a plain `deno ...` command line). */
function taskArgs(name: string): string[] {
  const config = JSON.parse(Deno.readTextFileSync(join(ROOT, "deno.json")));
  const command = String(config.tasks[name].command ?? config.tasks[name]);
  const words = command.split(/\s+/);
  if (words[0] !== "deno") throw new Error(`task ${name} is not a plain deno command: ${command}`);
  return words.slice(1);
}

/** Write a suite of `count` echo tests against the example server. */
async function writeSuite(dir: string, count: number): Promise<string> {
  const file = join(dir, "bench.yml");
  // The raw client speaks 2025-11-25 (initialize handshake): compare like with like.
  const text = echoSuiteText(SERVER, count, {
    protocolVersion: "2025-11-25",
    matcher: "contains-all",
  });
  await Deno.writeTextFile(file, text);
  return file;
}

async function timeCommand(args: string[], cwd: string): Promise<{ ms: number; code: number }> {
  const { ms, code } = await measureDeno(args, cwd);
  return { ms, code };
}

const RAW = ["run", "--allow-run", "--allow-read", join(ROOT, "bench/raw_client_main.ts")];
const mib = (value: number | undefined) => value === undefined ? "n/a" : `${value.toFixed(0)} MiB`;
const verdict = (ok: boolean) => ok ? "OK" : "OVER";

/** mcptest run vs the raw client, each its own process: wall-time ratio and peak RSS of both. */
async function runnerVsRaw(dir: string, count: number, rounds: number, rssTarget: number) {
  const suite = await writeSuite(dir, count);
  console.log(`runner vs raw JSON-RPC client: ${count} tools/call over stdio, example server`);
  // Alternate the two, `rounds` times each, and compare medians: one noisy sample decides nothing.
  const raws: ProcessStats[] = [];
  const runs: ProcessStats[] = [];
  for (let round = 0; round < rounds; round++) {
    const raw = await measureDeno([...RAW, String(count), "--", ...SERVER], ROOT);
    if (raw.code !== 0) throw new Error(`raw client exited ${raw.code}`);
    raws.push(raw);
    const runner = await measureDeno(
      [...CLI, "run", suite, "--reporter", "json", "--output", join(dir, "run.json")],
      ROOT,
    );
    if (runner.code !== 0) throw new Error(`mcptest run exited ${runner.code}`);
    runs.push(runner);
  }
  const raw = median(raws.map((r) => r.ms));
  const runner = median(runs.map((r) => r.ms));
  const rawRss = median(raws.map((r) => r.peakRssMiB ?? 0));
  const runnerRss = Math.max(...runs.map((r) => r.peakRssMiB ?? 0));
  const ratio = runner / raw;
  console.log(`  raw client   ${raw.toFixed(0)} ms, peak RSS ${mib(rawRss)} (median of ${rounds})`);
  console.log(
    `  mcptest run  ${runner.toFixed(0)} ms, peak RSS ${mib(runnerRss)} (median of ${rounds}; ` +
      "includes CLI start-up and load; RSS: the highest of the rounds)",
  );
  console.log(
    `  ratio        ${ratio.toFixed(2)}x  (target <= ${TIME_TARGET}x) ${
      verdict(ratio <= TIME_TARGET)
    }`,
  );
  console.log(
    `  peak RSS     ${mib(runnerRss)}  (target <= ${rssTarget} MiB) ${
      verdict(runnerRss <= rssTarget)
    }`,
  );
}

/** Peak RSS of one large run (no baseline: the target is absolute). */
async function largeRun(dir: string, count: number, rssTarget: number) {
  const suite = await writeSuite(dir, count);
  const run = await measureDeno(
    [...CLI, "run", suite, "--reporter", "json", "--output", join(dir, "run.json")],
    ROOT,
  );
  if (run.code !== 0) throw new Error(`mcptest run exited ${run.code}`);
  console.log(
    `mcptest run, ${count} tests: ${run.ms.toFixed(0)} ms, peak RSS ${mib(run.peakRssMiB)}`,
  );
  const rss = run.peakRssMiB ?? 0;
  console.log(
    `  peak RSS     ${mib(rss)}  (target <= ${rssTarget} MiB) ${verdict(rss <= rssTarget)}`,
  );
}

async function main(): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-bench-" });
  try {
    await runnerVsRaw(dir, TESTS, ROUNDS, 150);
    if (LARGE > 0) await largeRun(dir, LARGE, 400);

    const baseline: number[] = [];
    const version: number[] = [];
    for (let i = 0; i < 7; i++) {
      baseline.push((await timeCommand(["eval", ""], ROOT)).ms);
      version.push((await timeCommand([...CLI, "--version"], ROOT)).ms);
    }
    const v = median(version), b = median(baseline);
    console.log("mcptest --version wall time (median of 7)");
    console.log(`  deno eval "" ${b.toFixed(0)} ms (runtime start-up baseline)`);
    console.log(
      `  --version    ${v.toFixed(0)} ms (target < 60 ms) ${v < 60 ? "OK" : "OVER"}; ratio ${
        (v / b).toFixed(2)
      }x`,
    );
    if (Deno.env.get("BENCH_SKIP_PEER") !== "1") {
      await benchConformancePeer(ROOT, CLI);
      await benchComplianceSpeed(ROOT, CLI);
    }
    await benchReplaySpeed(ROOT);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

await main();
