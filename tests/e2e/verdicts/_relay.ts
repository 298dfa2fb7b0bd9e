/** @module Verdict-test helpers: argv of the test relay around a server, a relay child for self-tests, reading its --stats-dir counters. */

import { fileURLToPath } from "node:url";

/** The relay fixture's entry point. */
export const RELAY = fileURLToPath(new URL("../../fixtures/relay/relay.ts", import.meta.url));

/** The relay self-test child (echo, bursts, pid). */
export const BURST_CHILD = fileURLToPath(
  new URL("../../fixtures/relay/burst_child.ts", import.meta.url),
);

/** The argv that runs `server` behind the relay with `flags` (see relay.ts for the options). */
export function relayArgv(flags: readonly string[], server: readonly string[]): string[] {
  return [Deno.execPath(), "run", "--allow-run", "--allow-write", RELAY, ...flags, "--", ...server];
}

/** The relay's counters, summed over every relay process that wrote to `dir`. */
export interface RelayStats {
  serverLines: number;
  clientLines: number;
  splitLines: number;
  reordered: number;
  swapped: number;
}

/** Sum the `<pid>.json` files the relays wrote to `dir`. */
export async function readStats(dir: string): Promise<RelayStats> {
  const total: RelayStats = {
    serverLines: 0,
    clientLines: 0,
    splitLines: 0,
    reordered: 0,
    swapped: 0,
  };
  for await (const entry of Deno.readDir(dir)) {
    const one = JSON.parse(await Deno.readTextFile(`${dir}/${entry.name}`)) as RelayStats;
    for (const key of Object.keys(total) as (keyof RelayStats)[]) total[key] += one[key];
  }
  return total;
}

/** Whether process `pid` still exists (a zombie included). */
export function alive(pid: number): boolean {
  try {
    Deno.kill(pid, "SIGCONT");
    return true;
  } catch {
    return false;
  }
}
