/** @module Wall time and peak resident memory of a child process, read from the OS (/proc VmHWM on Linux). */

/** What one measured process run cost. */
export interface ProcessStats {
  readonly ms: number;
  readonly code: number;
  /** Peak resident set size in MiB (VmHWM), or undefined where /proc is not available. */
  readonly peakRssMiB: number | undefined;
  /**
   * CPU time (user + system) of the process in ms, from its last /proc sample (so up to 20 ms
   * short); undefined where /proc is not available. Unlike wall time, it barely moves when other
   * processes compete for the machine.
   */
  readonly cpuMs: number | undefined;
}

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ: 100 on Linux). */
const TICKS = 100;

/** User + system CPU time of `pid` so far, in ms. */
async function cpuMsOf(pid: number): Promise<number | undefined> {
  try {
    const stat = await Deno.readTextFile(`/proc/${pid}/stat`);
    // Fields after the command name (which may hold spaces) in parentheses: utime is 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 1000 / TICKS;
  } catch {
    return undefined;
  }
}

const POLL_MS = 20;

/** The peak RSS the kernel recorded for `pid` so far, in KiB (VmHWM is monotonic). */
async function highWaterKiB(pid: number): Promise<number | undefined> {
  try {
    const status = await Deno.readTextFile(`/proc/${pid}/status`);
    const kib = /^VmHWM:\s+(\d+) kB$/m.exec(status)?.[1];
    return kib === undefined ? undefined : Number(kib);
  } catch {
    return undefined;
  }
}

/**
 * Run `deno <args>` in `cwd` and measure it. The peak is the last VmHWM sample before the process
 * exits (sampled every 20 ms; VmHWM only grows, so the sample can only miss the final 20 ms).
 */
export async function measureDeno(args: readonly string[], cwd: string): Promise<ProcessStats> {
  const started = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args: [...args],
    cwd,
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  let peak: number | undefined;
  let cpuMs: number | undefined;
  let running = true;
  const sampler = (async () => {
    while (running) {
      const kib = await highWaterKiB(child.pid);
      if (kib !== undefined) peak = Math.max(peak ?? 0, kib);
      cpuMs = await cpuMsOf(child.pid) ?? cpuMs;
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  })();
  const out = await child.output();
  // The process's own wall time: taken before the sampler's last sleep ends (up to 20 ms later).
  const ms = performance.now() - started;
  running = false;
  await sampler;
  if (out.code !== 0) console.error(new TextDecoder().decode(out.stderr).slice(-2000));
  const peakRssMiB = peak === undefined ? undefined : peak / 1024;
  return { ms, code: out.code, peakRssMiB, cpuMs };
}
