/** @module Test helpers: a scripted Session for probe tests and a small corpus builder. */

import type { ServerSpec } from "../../../src/3_load/config/types.ts";
import type { JsonRpcMessage, JsonRpcResponse } from "../../../src/0_base/protocol/jsonrpc.ts";
import type { Exchange, RequestOptions, Session } from "../../../src/2_connect/session/types.ts";
import type { HttpInfo } from "../../../src/2_connect/transport/types.ts";

/** What the script answers for one request. */
export interface Scripted {
  readonly result?: unknown;
  readonly error?: { code: number; message?: string; data?: unknown };
  readonly http?: HttpInfo;
  readonly failure?: Exchange["failure"];
  /** Notifications that arrived while the request was in flight. */
  readonly notifications?: readonly JsonRpcMessage[];
}

/** A request the fake saw. */
export interface Seen {
  readonly method: string;
  readonly params: Record<string, unknown>;
  readonly headers: Record<string, string>;
  readonly raw?: string;
  /** The request's own deadline, when it set one. */
  readonly timeoutMs?: number;
}

/** Build a fake session. `script` answers each request (raw sends are parsed first). */
export function scriptedSession(options: {
  readonly protocolVersion: string;
  readonly capabilities: Record<string, unknown>;
  readonly transport?: "stdio" | "http";
  readonly serverMessages?: readonly unknown[];
  readonly script: (method: string, params: Record<string, unknown>, seen: Seen) => Scripted;
  /** Sees every notification the client sends. */
  readonly onNotify?: (method: string, params: Record<string, unknown>) => void;
}): Session & { seen: Seen[]; closed: boolean } {
  const server: ServerSpec = {
    key: "fake",
    name: "fake",
    target: options.transport === "http"
      ? { kind: "http", url: "http://127.0.0.1:1/mcp", headers: {}, transport: "auto" }
      : { kind: "stdio", command: ["fake"], env: {} },
    parallel: false,
    timeoutMs: 1000,
    source: "cli flag",
  };
  let id = 0;
  const seen: Seen[] = [];
  const exchanges: Array<{ request: unknown; response?: unknown }> = [];
  const exchange = (
    method: string,
    params: Record<string, unknown>,
    requestOptions: RequestOptions,
    raw?: string,
  ) => {
    const entry: Seen = {
      method,
      params,
      headers: { ...requestOptions.headers },
      ...(raw === undefined ? {} : { raw }),
      ...(requestOptions.timeoutMs === undefined ? {} : { timeoutMs: requestOptions.timeoutMs }),
    };
    seen.push(entry);
    const a = options.script(method, params, entry);
    const request: JsonRpcMessage = { jsonrpc: "2.0", id: ++id, method, params };
    const response: JsonRpcResponse | undefined = a.failure
      ? undefined
      : a.error
      ? { jsonrpc: "2.0", id, error: { message: "scripted", ...a.error } }
      : { jsonrpc: "2.0", id, result: a.result ?? {} };
    exchanges.push({ request, ...(response ? { response } : {}) });
    const out: Exchange = {
      request,
      ...(response ? { response } : {}),
      ...(a.failure ? { failure: a.failure } : {}),
      ...(a.http ? { http: a.http } : {}),
      durationMs: 1,
      notifications: [...(a.notifications ?? [])],
    };
    return Promise.resolve(out);
  };
  const session = {
    server,
    protocolVersion: options.protocolVersion,
    serverCapabilities: options.capabilities,
    serverInfo: { name: "fake", version: "1" },
    seen,
    closed: false,
    request(
      method: string,
      params: Record<string, unknown> = {},
      requestOptions: RequestOptions = {},
    ) {
      return exchange(method, params, requestOptions);
    },
    notify(method: string, params: Record<string, unknown> = {}) {
      options.onNotify?.(method, params);
      return Promise.resolve();
    },
    sendRaw(raw: string, requestOptions: RequestOptions = {}) {
      // A frame that does not parse reaches the script as method "" (with `seen.raw`).
      let parsed: { method?: string; params?: Record<string, unknown> } = {};
      try {
        parsed = JSON.parse(raw);
      } catch { /* malformed on purpose */ }
      return exchange(parsed.method ?? "", parsed.params ?? {}, requestOptions, raw);
    },
    capture: () => ({
      server_label: "fake",
      server_capabilities: options.capabilities,
      exchanges: [...exchanges],
      server_messages: (options.serverMessages ?? []).map((message) => ({ message })),
    }),
    close() {
      session.closed = true;
      return Promise.resolve();
    },
  };
  return session;
}

/** A stdio ServerSpec. */
export const STDIO_SERVER: ServerSpec = {
  key: "s",
  name: "s",
  target: { kind: "stdio", command: ["fake"], env: {} },
  parallel: false,
  timeoutMs: 1000,
  source: "cli flag",
};
