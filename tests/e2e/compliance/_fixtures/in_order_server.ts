/** @module A stdio MCP server that reads its input strictly in order, for the fence tests: `--frames silent|late|prompt` sets what a frame it cannot parse gets, `--notify answer` makes it (wrongly) answer notifications. */

const args = Deno.args;
const frames = args[args.indexOf("--frames") + 1] ?? "silent";
const answerNotifications = args.includes("--notify") &&
  args[args.indexOf("--notify") + 1] === "answer";
const encoder = new TextEncoder();
const write = (message: unknown) =>
  Deno.stdout.write(encoder.encode(JSON.stringify(message) + "\n"));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function handle(line: string): Promise<void> {
  let message: Record<string, unknown>;
  try {
    message = JSON.parse(line);
  } catch {
    if (frames === "silent") return;
    // `late`: in order, but slower than the first look (the next line waits for this answer).
    if (frames === "late") await sleep(120);
    await write({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } });
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
  if (method === "ping") return void await write({ jsonrpc: "2.0", id, result: {} });
  await write({ jsonrpc: "2.0", id, error: { code: -32601, message: "Method not found" } });
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
