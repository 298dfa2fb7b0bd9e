/** @module An in-memory transport for exactly one request: deliver it, await its response. */

import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage, MessageExtraInfo } from "@modelcontextprotocol/sdk/types.js";
import {
  asErrorResponse,
  asResult,
  type RpcErrorResponse,
  type RpcRequest,
  type RpcResult,
} from "./rpc.ts";

/**
 * Serves one request without a session, as a stateless HTTP POST needs: notifications and
 * server-to-client requests sent meanwhile are dropped. Connect a fresh server to each instance.
 */
export class OneShotTransport implements Transport {
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  onmessage?:
    | (<T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void)
    | undefined;

  readonly #reply = Promise.withResolvers<RpcResult | RpcErrorResponse | undefined>();
  #closed = false;

  start(): Promise<void> {
    return Promise.resolve();
  }

  send(message: JSONRPCMessage): Promise<void> {
    const response = asResult(message) ?? asErrorResponse(message);
    if (response) this.#reply.resolve(response);
    return Promise.resolve();
  }

  close(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    this.#closed = true;
    this.#reply.resolve(undefined);
    this.onclose?.();
    return Promise.resolve();
  }

  /** Deliver `request`; resolves with its response, or undefined when closed first. */
  exchange(
    request: RpcRequest,
    extra: MessageExtraInfo,
  ): Promise<RpcResult | RpcErrorResponse | undefined> {
    this.onmessage?.(request, extra);
    return this.#reply.promise;
  }
}
