/**
 * @module `deno task bench`: mcptest on every suite shape against baselines measured in the same
 * run, printed as one table of ratios. `--smoke` runs small sizes (CI: ratios printed, never
 * asserted as timings). `--peer` adds the comparisons that download npm packages
 * (server-everything, the official conformance harness) in smoke mode; the full run always has them
 * unless BENCH_SKIP_PEER=1.
 */

import { join } from "node:path";
import { benchComplianceSpeed } from "./compliance_speed.ts";
import { benchConformancePeer } from "./conformance_peer.ts";
import { itemsServer, median } from "./echo_suite.ts";
import { measureDeno, type ProcessStats } from "./process_stats.ts";
import { LIST_SHAPES, type SuiteShape, writeShape, type WrittenSuite } from "./shapes.ts";
import { mib, ms, renderTable, type Row } from "./table.ts";

const ROOT = new URL("..", import.meta.url).pathname;
const SMOKE = Deno.args.includes("--smoke");
const PEER = !SMOKE ? Deno.env.get("BENCH_SKIP_PEER") !== "1" : Deno.args.includes("--peer");
/** The sizes of a full run (the goals are stated for them) and of a smoke run. */
const SIZE = SMOKE
  ? { big: 500, small: 100, large: 2_000, replay: 100, files: 10, rounds: 1, starts: 3 }
  : { big: 10_000, small: 1_000, large: 50_000, replay: 1_000, files: 100, rounds: 3, starts: 7 };
const SERVER = itemsServer(ROOT);
/**
 * `deno <CLI> ...` runs mcptest the way `deno task mcptest` does: the same permissions and runtime
 * flags (read from deno.json, so the bench measures what the documented command runs).
 */
const CLI = taskArgs("mcptest").map((arg) => arg === "cli.ts" ? join(ROOT, "cli.ts") : arg);
const RAW = ["run", "--allow-run", "--allow-read", join(ROOT, "bench/raw_client_main.ts")];

/** The arguments after `deno` of a deno.json task (a plain `deno ...` command line). */
function taskArgs(name: string): string[] {
  const config = JSON.parse(Deno.readTextFileSync(join(ROOT, "deno.json")));
  const command = String(config.tasks[name].command ?? config.tasks[name]);
  const words = command.split(/\s+/);
  if (words[0] !== "deno") throw new Error(`task ${name} is not a plain deno command: ${command}`);
  return words.slice(1);
}

/**
 * Where every measured process runs: a fresh folder of the bench's own (set by `main`). mcptest
 * keeps its result cache, its `--last-failed` state and its lock files under the working
 * directory; in the repository those hold whatever earlier work left (`deno task test` leaves
 * remembered failures there, which every run then folds its results into), so a run there would
 * measure that history, not the suite.
 */
let workDir = ROOT;

/** `deno <args>` measured; a crash or an unexpected exit code is no measurement. */
async function measured(args: string[], what: string, ok = [0]): Promise<ProcessStats> {
  const stats = await measureDeno(args, workDir);
  if (!ok.includes(stats.code)) throw new Error(`${what} exited ${stats.code}`);
  return stats;
}

/** `mcptest run` of a written suite, its JSON record to `out`, with `extra` flags. */
function runArgs(suite: WrittenSuite, out: string, extra: string[] = []): string[] {
  const config = suite.config === undefined ? [] : ["--config", suite.config];
  return [
    ...CLI,
    "run",
    ...suite.paths,
    ...config,
    "--reporter",
    "json",
    "--output",
    out,
    ...extra,
  ];
}

const median$ = (runs: readonly ProcessStats[]) => median(runs.map((r) => r.ms));
const peak$ = (runs: readonly ProcessStats[]) => Math.max(...runs.map((r) => r.peakRssMiB ?? 0));

/** mcptest run of `count` tests of `shape` vs the raw client making the same calls, alternated. */
async function versusRaw(dir: string, shape: SuiteShape, count: number, files = 1) {
  const suite = await writeShape(dir, SERVER, shape, count, files);
  const raws: ProcessStats[] = [];
  const runs: ProcessStats[] = [];
  for (let round = 0; round < SIZE.rounds; round++) {
    raws.push(await measured([...RAW, String(count), "--", ...SERVER], "raw client"));
    runs.push(await measured(runArgs(suite, join(dir, "run.json")), `mcptest run (${shape})`));
  }
  const cpu = (stats: readonly ProcessStats[]) => median(stats.map((r) => r.cpuMs ?? 0));
  return {
    runner: median$(runs),
    raw: median$(raws),
    rss: peak$(runs),
    rawRss: peak$(raws),
    cpu: [cpu(runs), cpu(raws)] as const,
  };
}

