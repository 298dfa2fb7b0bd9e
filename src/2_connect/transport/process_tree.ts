/** @module Spawning a stdio server in its own process group, with its environment, and ending its whole process tree. */

import type { InheritEnv, StdioTarget } from "./target.ts";
import { delay, settlesWithin } from "./wait.ts";

/** How often the group is polled for leftover members while waiting out the grace period. */
const GROUP_POLL_MS = 20;

/** Whether children get a process group of their own (setsid): every Unix, not Windows. */
const OWN_GROUP = Deno.build.os !== "windows";

/**
 * The environment a server starts with: mcptest's variables as `inherit` allows (all, none, or the
 * listed names that are set), then the target's `env` on top.
 */
export function serverEnv(
  inherit: InheritEnv,
  env: Readonly<Record<string, string>>,
  read: () => Record<string, string> = () => Deno.env.toObject(),
): Record<string, string> {
  if (inherit === true) return { ...env };
  const base: Record<string, string> = {};
  if (inherit !== false) {
    const all = read();
    for (const name of inherit) {
      if (Object.hasOwn(all, name)) base[name] = all[name]!;
    }
  }
  return { ...base, ...env };
}

/** A spawned server process and the process group it leads. */
export interface ServerProcess {
  readonly child: Deno.ChildProcess;
  /** The process group id (the child's pid), or undefined where groups are not used. */
  readonly group: number | undefined;
  /**
   * A value of {@link TREE_TAG} in the server's environment, inherited by everything it starts: a
   * process that left the group (setsid) is still found by it (Linux, /proc).
   */
  readonly tag: string;
}

/** The environment variable that marks every process of a server's tree. */
export const TREE_TAG = "MCPTEST_TREE";

/**
 * Spawn a stdio target with piped stdio, in a new session and process group of its own (Deno's
 * `detached`, which calls setsid on Unix), so its whole tree can be signalled at once.
 * `inherit_env: true` passes mcptest's environment through (plus `env`); otherwise the child's
 * environment is cleared and rebuilt from the allow-list.
 * @throws the spawn error of Deno.Command (not found, not allowed, bad cwd)
 */
