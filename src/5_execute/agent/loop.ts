/** @module The agent loop: prompt + merged catalog to the model, each tool call dispatched to its owning server, until plain text or max_turns. */

import type { Session } from "../../2_connect/session/types.ts";
import type { CatalogTool, ConversationMessage, ModelClient, TurnReply } from "./model_client.ts";
import { costUsd } from "../../3_load/config/model_prices.ts";
import type { SpendLedger } from "./spend.ts";
import type { ModelRef } from "../../3_load/config/agent_types.ts";

/** One tool call in the trace. */
export interface TraceToolCall {
  /** The MCP tool name on its server. */
  readonly name: string;
  /** The name the model used (differs on a collision: `<server>__<name>`). */
  readonly exposed_name: string;
  /** The owning server's name. */
  readonly server: string;
  readonly args: Record<string, unknown>;
  /** The `tools/call` result (or `{error}` when the call failed). */
  readonly result: unknown;
  /** True when the result was an error (JSON-RPC error, `isError: true`, unknown tool). */
  readonly is_error: boolean;
  /** 1-based model turn that made the call. */
  readonly turn: number;
}

/** The conversation trace that `expect:` targets resolve against (docs/agents.md). */
export interface AgentTrace {
  readonly tool_calls: readonly TraceToolCall[];
  /** The model's last text. */
  readonly final_response: string;
  /** Model calls made. */
  readonly turns: number;
  /** `text` (answered), `max_turns`, `cost_cap`, `error`. */
  readonly stop_reason: "text" | "max_turns" | "cost_cap" | "error";
  readonly conversation: {
    readonly turns: number;
    readonly tokens: { readonly input: number; readonly output: number; readonly total: number };
    readonly messages: readonly ConversationMessage[];
  };
  /** The provider that answered (`stub` when the key was missing). */
  readonly provider: string;
  readonly model: string;
  /** USD spent (0 for the stub); null when the model's price is unknown. */
  readonly cost_usd: number | null;
  /** Tool-name collisions the catalog resolved. */
  readonly collisions: readonly string[];
}

/** Everything one run of the loop needs. */
export interface LoopInput {
  readonly model: ModelRef;
  readonly client: ModelClient;
  readonly prompt: string;
  readonly system?: string;
  readonly catalog: readonly CatalogTool[];
  readonly collisions: readonly string[];
  readonly sessions: ReadonlyMap<string, Session>;
  readonly maxTurns: number;
  readonly maxTokens: number;
  readonly ledger: SpendLedger;
}

/** Run the loop. Never throws: a provider failure or a tripped cap ends it with `error` set. */
export async function runAgentLoop(
  input: LoopInput,
): Promise<{ trace: AgentTrace; error?: string; capTripped?: boolean }> {
  const messages: ConversationMessage[] = [{ role: "user", text: input.prompt }];
  const calls: TraceToolCall[] = [];
  const byName = new Map(input.catalog.map((t) => [t.exposedName, t]));
  let input_ = 0, output = 0, turns = 0, spent = 0, priced = true;
  let finalText = "";
  let stop: AgentTrace["stop_reason"] = "max_turns";
  let error: string | undefined;
  let capTripped = false;
  // The stub and a replayed cassette cost nothing: no cap check, no spend.
  const free = input.client.stub || input.client.replayed === true;
  while (turns < input.maxTurns) {
    let reply: TurnReply;
    try {
      if (!free) {
        const estimate = Math.ceil(
          (JSON.stringify(messages).length + JSON.stringify(input.catalog).length +
            (input.system?.length ?? 0)) / 4,
        );
        input.ledger.beforeCall(input.model, spent, estimate, input.maxTokens);
      }
      reply = await input.client.turn({
        ...(input.system ? { system: input.system } : {}),
        messages,
        tools: input.catalog,
        maxOutputTokens: input.maxTokens,
      });
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
      capTripped = e instanceof Error && e.name === "CostCapError";
      stop = capTripped ? "cost_cap" : "error";
      break;
    }
    turns++;
    input_ += reply.usage.input;
    output += reply.usage.output;
    if (!free) {
      if (input.model.price) {
        const usd = costUsd(input.model.price, reply.usage);
        spent += usd;
        input.ledger.afterCall(usd);
      } else priced = false;
    }
    if (reply.text) finalText = reply.text;
    messages.push({ role: "assistant", text: reply.text, toolCalls: reply.toolCalls });
    if (reply.toolCalls.length === 0) {
      stop = "text";
      break;
    }
    const results: Array<{ id: string; name: string; text: string }> = [];
    for (const call of reply.toolCalls) {
      const done = await dispatch(call.name, call.args, byName, input.sessions);
      calls.push({ ...done.call, args: call.args, exposed_name: call.name, turn: turns });
      results.push({ id: call.id, name: call.name, text: done.text });
    }
    messages.push({ role: "tool", results });
  }
  const trace: AgentTrace = {
    tool_calls: calls,
    final_response: finalText,
    turns,
    stop_reason: stop,
    conversation: { turns, tokens: { input: input_, output, total: input_ + output }, messages },
    provider: input.client.provider,
    model: input.model.label,
    cost_usd: free ? 0 : priced ? spent : null,
    collisions: input.collisions,
  };
  return {
    trace,
    ...(error !== undefined ? { error } : {}),
    ...(capTripped ? { capTripped } : {}),
  };
}

async function dispatch(
  exposed: string,
  args: Record<string, unknown>,
  byName: ReadonlyMap<string, CatalogTool>,
  sessions: ReadonlyMap<string, Session>,
): Promise<{ call: Omit<TraceToolCall, "args" | "exposed_name" | "turn">; text: string }> {
  const tool = byName.get(exposed);
  const session = tool ? sessions.get(tool.serverKey) : undefined;
  if (!tool || !session) {
    const message = `unknown tool "${exposed}"`;
    return {
      call: { name: exposed, server: "", result: { error: message }, is_error: true },
      text: message,
    };
  }
  const exchange = await session.request("tools/call", { name: tool.name, arguments: args });
  const response = exchange.response as { result?: unknown; error?: unknown } | undefined;
  if (exchange.failure || !response) {
    const message = exchange.failure?.message ?? "no response";
    return {
      call: { name: tool.name, server: tool.server, result: { error: message }, is_error: true },
      text: `error: ${message}`,
    };
  }
  if (response.error !== undefined) {
    return {
      call: {
        name: tool.name,
        server: tool.server,
        result: { error: response.error },
        is_error: true,
      },
      text: `error: ${JSON.stringify(response.error)}`,
    };
  }
  const result = response.result as { content?: unknown; isError?: unknown } | undefined;
  return {
    call: { name: tool.name, server: tool.server, result, is_error: result?.isError === true },
    text: resultText(result),
  };
}

/** The text blocks of a tool result, else its JSON. */
function resultText(result: { content?: unknown } | undefined): string {
  const blocks = Array.isArray(result?.content) ? result.content : [];
  const texts = blocks.flatMap((b) =>
    b && typeof b === "object" && (b as { type?: unknown }).type === "text"
      ? [String((b as { text?: unknown }).text ?? "")]
      : []
  );
  return texts.length > 0 ? texts.join("\n") : JSON.stringify(result ?? null);
}
