/** @module Bench: a full `compliance run` against server-everything over stdio vs its `conformance run` (same run, ratio; goal <= 3x and < 3 s). */

import { median } from "./echo_suite.ts";

const EVERYTHING = "npm:@modelcontextprotocol/server-everything@2026.8.31";
const ROUNDS = Number(Deno.env.get("BENCH_ROUNDS") ?? 3);
/** The goals of issue 13: compliance at most 3x conformance, and under 3 s. */
const RATIO_TARGET = 3;
const SECONDS_TARGET = 3;

async function timed(args: string[], cwd: string): Promise<{ ms: number; code: number }> {
  const started = performance.now();
  const { code } = await new Deno.Command(Deno.execPath(), {
    args,
    cwd,
    stdin: "null",
    stdout: "null",
    stderr: "null",
  }).output();
  return { ms: performance.now() - started, code };
}

/** The time of a run that completed (its exit code one of `ok`); a crash is no measurement. */
function measured(run: { ms: number; code: number }, what: string, ok: readonly number[]): number {
  if (!ok.includes(run.code)) {
    throw new Error(`${what} exited ${run.code}: not a timing (run it by hand to see why)`);
  }
  return run.ms;
}

/** What {@link benchComplianceSpeed} measured (medians, ms). */
export interface ComplianceSpeed {
  readonly complianceMs: number;
  readonly conformanceMs: number;
  readonly ratio: number;
  /** Whether both goals hold: ratio <= 3 and compliance < 3 s. */
  readonly met: boolean;
}

/**
 * Time `mcptest compliance run` (every rule of v2025-11-25, the newest revision server-everything
 * speaks) and `mcptest conformance run` against server-everything over stdio, `BENCH_ROUNDS`
 * rounds each, interleaved; print the medians and the ratio. `cli` is the argv after the deno
 * executable that runs the CLI (`run -A .../cli.ts`). The npm package is fetched (cached) once
 * before timing, so the download never counts.
 */
export async function benchComplianceSpeed(
  root: string,
  cli: readonly string[],
): Promise<ComplianceSpeed> {
  const server = `${Deno.execPath()} run --quiet -A --no-config --no-lock ${EVERYTHING} stdio`;
  const dir = await Deno.makeTempDir({ prefix: "mcptest-compliance-speed-" });
  try {
    // Warm the npm cache (and the server's first start) outside the timings.
    await new Deno.Command(Deno.execPath(), {
      args: ["cache", "--quiet", "--no-config", "--no-lock", EVERYTHING],
      cwd: dir,
      stdout: "null",
      stderr: "null",
    }).output();
    const compliance = [
      ...cli,
      "compliance",
      "run",
      "--server",
      server,
      "--spec-version",
      "v2025-11-25",
      "--reporter",
      "json",
      "--output",
      `${dir}/compliance.json`,
    ];
    const conformance = [...cli, "conformance", "run", "--server", server];
    const ours: number[] = [];
    const theirs: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // compliance exits 1 when a rule fails (server-everything fails some): 0 and 1 are runs.
      ours.push(measured(await timed(compliance, root), "compliance run", [0, 1]));
      theirs.push(measured(await timed(conformance, root), "conformance run", [0]));
    }
    const complianceMs = Math.round(median(ours));
    const conformanceMs = Math.round(median(theirs));
    const ratio = conformanceMs > 0 ? complianceMs / conformanceMs : Infinity;
    const met = ratio <= RATIO_TARGET && complianceMs < SECONDS_TARGET * 1000;
    console.log(
      `compliance run (stdio, server-everything, v2025-11-25): ${complianceMs} ms median; ` +
        `conformance run: ${conformanceMs} ms; ratio ${ratio.toFixed(2)}x ` +
        `(goal <= ${RATIO_TARGET}x and < ${SECONDS_TARGET} s: ${met ? "met" : "NOT met"})`,
    );
    return { complianceMs, conformanceMs, ratio, met };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

if (import.meta.main) {
  const root = new URL("..", import.meta.url).pathname;
  await benchComplianceSpeed(root, ["run", "-A", `${root}cli.ts`]);
}