/** Print `row` as it is measured (the table comes at the end), and return it. */
function progress(row: Row): Row {
  console.error(`  ${row.measure}: ${row.value} (goal ${row.goal})`);
  return row;
}

/** A time ratio; `cpu`: the CPU times of both (own process only), shown beside the wall times. */
function ratioRow(
  measure: string,
  ours: number,
  base: number,
  goal: number,
  cpu?: readonly [number, number],
): Row {
  const ratio = ours / base;
  const withCpu = (wall: number, used: number | undefined) =>
    used === undefined ? ms(wall) : `${ms(wall)} (CPU ${ms(used)})`;
  return progress({
    measure,
    mcptest: withCpu(ours, cpu?.[0]),
    baseline: withCpu(base, cpu?.[1]),
    value: `${ratio.toFixed(2)}x`,
    goal: `<= ${goal}x`,
    met: ratio <= goal,
  });
}

function rssRow(measure: string, rss: number, base: number | undefined, goal: number): Row {
  return progress({
    measure,
    mcptest: mib(rss),
    baseline: base === undefined ? "-" : `${mib(base)} (raw client)`,
    value: mib(rss),
    goal: `<= ${goal} MiB`,
    met: rss <= goal,
  });
}

/** The runner-vs-raw rows: user shape (time, RSS), flow shape, split over files, the small suite. */
async function runnerRows(dir: string): Promise<Row[]> {
  const rows: Row[] = [];
  const user = await versusRaw(dir, "user", SIZE.big);
  rows.push(
    ratioRow(
      `${SIZE.big} stdio tests, user shape / raw client`,
      user.runner,
      user.raw,
      1.5,
      user.cpu,
    ),
  );
  rows.push(rssRow(`peak RSS, ${SIZE.big} tests, user shape`, user.rss, user.rawRss, 150));
  const flow = await versusRaw(dir, "flow", SIZE.big);
  rows.push(
    ratioRow(
      `${SIZE.big} stdio tests, flow shape / raw client`,
      flow.runner,
      flow.raw,
      1.5,
      flow.cpu,
    ),
  );
  const split = await versusRaw(dir, "user", SIZE.big, SIZE.files);
  rows.push(
    ratioRow(
      `${SIZE.big} tests over ${SIZE.files} files / raw client`,
      split.runner,
      split.raw,
      1.5,
      split.cpu,
    ),
  );
  const small = await versusRaw(dir, "user", SIZE.small);
  rows.push(
    ratioRow(`${SIZE.small} stdio tests / raw client`, small.runner, small.raw, 2, small.cpu),
  );
  const large = await writeShape(dir, SERVER, "user", SIZE.large);
  const run = await measured(runArgs(large, join(dir, "large.json")), "mcptest run (large)");
  rows.push(
    rssRow(`peak RSS, ${SIZE.large} tests, user shape`, run.peakRssMiB ?? 0, undefined, 400),
  );
  return rows;
}

/** Start-up and `list`: against `deno run` of a hello world, alternated. */
async function startRows(dir: string): Promise<Row[]> {
  const hello = join(dir, "hello.ts");
  await Deno.writeTextFile(hello, 'console.log("hello");\n');
  const suite = await writeShape(dir, SERVER, "user", SIZE.big);
  const base: number[] = [], version: number[] = [], list: ProcessStats[] = [];
  for (let i = 0; i < SIZE.starts; i++) {
    base.push((await measured(["run", hello], "hello world")).ms);
    version.push((await measured([...CLI, "--version"], "mcptest --version")).ms);
    list.push(await measured([...CLI, "list", ...suite.paths], "mcptest list"));
  }
  const b = median(base), l = median$(list);
  const cpu = median(list.map((r) => r.cpuMs ?? 0));
  return [
    ratioRow("`mcptest --version` / `deno run` hello world", median(version), b, 1.5),
    {
      measure: `\`mcptest list\` of a ${SIZE.big}-test file (user shape)`,
      mcptest: ms(l),
      baseline: `${ms(b)} (hello world, for scale)`,
      value: `${ms(l)} wall, ${ms(cpu)} CPU`,
      goal: "<= 0.5 s",
      met: l <= 500,
    },
    await otherListRow(dir, b),
  ];
}

/**
 * `list` of the other ways suites are written (anchors, captures, literal block scalars, JSON,
 * Windows line ends, a `schema:` matcher on every test): the slowest shape's median, against the
 * same goal (each took seconds before a change made for it; this row keeps them from coming back).
 */
