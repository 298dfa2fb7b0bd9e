/** @module Bench: `mcptest conformance run` vs the official harness on server-everything over HTTP (same run, ratio). */

import { join } from "node:path";
import { median } from "./echo_suite.ts";

const EVERYTHING = "npm:@modelcontextprotocol/server-everything@2026.8.31";
const HARNESS = "npm:@modelcontextprotocol/conformance@0.1.16";
const ROUNDS = Number(Deno.env.get("BENCH_ROUNDS") ?? 3);

function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    try {
      (await Deno.connect({ hostname: "127.0.0.1", port })).close();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`server-everything did not listen on ${port} within ${timeoutMs} ms`);
}

async function timed(args: string[], cwd: string): Promise<number> {
  const started = performance.now();
  await new Deno.Command(Deno.execPath(), { args, cwd, stdout: "null", stderr: "null" }).output();
  return performance.now() - started;
}

/** What {@link benchConformancePeer} measured (medians, ms). */
export interface PeerSpeed {
  readonly mcptestMs: number;
  readonly harnessMs: number;
}

/** Time both tools against one server-everything; prints medians and the ratio (goal >= 5x). */
export async function benchConformancePeer(
  root: string,
  cli: readonly string[],
  rounds = ROUNDS,
): Promise<PeerSpeed> {
  const port = freePort();
  const server = new Deno.Command(Deno.execPath(), {
    args: ["run", "--quiet", "-A", "--no-config", "--no-lock", EVERYTHING, "streamableHttp"],
    env: { PORT: String(port) },
    stdin: "null",
    stdout: "null",
    stderr: "null",
  }).spawn();
  const dir = await Deno.makeTempDir({ prefix: "mcptest-peer-" });
  try {
    await waitForPort(port, 60_000);
    const url = `http://127.0.0.1:${port}/mcp`;
    const ours = [
      ...cli,
      "conformance",
      "run",
      "--server",
      url,
      "--target-version",
      "2025-11-25",
      "--reporter",
      "json",
      "--out",
      join(dir, "r.json"),
    ];
    const theirs = [
      "run",
      "-A",
      "--no-config",
      "--no-lock",
      HARNESS,
      "server",
      "--url",
      url,
      "-o",
      join(dir, "peer"),
    ];
    await timed(theirs, root); // warm the npm cache so the first sample is not a download
    const a: number[] = [], b: number[] = [];
    for (let i = 0; i < rounds; i++) {
      a.push(await timed(ours, root));
      b.push(await timed(theirs, root));
    }
    const mine = median(a), peer = median(b);
    console.log(`conformance scoring of server-everything over HTTP (median of ${rounds})`);
    console.log(`  official harness     ${peer.toFixed(0)} ms`);
    console.log(`  mcptest conformance  ${mine.toFixed(0)} ms`);
    const ratio = peer / mine;
    console.log(
      `  speed-up             ${ratio.toFixed(2)}x  (goal >= 5x) ${ratio >= 5 ? "OK" : "UNDER"}`,
    );
    return { mcptestMs: mine, harnessMs: peer };
  } finally {
    try {
      server.kill("SIGTERM");
    } catch { /* gone */ }
    await server.status;
    await Deno.remove(dir, { recursive: true });
  }
}
