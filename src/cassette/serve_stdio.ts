/** @module The mock server over stdio: newline-delimited JSON-RPC on stdin/stdout. */

import type { Cassette } from "./format.ts";
import { MockResponder } from "./mock.ts";

/**
 * Serve `cassette` on stdin/stdout until stdin closes. Each line is one JSON-RPC message (or a
 * batch); each answer is one line. A line that is not JSON gets a -32700 error.
 */
export async function serveStdio(
  cassette: Cassette,
  where: string,
  input: ReadableStream<Uint8Array> = Deno.stdin.readable,
  output: WritableStream<Uint8Array> = Deno.stdout.writable,
): Promise<void> {
  const responder = new MockResponder(cassette, where);
  const writer = output.getWriter();
  const encoder = new TextEncoder();
  const send = (message: unknown) => writer.write(encoder.encode(JSON.stringify(message) + "\n"));
  let buffer = "";
  const decoder = new TextDecoder();
  try {
    for await (const chunk of input) {
      buffer += decoder.decode(chunk, { stream: true });
      let newline: number;
      while ((newline = buffer.indexOf("\n")) >= 0) {
        const line = buffer.slice(0, newline).trim();
        buffer = buffer.slice(newline + 1);
        if (line === "") continue;
        let parsed: unknown;
        try {
          parsed = JSON.parse(line);
        } catch (error) {
          await send({
            jsonrpc: "2.0",
            id: null,
            error: { code: -32700, message: `Parse error: ${(error as Error).message}` },
          });
          continue;
        }
        for (const message of Array.isArray(parsed) ? parsed : [parsed]) {
          for (const reply of responder.answer(message)) await send(reply);
        }
      }
    }
  } finally {
    await writer.close().catch(() => {});
  }
}