async function otherListRow(dir: string, hello: number): Promise<Row> {
  const medians: [string, number][] = [];
  for (const shape of LIST_SHAPES) {
    const suite = await writeShape(dir, SERVER, shape, SIZE.big);
    const runs: ProcessStats[] = [];
    for (let i = 0; i < SIZE.rounds; i++) {
      runs.push(await measured([...CLI, "list", ...suite.paths], `mcptest list (${shape})`));
    }
    medians.push([shape, median$(runs)]);
  }
  const [slowest, worst] = medians.reduce((a, b) => (b[1] > a[1] ? b : a));
  return {
    measure: `\`mcptest list\` of ${SIZE.big}-test files in other shapes (${
      LIST_SHAPES.join(", ")
    })`,
    mcptest: medians.map(([shape, m]) => `${shape} ${ms(m)}`).join(", "),
    baseline: `${ms(hello)} (hello world, for scale)`,
    value: `slowest ${slowest} ${ms(worst)}`,
    goal: "<= 0.5 s",
    met: worst <= 500,
  };
}

/** Replay of recorded tests as a whole process vs the same run live, alternated. */
async function replayRow(dir: string): Promise<Row> {
  const suite = await writeShape(join(dir, "replay"), SERVER, "user", SIZE.replay);
  const out = join(dir, "replay.json");
  await measured(runArgs(suite, out, ["--record"]), "mcptest run --record");
  const live: number[] = [], replay: number[] = [];
  for (let round = 0; round < SIZE.rounds; round++) {
    live.push((await measured(runArgs(suite, out, ["--live"]), "mcptest run --live")).ms);
    replay.push((await measured(runArgs(suite, out), "mcptest run (replay)")).ms);
  }
  const l = median(live), r = median(replay);
  return progress({
    measure: `replay of ${SIZE.replay} recorded tests, whole process, vs live`,
    mcptest: ms(r),
    baseline: `${ms(l)} (live)`,
    value: `${(l / r).toFixed(2)}x faster`,
    goal: ">= 5x faster",
    met: l / r >= 5,
  });
}

/** The rows that need server-everything and the official harness from npm. */
async function peerRows(): Promise<Row[]> {
  const notRun = (measure: string, goal: string, why: string): Row => ({
    measure,
    mcptest: "-",
    baseline: "-",
    value: `not run (${why})`,
    goal,
    met: undefined,
  });
  const conformance = "`conformance run` vs the official harness, server-everything over HTTP";
  const compliance = "stdio `compliance run` of server-everything / its `conformance run`";
  if (!PEER) {
    const why = SMOKE ? "smoke: pass --peer" : "BENCH_SKIP_PEER=1";
    return [notRun(conformance, ">= 5x faster", why), notRun(compliance, "<= 3x and < 3 s", why)];
  }
  const rows: Row[] = [];
  try {
    const peer = await benchConformancePeer(ROOT, CLI, SIZE.rounds);
    const speedUp = peer.harnessMs / peer.mcptestMs;
    rows.push({
      measure: conformance,
      mcptest: ms(peer.mcptestMs),
      baseline: `${ms(peer.harnessMs)} (harness)`,
      value: `${speedUp.toFixed(2)}x faster`,
      goal: ">= 5x faster",
      met: speedUp >= 5,
    });
  } catch (error) {
    rows.push(notRun(conformance, ">= 5x faster", String((error as Error).message ?? error)));
  }
  try {
    const speed = await benchComplianceSpeed(ROOT, CLI);
    rows.push({
      measure: compliance,
      mcptest: ms(speed.complianceMs),
      baseline: `${ms(speed.conformanceMs)} (conformance run)`,
      value: `${speed.ratio.toFixed(2)}x`,
      goal: "<= 3x and < 3 s",
      met: speed.met,
    });
  } catch (error) {
    rows.push(notRun(compliance, "<= 3x and < 3 s", String((error as Error).message ?? error)));
  }
  return rows;
}

async function main(): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-bench-" });
  workDir = join(dir, "work");
  await Deno.mkdir(workDir);
  const started = performance.now();
  try {
    const rows = [
      ...await runnerRows(dir),
      ...await startRows(dir),
      await replayRow(dir),
      ...await peerRows(),
    ];
    const when = new Date().toISOString().slice(0, 16).replace("T", " ");
    const cpu = Deno.build.target;
    console.log(
      `\nmcptest bench${SMOKE ? " (smoke sizes)" : ""}, ${when} UTC, Deno ${Deno.version.deno}, ` +
        `${cpu}, ${navigator.hardwareConcurrency} cores, ${ms(performance.now() - started)}\n`,
    );
    console.log(renderTable(rows));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

await main();
