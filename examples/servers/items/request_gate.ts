/** @module A transport wrapper in front of the SDK server: the dual era (2026 `_meta`, pre-initialize guard, result decoration) and unknown tools as -32602. */

import type {
  Transport,
  TransportSendOptions,
} from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage, MessageExtraInfo } from "@modelcontextprotocol/sdk/types.js";
import {
  CACHE_HINTS,
  type Era,
  META_PROTOCOL_VERSION,
  META_SERVER_INFO,
  SERVER_INFO,
} from "./era.ts";
import { asErrorResponse, asRequest, asResult, type RequestId, type RpcRequest } from "./rpc.ts";
import { isStatelessRequest, statelessMetaProblem } from "./stateless_meta.ts";
import { ErrorCodes, WireError } from "./wire_error.ts";

/** Options of {@link RequestGate}. */
export interface RequestGateOptions {
  readonly era: Era;
  /** Names of the registered tools; tools/call of any other name gets -32602. */
  readonly tools: ReadonlySet<string>;
  /**
   * Serve requests that arrive with neither a prior `initialize` nor 2026 `_meta` (the sessionless
   * HTTP convenience). When false such a request gets -32602.
   */
  readonly lenient: boolean;
}

/** Methods a client may send before `initialize`. */
const BEFORE_INITIALIZE = new Set(["initialize", "server/discover", "ping"]);

/** Cache hints (SEP-2549) added to 2026 results of list and read methods. */
const HINTS_BY_METHOD: Readonly<Record<string, { ttlMs: number; cacheScope: string }>> = {
  "tools/list": CACHE_HINTS.static,
  "prompts/list": CACHE_HINTS.static,
  "resources/templates/list": CACHE_HINTS.static,
  "resources/list": CACHE_HINTS.items,
  "resources/read": CACHE_HINTS.items,
};

/**
 * Wraps the transport a server is connected to and answers, before the SDK sees them, the
 * requests the SDK would answer differently from the spec:
 * - dual era: a request whose params carry `_meta` `io.modelcontextprotocol/protocolVersion` is
 *   served statelessly (no initialize needed); an unsupported version gets -32022 and a result
 *   gains `resultType`, `_meta` serverInfo and cache hints. Other requests before `initialize`
 *   get -32602 unless the gate is lenient. The legacy era skips all of this.
 * - tools/call of an unknown tool gets the protocol error -32602 (McpServer would answer an
 *   isError result).
 */
export class RequestGate implements Transport {
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  onmessage?:
    | (<T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void)
    | undefined;

  readonly #inner: Transport;
  readonly #options: RequestGateOptions;
  /** Ids of in-flight 2026 requests -> their method. */
  readonly #stateless = new Map<RequestId, string>();
  #initialized = false;

  constructor(inner: Transport, options: RequestGateOptions) {
    this.#inner = inner;
    this.#options = options;
  }

  get sessionId(): string | undefined {
    return this.#inner.sessionId;
  }

  start(): Promise<void> {
    this.#inner.onmessage = (message: JSONRPCMessage, extra?: MessageExtraInfo) =>
      this.#receive(message, extra);
    this.#inner.onclose = () => this.onclose?.();
    this.#inner.onerror = (error: Error) => this.onerror?.(error);
    return this.#inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    return this.#inner.send(this.#decorate(message), options);
  }

  close(): Promise<void> {
    return this.#inner.close();
  }

  #receive(message: JSONRPCMessage, extra: MessageExtraInfo | undefined): void {
    const request = asRequest(message);
    const refusal = request ? this.#refusal(request) ?? this.#unknownTool(request) : undefined;
    if (request && refusal) {
      this.#reject(request.id, refusal);
      return;
    }
    this.onmessage?.(message, extra);
  }

  #unknownTool(request: RpcRequest): WireError | undefined {
    if (request.method !== "tools/call") return undefined;
    const params = request.params;
    const name = typeof params === "object" && params !== null && "name" in params
      ? params.name
      : undefined;
    if (typeof name !== "string" || this.#options.tools.has(name)) return undefined;
    return new WireError(ErrorCodes.invalidParams, `invalid params: unknown tool ${name}`);
  }

  /** The era error a request gets before reaching the server, if any; records 2026 requests. */
  #refusal(request: RpcRequest): WireError | undefined {
    if (this.#options.era === "legacy") return undefined;
    if (isStatelessRequest(request.params)) {
      const problem = statelessMetaProblem(request.params);
      if (!problem) this.#stateless.set(request.id, request.method);
      return problem;
    }
    if (request.method === "initialize") this.#initialized = true;
    if (this.#initialized || this.#options.lenient || BEFORE_INITIALIZE.has(request.method)) {
      return undefined;
    }
    return new WireError(
      ErrorCodes.invalidParams,
      `invalid params: send initialize first, or _meta ${META_PROTOCOL_VERSION} on every request`,
    );
  }

  #reject(id: RequestId, error: WireError): void {
    const body = {
      code: error.code,
      message: error.message,
      ...(error.data === undefined ? {} : { data: error.data }),
    };
    this.#inner.send({ jsonrpc: "2.0", id, error: body }).catch((cause: unknown) =>
      this.onerror?.(cause instanceof Error ? cause : new Error(String(cause)))
    );
  }

  #decorate(message: JSONRPCMessage): JSONRPCMessage {
    const failed = asErrorResponse(message);
    if (failed?.id !== null && failed?.id !== undefined) this.#stateless.delete(failed.id);
    const response = asResult(message);
    const method = response ? this.#stateless.get(response.id) : undefined;
    if (!response || method === undefined) return message;
    this.#stateless.delete(response.id);
    const { result } = response;
    const meta = typeof result._meta === "object" && result._meta !== null ? result._meta : {};
    return {
      ...response,
      result: {
        resultType: "complete",
        ...HINTS_BY_METHOD[method],
        ...result,
        _meta: { ...meta, [META_SERVER_INFO]: { ...SERVER_INFO } },
      },
    };
  }
}
