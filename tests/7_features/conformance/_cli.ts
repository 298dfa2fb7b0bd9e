/** @module Test helpers: spawn the real CLI (via tests/_helpers/cli.ts) and the fixture servers as real processes. */

import { fileURLToPath } from "node:url";
import { type CliRun, mcptest } from "../../_helpers/cli.ts";

/** Absolute path of a file under tests/fixtures/conformance/. */
export const fixture = (name: string) =>
  fileURLToPath(new URL(`../../fixtures/conformance/${name}`, import.meta.url));

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
export type { CliRun };

/** The permissions `conformance run` needs (loopback only). */
const RUN_PERMISSIONS = [
  "--allow-read",
  "--allow-write",
  "--allow-env",
  "--allow-run",
  "--allow-net=127.0.0.1",
  "--allow-sys",
];

/**
 * Run the real CLI (cli.ts, through the shared helper) as `mcptest conformance ...args`, with the
 * given permission flags (default: what `run` needs).
 */
export async function runCli(
  args: string[],
  options: { env?: Record<string, string>; permissions?: string[] } = {},
): Promise<CliRun> {
  return await mcptest(["conformance", ...args], {
    env: { DENO_DIR: await getDenoDir(), ...options.env },
    permissions: options.permissions ?? RUN_PERMISSIONS,
  });
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
