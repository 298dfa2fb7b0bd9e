/** @module A stdio MCP server for the capability rules' default tool choice: read-only tools that name their capability and need arguments, listed after read-only tools that do not (one slow, one that asks every client for everything) and after one that names sampling only in its description and asks every client too. Conformant by default; `--misbehave undeclared` makes the keyword tools ask whatever the client declared. */

// Tools, in list order (every one annotated readOnlyHint: true):
// - `wait`: names no capability; answers after a minute.
// - `status`: names no capability; asks every client for elicitation, sampling and roots (a
//   violation whenever the client did not declare them).
// - `audit`: names sampling in its description only; asks every client like `status`.
// - `sample` (requires prompt: string, maxTokens: integer >= 1) -> sampling/createMessage.
// - `elicit_preference` (requires topic: "colour" | "food", strict: boolean) -> elicitation/create.
// - `list_roots` (requires depth: integer >= 1) -> roots/list.
// A keyword tool asks only a client that declared its capability, and only when its arguments
// are valid; otherwise it answers an error and asks nothing.
// `--log FILE`: append one JSON line per initialize, tools/list and tools/call, with this
// process's pid and what the client declared (how many servers a run starts, and what each did).
// Run: deno run -A tests/e2e/compliance/_fixtures/keyword_server.ts [--misbehave undeclared]
//   [--log FILE]

const misbehave = Deno.args.includes("--misbehave") &&
  Deno.args[Deno.args.indexOf("--misbehave") + 1] === "undeclared";
const logFile = Deno.args.includes("--log") ? Deno.args[Deno.args.indexOf("--log") + 1] : undefined;
const log = (what: Record<string, unknown>) =>
  logFile === undefined ? undefined : Deno.writeTextFileSync(
    logFile,
    JSON.stringify({ pid: Deno.pid, declared: Object.keys(declared).sort(), ...what }) + "\n",
    { append: true },
  );
const encoder = new TextEncoder();
const write = (message: unknown) =>
  Deno.stdout.write(encoder.encode(JSON.stringify(message) + "\n"));
const READ_ONLY = { readOnlyHint: true };
const NO_ARGUMENTS = { type: "object", properties: {} };

const TOOLS = [
  { name: "wait", description: "Answers after a minute", inputSchema: NO_ARGUMENTS },
  { name: "status", description: "Reports the server's health", inputSchema: NO_ARGUMENTS },
  { name: "audit", description: "Audits the sampling settings", inputSchema: NO_ARGUMENTS },
  {
    name: "sample",
    description: "Asks the client's model",
    inputSchema: {
      type: "object",
      properties: { prompt: { type: "string" }, maxTokens: { type: "integer", minimum: 1 } },
      required: ["prompt", "maxTokens"],
    },
  },
  {
    name: "elicit_preference",
    description: "Asks the user a preference",
    inputSchema: {
      type: "object",
      properties: { topic: { enum: ["colour", "food"] }, strict: { type: "boolean" } },
      required: ["topic", "strict"],
    },
  },
  {
    name: "list_roots",
    description: "Lists the client's folders",
    inputSchema: {
      type: "object",
      properties: { depth: { type: "integer", minimum: 1 } },
      required: ["depth"],
    },
  },
].map((tool) => ({ ...tool, annotations: READ_ONLY }));

const REQUESTS: Record<string, { method: string; params?: unknown }> = {
  elicitation: {
    method: "elicitation/create",
    params: { message: "Colour?", requestedSchema: { type: "object", properties: {} } },
  },
  sampling: {
    method: "sampling/createMessage",
    params: { messages: [{ role: "user", content: { type: "text", text: "hi" } }], maxTokens: 5 },
  },
  roots: { method: "roots/list" },
};

type Args = Record<string, unknown>;
/** Each keyword tool: its capability and whether its arguments are valid. */
const KEYWORD_TOOLS: Record<string, { capability: string; valid: (a: Args) => boolean }> = {
  sample: {
    capability: "sampling",
    valid: (a) =>
      typeof a.prompt === "string" && Number.isInteger(a.maxTokens) && Number(a.maxTokens) >= 1,
  },
  elicit_preference: {
    capability: "elicitation",
    valid: (a) => ["colour", "food"].includes(a.topic as string) && typeof a.strict === "boolean",
  },
  list_roots: {
    capability: "roots",
    valid: (a) => Number.isInteger(a.depth) && Number(a.depth) >= 1,
  },
};

let declared: Record<string, unknown> = {};
let serverId = 0;
const ask = (capability: string) =>
  write({ jsonrpc: "2.0", id: `srv-${++serverId}`, ...REQUESTS[capability]! });
const text = (t: string, isError = false) => ({ content: [{ type: "text", text: t }], isError });

async function call(name: string, args: Args): Promise<unknown> {
  if (name === "wait") {
    await new Promise((resolve) => setTimeout(resolve, 60_000));
    return text("waited");
  }
  if (name === "status" || name === "audit") {
    for (const capability of Object.keys(REQUESTS)) await ask(capability);
    return text("ok");
  }
  const tool = KEYWORD_TOOLS[name];
  if (tool === undefined) return text(`unknown tool ${name}`, true);
  if (!tool.valid(args)) return text(`invalid arguments ${JSON.stringify(args)}`, true);
  if (declared[tool.capability] === undefined && !misbehave) {
    return text(`${tool.capability} is not available`);
  }
  await ask(tool.capability);
  return text("asked");
}

async function handle(message: Record<string, unknown>): Promise<void> {
  const { id, method } = message;
  if (id === undefined || method === undefined) return; // a notification or a client's answer
  const params = (message.params ?? {}) as Record<string, unknown>;
  let result: unknown = {};
  if (method === "initialize") {
    declared = (params.capabilities ?? {}) as Record<string, unknown>;
    log({ method });
    result = {
      protocolVersion: params.protocolVersion ?? "2025-11-25",
      capabilities: { tools: {} },
      serverInfo: { name: "keyword-fixture", version: "1.0.0" },
    };
  } else if (method === "tools/list") {
    log({ method });
    result = { tools: TOOLS };
  } else if (method === "tools/call") {
    log({ method, name: params.name });
    result = await call(String(params.name), (params.arguments ?? {}) as Args);
  } else if (method !== "ping") {
    await write({ jsonrpc: "2.0", id, error: { code: -32601, message: "Method not found" } });
    return;
  }
  await write({ jsonrpc: "2.0", id, result });
}

let buffer = "";
const decoder = new TextDecoder();
for await (const chunk of Deno.stdin.readable) {
  buffer += decoder.decode(chunk, { stream: true });
  let newline;
  while ((newline = buffer.indexOf("\n")) >= 0) {
    const line = buffer.slice(0, newline).trim();
    buffer = buffer.slice(newline + 1);
    if (line === "") continue;
    try {
      const message = JSON.parse(line);
      // `wait` must not hold up the pings of a fence: each request is handled on its own.
      void handle(message);
    } catch {
      await write({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } });
    }
  }
}
