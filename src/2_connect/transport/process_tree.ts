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
}

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
  const child = new Deno.Command(command ?? "", {
    args,
    env: serverEnv(inherit, target.env),
    ...(inherit === true ? {} : { clearEnv: true }),
    ...(target.cwd === undefined ? {} : { cwd: target.cwd }),
    ...(OWN_GROUP ? { detached: true } : {}),
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  return { child, group: OWN_GROUP ? child.pid : undefined };
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
 * anything is left (the child, or a grandchild that ignores SIGTERM), SIGKILL to the group.
 * Always reaps the child. Used after normal runs, on errors, and on SIGINT/SIGTERM of mcptest.
 */
export async function endTree(process: ServerProcess, graceMs: number): Promise<void> {
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
