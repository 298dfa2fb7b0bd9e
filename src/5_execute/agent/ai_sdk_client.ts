/** @module A ModelClient over the AI SDK (`ai` and the `@ai-sdk/*` providers): the only code that talks to a model API. */

import { generateText, jsonSchema, type ModelMessage, type ToolSet } from "ai";
import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAI } from "@ai-sdk/openai";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createMistral } from "@ai-sdk/mistral";
import type { ConversationMessage, ModelClient, TurnReply, TurnRequest } from "./model_client.ts";
import type { ModelRef } from "../../3_load/config/agent_types.ts";

/** Timeout of one model call (ms), retries included. */
const CALL_TIMEOUT_MS = 120_000;

/**
 * A client for `model` through its provider's AI SDK package. The key goes only into the
 * provider's own header (the SDK sets `x-api-key`, `Authorization: Bearer` or `x-goog-api-key`).
 * @param model a resolved model with its key set
 */
export function aiSdkClient(model: ModelRef & { apiKey: string }): ModelClient {
  const language = languageModel(model);
  return {
    provider: model.provider,
    stub: false,
    async turn(request: TurnRequest): Promise<TurnReply> {
      const tools: ToolSet = {};
      for (const tool of request.tools) {
        tools[tool.exposedName] = {
          description: tool.description,
          inputSchema: jsonSchema(tool.inputSchema as Parameters<typeof jsonSchema>[0]),
        } as ToolSet[string];
      }
      const result = await generateText({
        model: language,
        ...(request.system ? { system: request.system } : {}),
        messages: toModelMessages(request.messages),
        ...(request.tools.length > 0 ? { tools } : {}),
        maxOutputTokens: request.maxOutputTokens,
        maxRetries: 2,
        abortSignal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
      return {
        text: result.text,
        toolCalls: result.toolCalls.map((call) => ({
          id: call.toolCallId,
          name: call.toolName,
          args: (call.input ?? {}) as Record<string, unknown>,
        })),
        usage: { input: result.usage.inputTokens ?? 0, output: result.usage.outputTokens ?? 0 },
      };
    },
  };
}

function languageModel(model: ModelRef & { apiKey: string }) {
  const base = model.baseUrl ? { baseURL: model.baseUrl } : {};
  switch (model.family) {
    case "anthropic":
      return createAnthropic({ apiKey: model.apiKey, ...base })(model.id);
    case "openai": {
      const provider = createOpenAI({
        apiKey: model.apiKey,
        ...base,
        ...(model.organization ? { organization: model.organization } : {}),
        ...(model.named ? { name: model.provider } : {}),
      });
      return model.api === "chat" ? provider.chat(model.id) : provider.responses(model.id);
    }
    case "google":
      return createGoogleGenerativeAI({ apiKey: model.apiKey, ...base })(model.id);
    case "mistral":
      return createMistral({ apiKey: model.apiKey, ...base })(model.id);
  }
}

function toModelMessages(messages: readonly ConversationMessage[]): ModelMessage[] {
  return messages.map((m): ModelMessage => {
    switch (m.role) {
      case "user":
        return { role: "user", content: m.text };
      case "assistant":
        return {
          role: "assistant",
          content: [
            ...(m.text ? [{ type: "text" as const, text: m.text }] : []),
            ...m.toolCalls.map((c) => ({
              type: "tool-call" as const,
              toolCallId: c.id,
              toolName: c.name,
              input: c.args,
            })),
          ],
        };
      case "tool":
        return {
          role: "tool",
          content: m.results.map((r) => ({
            type: "tool-result" as const,
            toolCallId: r.id,
            toolName: r.name,
            output: { type: "text" as const, value: r.text },
          })),
        };
    }
  });
}
