/** @module The baseline: a minimal raw JSON-RPC stdio client making the same calls as the benchmark suite. */

import { TextLineStream } from "./text_line_stream.ts";

/** Spawn `argv`, initialize, make `count` echo calls one after another, close. Returns wall ms. */
export async function rawClientRun(
  argv: readonly string[],
  cwd: string,
  count: number,
): Promise<number> {
  const started = performance.now();
  const [cmd, ...args] = argv;
  const child = new Deno.Command(cmd ?? "deno", {
    args,
    cwd,
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const writer = child.stdin.getWriter();
  const lines = child.stdout.pipeThrough(new TextDecoderStream()).pipeThrough(new TextLineStream())
    .getReader();
  const encoder = new TextEncoder();
  const send = (message: unknown) => writer.write(encoder.encode(JSON.stringify(message) + "\n"));
  const awaitId = async (id: number) => {
    while (true) {
      const { value, done } = await lines.read();
      if (done) throw new Error("server closed");
      const message = JSON.parse(value) as { id?: number };
      if (message.id === id) return message;
    }
  };
  try {
    await send({
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: {
        protocolVersion: "2025-11-25",
        capabilities: {},
        clientInfo: { name: "raw", version: "0" },
      },
    });
    await awaitId(0);
    await send({ jsonrpc: "2.0", method: "notifications/initialized" });
    for (let id = 1; id <= count; id++) {
      await send({
        jsonrpc: "2.0",
        id,
        method: "tools/call",
        params: { name: "echo", arguments: { text: `hello ${id}` } },
      });
      await awaitId(id);
    }
  } finally {
    await writer.close().catch(() => {});
    await lines.cancel().catch(() => {});
    child.kill("SIGTERM");
    await child.status;
  }
  return performance.now() - started;
}
