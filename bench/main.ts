/** @module `deno task bench`: mcptest against baselines measured in the same run, reported as ratios. */

import { join } from "node:path";
import { benchConformancePeer } from "./conformance_peer.ts";
import { rawClientRun } from "./raw_client.ts";

const ROOT = new URL("..", import.meta.url).pathname;
const TESTS = Number(Deno.env.get("BENCH_TESTS") ?? 1000);
const ROUNDS = Number(Deno.env.get("BENCH_ROUNDS") ?? 5);
const SERVER = [
  Deno.execPath(),
  "run",
  "--allow-net=127.0.0.1",
  "--allow-env",
  "--allow-read",
  join(ROOT, "examples/servers/items_server.ts"),
];
const CLI = [
  "run",
  "--allow-read",
  "--allow-write",
  "--allow-env",
  "--allow-run",
  "--allow-net",
  "--allow-sys",
  join(ROOT, "cli.ts"),
];

/** Write a suite of `count` echo tests against the example server. */
async function writeSuite(dir: string, count: number): Promise<string> {
  const lines = [
    "servers:",
    "  items:",
    `    command: ${JSON.stringify(SERVER)}`,
    "tools:",
  ];
  for (let i = 1; i <= count; i++) {
    lines.push(
      `  - name: "echo ${i}"`,
      "    tool: echo",
      `    args: { text: "hello ${i}" }`,
      "    expect:",
      "      - target: result.content[0].text",
      `        matcher: { contains-all: ["hello ${i}"] }`,
    );
  }
  const file = join(dir, "bench.yml");
  await Deno.writeTextFile(file, lines.join("\n") + "\n");
  return file;
}

async function timeCommand(args: string[], cwd: string): Promise<{ ms: number; code: number }> {
  const started = performance.now();
  const out = await new Deno.Command(Deno.execPath(), {
    args,
    cwd,
    stdout: "null",
    stderr: "piped",
  })
    .output();
  const ms = performance.now() - started;
  if (out.code !== 0) console.error(new TextDecoder().decode(out.stderr).slice(-2000));
  return { ms, code: out.code };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function main(): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-bench-" });
  try {
    const suite = await writeSuite(dir, TESTS);
    console.log(`runner vs raw JSON-RPC client: ${TESTS} tools/call over stdio, example server`);
    // Alternate the two, ROUNDS times each, and compare medians: one noisy sample decides nothing.
    const raws: number[] = [];
    const runs: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      raws.push(await rawClientRun(SERVER, ROOT, TESTS));
      const runner = await timeCommand([
        ...CLI,
        "run",
        suite,
        "--reporter",
        "json",
        "--output",
        join(dir, "run.json"),
      ], ROOT);
      if (runner.code !== 0) throw new Error(`mcptest run exited ${runner.code}`);
      runs.push(runner.ms);
    }
    const raw = median(raws);
    const runner = { ms: median(runs) };
    const ratio = runner.ms / raw;
    console.log(`  raw client   ${raw.toFixed(0)} ms (median of ${ROUNDS})`);
    console.log(
      `  mcptest run  ${
        runner.ms.toFixed(0)
      } ms (median of ${ROUNDS}; includes CLI start-up and load)`,
    );
    console.log(
      `  ratio        ${ratio.toFixed(2)}x  (target <= 2x) ${ratio <= 2 ? "OK" : "OVER"}`,
    );

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
    if (Deno.env.get("BENCH_SKIP_PEER") !== "1") await benchConformancePeer(ROOT, CLI);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

await main();
