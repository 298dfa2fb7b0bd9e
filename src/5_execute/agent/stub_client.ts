/** @module The deterministic stub model: answers when a model's key is missing, with a reproducible tool choice from the prompt and the catalog. */

import type {
  CatalogTool,
  ConversationMessage,
  ModelClient,
  TurnReply,
  TurnRequest,
} from "./model_client.ts";

/** Words too common to say anything about a tool. */
const STOP = new Set(
  "a an and are as at be by can do for from get give how i in is it me my of on or please set show the this to up use what when where which who why with you your"
    .split(" "),
);

/** Lower-cased content words of a text, with a trailing plural `s` dropped. */
export function words(text: string): Set<string> {
  const out = new Set<string>();
  for (const raw of text.toLowerCase().split(/[^a-z0-9]+/)) {
    if (raw.length < 2 || STOP.has(raw)) continue;
    out.add(raw.length > 3 && /[^su]s$/.test(raw) ? raw.slice(0, -1) : raw);
  }
  return out;
}

/**
 * The stub provider. Each turn it picks the not-yet-called tool whose name and description share
 * the most words with the prompt (ties: catalog order); with none left that shares a word it
 * answers in plain text, quoting the tool results. Arguments come from the prompt: quoted text,
 * then capitalised words (not the first word), then numbers, then enum values named in it.
 * Usage is counted as one token per 4 characters; it costs nothing.
 */
export function stubClient(): ModelClient {
  return {
    provider: "stub",
    stub: true,
    turn(request: TurnRequest): Promise<TurnReply> {
      return Promise.resolve(stubTurn(request));
    },
  };
}

function stubTurn(request: TurnRequest): TurnReply {
  const prompt = request.messages.filter((m) => m.role === "user").map((m) => m.text).join("\n");
  const called = new Set(
    request.messages.flatMap((m) => m.role === "assistant" ? m.toolCalls.map((c) => c.name) : []),
  );
  const asked = words(prompt);
  let best: { tool: CatalogTool; score: number } | undefined;
  for (const tool of request.tools) {
    if (called.has(tool.exposedName)) continue;
    const own = words(`${tool.name.replace(/[_-]/g, " ")} ${tool.description}`);
    const score = [...own].filter((w) => asked.has(w)).length;
    if (score > 0 && (!best || score > best.score)) best = { tool, score };
  }
  const inputChars = JSON.stringify(request.messages).length + JSON.stringify(request.tools).length;
  const usage = (outputChars: number) => ({
    input: Math.ceil(inputChars / 4),
    output: Math.max(1, Math.ceil(outputChars / 4)),
  });
  const round = request.messages.filter((m) => m.role === "assistant").length;
  if (best) {
    const args = argsFor(best.tool.inputSchema, prompt);
    const call = { id: `stub_${round}`, name: best.tool.exposedName, args };
    return { text: "", toolCalls: [call], usage: usage(JSON.stringify(args).length) };
  }
  const text = finalText(request.messages, prompt);
  return { text, toolCalls: [], usage: usage(text.length) };
}

function finalText(messages: readonly ConversationMessage[], prompt: string): string {
  const results = messages.flatMap((m) => m.role === "tool" ? m.results : []);
  if (results.length === 0) return `(stub) No tool matched: ${prompt}`;
  return results.map((r) => `${r.name}: ${r.text}`).join("\n");
}

/** Arguments for a tool's JSON Schema, filled from the prompt. */
export function argsFor(schema: Record<string, unknown>, prompt: string): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  const quoted = [...prompt.matchAll(/"([^"]+)"|'([^']+)'/g)].map((m) => m[1] ?? m[2] ?? "");
  const tokens = prompt.split(/\s+/).map((t) => t.replace(/^[^\w#@]+|[^\w]+$/g, ""));
  const capitalised = tokens.slice(1).filter((t) => /^[A-Z][a-zA-Z]+$/.test(t));
  const tagged = tokens.filter((t) => /^[#@]\w+/.test(t));
  const numbers = tokens.filter((t) => /^-?\d+(\.\d+)?$/.test(t)).map(Number);
  const strings = [...quoted, ...tagged, ...capitalised];
  const args: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(properties)) {
    const type = property.type;
    if (Array.isArray(property.enum)) {
      const lower = prompt.toLowerCase();
      const hit = property.enum.find((v) => lower.includes(String(v).toLowerCase()));
      if (hit !== undefined || required.has(name)) args[name] = hit ?? property.enum[0];
    } else if (type === "number" || type === "integer") {
      const n = numbers.shift();
      if (n !== undefined || required.has(name)) args[name] = n ?? 0;
    } else if (type === "boolean") {
      if (required.has(name)) args[name] = true;
    } else if (type === "string" || type === undefined) {
      const value = pickString(name, strings, prompt);
      if (value !== undefined || required.has(name)) args[name] = value ?? prompt;
    }
  }
  return args;
}

/** A string for a property: `#channel`-style tokens for channel-ish names, else the next candidate. */
function pickString(name: string, strings: string[], prompt: string): string | undefined {
  const lower = name.toLowerCase();
  if (/channel|tag|handle/.test(lower)) {
    const i = strings.findIndex((s) => /^[#@]/.test(s));
    if (i >= 0) return strings.splice(i, 1)[0];
  }
  if (/title|text|message|body|summary|description|query|content/.test(lower)) return prompt;
  const i = strings.findIndex((s) => !/^[#@]/.test(s));
  return i >= 0 ? strings.splice(i, 1)[0] : undefined;
}
