/** @module The mock server over stdio: newline-delimited JSON-RPC on stdin/stdout. */

import { LineSplitter, messageCapMessage } from "../../2_connect/transport/line_splitter.ts";
import type { Cassette } from "../../2_connect/cassette/format.ts";
import { MockResponder } from "./mock.ts";

/**
 * Serve `cassette` on stdin/stdout until stdin closes. Each line is one JSON-RPC message (or a
 * batch); each answer is one line. A line that is not JSON, or is over the 16 MiB message cap,
 * gets a -32700 error.
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
  const parseError = (message: string) =>
    send({ jsonrpc: "2.0", id: null, error: { code: -32700, message: `Parse error: ${message}` } });
  const overflows: string[] = [];
  const splitter = new LineSplitter({
    onOverflow: (max) => overflows.push(messageCapMessage(max)),
  });
  try {
    for await (const chunk of input) {
      const lines = splitter.push(chunk);
      for (const overflow of overflows.splice(0)) await parseError(overflow);
      for (const raw of lines) {
        const line = raw.trim();
        if (line === "") continue;
        let parsed: unknown;
        try {
          parsed = JSON.parse(line);
        } catch (error) {
          await parseError((error as Error).message);
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
