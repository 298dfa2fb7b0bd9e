/** @module A stdio MCP server that reads its input strictly in order, for the fence tests: `--frames silent|late|prompt|after-1|after-3` sets what a frame it cannot parse gets (nothing; an answer after 600 ms, in order; at once; an answer written after its answers to the next 1 or 3 requests), `--notify answer` makes it (wrongly) answer notifications. */

const args = Deno.args;
const frames = args[args.indexOf("--frames") + 1] ?? "silent";
const answerNotifications = args.includes("--notify") &&
  args[args.indexOf("--notify") + 1] === "answer";
const encoder = new TextEncoder();
const write = (message: unknown) =>
  Deno.stdout.write(encoder.encode(JSON.stringify(message) + "\n"));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const PARSE_ERROR = { jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } };
/** An answer held back until this many later requests are answered (`after-N`). */
let deferred: { answer: unknown; after: number } | undefined;

async function answer(message: unknown): Promise<void> {
  await write(message);
  if (deferred === undefined) return;
  if (--deferred.after > 0) return;
  const held = deferred.answer;
  deferred = undefined;
  await write(held);
}

async function handle(line: string): Promise<void> {
  let message: Record<string, unknown>;
  try {
    message = JSON.parse(line);
  } catch {
    if (frames === "silent") return;
    if (frames.startsWith("after-")) {
      deferred = { answer: PARSE_ERROR, after: Number(frames.slice("after-".length)) };
      return;
    }
    // `late`: in order, slower than any fixed window (the next line waits for this answer).
    if (frames === "late") await sleep(600);
    await write(PARSE_ERROR);
    return;
  }
  const { id, method } = message;
  if (id === undefined) {
    if (answerNotifications && method !== "notifications/initialized") {
      await write({ jsonrpc: "2.0", id: null, error: { code: -32600, message: "no" } });
    }
    return;
  }
  if (method === "initialize") {
    await write({
      jsonrpc: "2.0",
      id,
      result: {
        protocolVersion: "2025-11-25",
        capabilities: {},
        serverInfo: { name: "in-order", version: "1.0.0" },
      },
    });
    return;
  }
  if (method === "ping") return void await answer({ jsonrpc: "2.0", id, result: {} });
  await answer({ jsonrpc: "2.0", id, error: { code: -32601, message: "Method not found" } });
}

let buffer = "";
const decoder = new TextDecoder();
for await (const chunk of Deno.stdin.readable) {
  buffer += decoder.decode(chunk, { stream: true });
  let newline: number;
  while ((newline = buffer.indexOf("\n")) >= 0) {
    const line = buffer.slice(0, newline).trim();
    buffer = buffer.slice(newline + 1);
    if (line !== "") await handle(line);
  }
}