export function spawnServer(target: StdioTarget): ServerProcess {
  const [command, ...args] = target.command;
  const inherit = target.inheritEnv ?? true;
  const tag = crypto.randomUUID();
  const child = new Deno.Command(command ?? "", {
    args,
    env: { ...serverEnv(inherit, target.env), [TREE_TAG]: tag },
    ...(inherit === true ? {} : { clearEnv: true }),
    ...(target.cwd === undefined ? {} : { cwd: target.cwd }),
    ...(OWN_GROUP ? { detached: true } : {}),
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  return { child, group: OWN_GROUP ? child.pid : undefined, tag };
}

/**
 * Live processes outside process group `group` that carry `tag` in their environment, found in
 * /proc on Linux (which Deno opens only under --allow-all), else through `ps` (any Unix with
 * procps or BSD ps; --allow-run suffices). Members of the group (already signalled, perhaps not
 * yet gone) and zombies are left out; nothing found when neither way is open.
 */
export async function escapedProcesses(tag: string, group: number | undefined): Promise<number[]> {
  if (Deno.build.os === "windows") return [];
  const marker = `${TREE_TAG}=${tag}`;
  return fromProc(marker, group) ?? await fromPs(marker, group);
}

/** The tagged processes from /proc, or undefined when /proc cannot be read (no Linux, no -A). */
function fromProc(marker: string, group: number | undefined): number[] | undefined {
  if (Deno.build.os !== "linux") return undefined;
  let entries: Deno.DirEntry[];
  try {
    entries = [...Deno.readDirSync("/proc")];
  } catch {
    return undefined;
  }
  const found: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry.name) || Number(entry.name) === Deno.pid) continue;
    try {
      const stat = Deno.readTextFileSync(`/proc/${entry.name}/stat`);
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (fields[0] === "Z" || Number(fields[2]) === group) continue;
      const environ = Deno.readTextFileSync(`/proc/${entry.name}/environ`);
      if (environ.includes(`${marker}\0`)) found.push(Number(entry.name));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}

/** How long `ps` may take before the search gives up (it answers in milliseconds). */
const PS_TIMEOUT_MS = 10_000;

/** The tagged processes from `ps` (pid, group, state, then the command and its environment). */
async function fromPs(marker: string, group: number | undefined): Promise<number[]> {
  let stdout: Uint8Array;
  try {
    const output = await new Deno.Command("ps", {
      args: ["-e", "-ww", "-o", "pid=,pgid=,stat=,args=", "e"],
      stdin: "null",
      stdout: "piped",
      stderr: "null",
      signal: AbortSignal.timeout(PS_TIMEOUT_MS),
    }).output();
    if (!output.success) return [];
    stdout = output.stdout;
  } catch {
    return []; // no ps, not allowed to run it, or it hung
  }
  return taggedInPs(new TextDecoder().decode(stdout), marker, group, Deno.pid);
}

/**
 * The pids of `ps -o pid=,pgid=,stat=,args= e` lines whose environment holds `marker` (a whole
 * word), outside `group`, not zombies, not `self`.
 */
export function taggedInPs(
  text: string,
  marker: string,
  group: number | undefined,
  self: number,
): number[] {
  const found: number[] = [];
  for (const line of text.split("\n")) {
    const match = /^\s*(\d+)\s+(\d+)\s+(\S+)\s(.*)$/.exec(line);
    if (!match) continue;
    const [, pid, pgid, state, rest] = match as unknown as [string, string, string, string, string];
    if (Number(pid) === self || Number(pgid) === group || state.startsWith("Z")) continue;
    if (` ${rest} `.includes(` ${marker} `)) found.push(Number(pid));
  }
  return found;
}

/** Send `signal` to the whole group (or to the child alone without a group). Never throws. */
export function signalTree(process: ServerProcess, signal: Deno.Signal): void {
  if (process.group !== undefined) {
    try {
      Deno.kill(-process.group, signal);
      return;
    } catch {
      // The group is gone (or not ours any more): fall back to the child itself.
    }
  }
  try {
    process.child.kill(signal);
  } catch {
    // Already exited.
  }
}

/** Whether any process (a zombie included) is still in the group. */
export function groupAlive(group: number): boolean {
  try {
    Deno.kill(-group, "SIGCONT");
    return true;
  } catch (error) {
    return !(error instanceof Deno.errors.NotFound);
  }
}

/**
 * End the server's whole tree: SIGTERM to the group, then, once the grace period is over and
 * anything is left (the child, or a grandchild that ignores SIGTERM), SIGKILL to the group. Then
 * any process of the tree that left the group (called setsid) is found by its tag and SIGKILLed.
 * Always reaps the child. Used after normal runs, on errors, and on SIGINT/SIGTERM of mcptest.
 * @returns the pids of the processes that had left the group and were killed
 */
export async function endTree(process: ServerProcess, graceMs: number): Promise<number[]> {
  await endGroup(process, graceMs);
  const escaped = await escapedProcesses(process.tag, process.group);
  for (const pid of escaped) {
    try {
      Deno.kill(pid, "SIGKILL");
    } catch {
      // ended meanwhile
    }
  }
  return escaped;
}

async function endGroup(process: ServerProcess, graceMs: number): Promise<void> {
  const { child, group } = process;
  const exited = child.status.then(() => true, () => true);
  const alreadyExited = await settlesWithin(exited, 0);
  if (alreadyExited && (group === undefined || !groupAlive(group))) return;
  const deadline = performance.now() + graceMs;
  signalTree(process, "SIGTERM");
  if (!(await settlesWithin(exited, graceMs))) {
    signalTree(process, "SIGKILL");
  } else if (group !== undefined) {
    while (groupAlive(group) && performance.now() < deadline) {
      await delay(GROUP_POLL_MS);
    }
    if (groupAlive(group)) signalTree(process, "SIGKILL");
  }
  await exited;
}
