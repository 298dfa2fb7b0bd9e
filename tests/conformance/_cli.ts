/** @module Test helpers: spawn the conformance CLI and the fixture servers as real processes. */

import { fileURLToPath } from "node:url";

/** Absolute path of a file under tests/fixtures/conformance/. */
export const fixture = (name: string) =>
  fileURLToPath(new URL(`../fixtures/conformance/${name}`, import.meta.url));

let denoDir: Promise<string> | undefined;

/** Deno's own cache dir (children get it explicitly, since tests move XDG_CACHE_HOME). */
export function getDenoDir(): Promise<string> {
  denoDir ??= new Deno.Command(Deno.execPath(), {
    args: ["info", "--json"],
    stdout: "piped",
    stderr: "null",
  })
    .output().then((o) => JSON.parse(new TextDecoder().decode(o.stdout)).denoDir as string);
  return denoDir;
}

/** The result of one CLI run. */
export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Run `mcptest conformance ...args` with the given permission flags (default: what `run` needs). */
export async function runCli(
  args: string[],
  options: { env?: Record<string, string>; permissions?: string[] } = {},
): Promise<CliRun> {
  const permissions = options.permissions ??
    [
      "--allow-read",
      "--allow-write",
      "--allow-env",
      "--allow-run",
      "--allow-net=127.0.0.1",
      "--allow-sys",
    ];
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--no-prompt", ...permissions, fixture("cli_entry.ts"), "conformance", ...args],
    env: { NO_COLOR: "1", DENO_DIR: await getDenoDir(), ...options.env },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decode = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code: output.code, stdout: decode(output.stdout), stderr: decode(output.stderr) };
}

/** Start the HTTP fixture server; returns its URL and a stop function that reaps it. */
export async function startHttpFixture(
  flags: string[] = [],
): Promise<{ url: string; stop(): Promise<void> }> {
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--no-prompt",
      "--allow-net=127.0.0.1",
      fixture("http_stateless_server.ts"),
      ...flags,
    ],
    env: { DENO_DIR: await getDenoDir() },
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  const stop = async () => {
    try {
      child.kill("SIGTERM");
    } catch { /* already gone */ }
    await reader.cancel().catch(() => {});
    await child.status;
  };
  while (!/listening (\d+)/.test(text)) {
    const { value, done } = await reader.read();
    if (done) {
      await stop();
      throw new Error("fixture server exited before listening");
    }
    text += value;
  }
  const port = /listening (\d+)/.exec(text)?.[1];
  return { url: `http://127.0.0.1:${port}/mcp`, stop };
}

/** A TCP port nothing listens on. */
export function closedPort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}
