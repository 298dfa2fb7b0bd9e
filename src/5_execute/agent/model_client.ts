/** @module The contract between the agent loop (and judges) and a model: one turn in, text or tool calls out. */

/** A tool as the model sees it. */
export interface CatalogTool {
  /** The name the model sees (unique in the catalog). */
  readonly exposedName: string;
  /** The MCP tool name on its server. */
  readonly name: string;
  /** The server's name (as the test wrote it). */
  readonly server: string;
  /** The owning server's key. */
  readonly serverKey: string;
  readonly description: string;
  /** The tool's JSON Schema input. */
  readonly inputSchema: Record<string, unknown>;
}

/** A tool call the model made. */
export interface ModelToolCall {
  readonly id: string;
  /** The exposed name the model used. */
  readonly name: string;
  readonly args: Record<string, unknown>;
}

/** A message of the conversation, provider-neutral. */
export type ConversationMessage =
  | { readonly role: "user"; readonly text: string }
  | {
    readonly role: "assistant";
    readonly text: string;
    readonly toolCalls: readonly ModelToolCall[];
  }
  | {
    readonly role: "tool";
    readonly results: ReadonlyArray<
      { readonly id: string; readonly name: string; readonly text: string }
    >;
  };

/** What one model call is asked. */
export interface TurnRequest {
  readonly system?: string;
  readonly messages: readonly ConversationMessage[];
  readonly tools: readonly CatalogTool[];
  readonly maxOutputTokens: number;
}

/** What one model call answered. */
export interface TurnReply {
  readonly text: string;
  readonly toolCalls: readonly ModelToolCall[];
  readonly usage: { readonly input: number; readonly output: number };
}

/** A model ready to answer turns. */
export interface ModelClient {
  /** The provider that answers: a family, a named provider, or `stub`. */
  readonly provider: string;
  /** Whether this is the deterministic stub (no key was set). */
  readonly stub: boolean;
  /** Answered from an agent cassette: costs nothing and is not checked against spend caps. */
  readonly replayed?: boolean;
  /** One model call. @throws {Error} a provider failure (after the SDK's retries) */
  turn(request: TurnRequest): Promise<TurnReply>;
}
