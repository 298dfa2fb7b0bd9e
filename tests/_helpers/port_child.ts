/** @module Test helper: spawn a server process and wait until it prints the port it listens on. */

/** A spawned child that announced its port. */
export interface PortChild {
  readonly port: number;
  /** Close its stdin, SIGTERM it, reap it. */
  stop(): Promise<void>;
}

/**
 * Spawn `argv` (stdin kept open, stdout discarded) and read its stderr until `pattern` matches;
 * the pattern's first group is the port. The child is stopped when it exits first, or when it has
 * not printed the port within `timeoutMs`.
 * @param exited the message start when the child exits before printing its port
 */
export async function spawnUntilPort(
  argv: readonly string[],
  env: Record<string, string>,
  pattern: RegExp,
  timeoutMs: number,
  exited: string,
): Promise<PortChild> {
  const [cmd, ...args] = argv;
  // stdin stays open while we live: a fixture that exits on stdin EOF dies with a killed test run.
  const child = new Deno.Command(cmd ?? "", {
    args,
    env,
    stdin: "piped",
    stdout: "null",
    stderr: "piped",
  })
    .spawn();
  const reader = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
  const stop = async () => {
    await child.stdin.close().catch(() => {});
    try {
      child.kill("SIGTERM");
    } catch {
      // exited already
    }
    await child.status;
    await reader.cancel().catch(() => {});
  };
  let seen = "";
  const timer = setTimeout(() => void stop(), timeoutMs);
  try {
    while (true) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`${exited}: ${seen}`);
      seen += value;
      const port = pattern.exec(seen)?.[1];
      if (port) {
        drain(reader);
        return { port: Number(port), stop };
      }
    }
  } catch (error) {
    await stop();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

function drain(reader: ReadableStreamDefaultReader<string>): void {
  (async () => {
    try {
      while (!(await reader.read()).done) {
        // discard
      }
    } catch {
      // cancelled
    }
  })();
}
