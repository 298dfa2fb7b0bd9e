/** @module A scripted Session for unit tests of the runner: answers each method from a table. */

import type { ServerSpec } from "../../src/3_load/config/types.ts";
import type { JsonRpcResponse } from "../../src/0_base/protocol/jsonrpc.ts";
import type { CaptureSession, Exchange, Session } from "../../src/2_connect/session/types.ts";

/** What the fake answers for one request. */
export type FakeAnswer = Partial<Omit<Exchange, "request">> & {
  result?: unknown;
  error?: JsonRpcResponse["error"];
};

/** Build a fake session whose `request` answers through `answer`. */
export function fakeSession(
  server: ServerSpec,
  answer: (method: string, params: Record<string, unknown>) => FakeAnswer,
): Session & {
  closed: boolean;
  requests: Array<{ method: string; params: Record<string, unknown> }>;
} {
  let id = 0;
  const exchanges: Array<{ request: unknown; response?: unknown }> = [];
  const requests: Array<{ method: string; params: Record<string, unknown> }> = [];
  const session = {
    server,
    protocolVersion: "2025-11-25",
    serverCapabilities: { tools: {} },
    serverInfo: { name: "fake", version: "0" },
    closed: false,
    requests,
    request(method: string, params: Record<string, unknown> = {}) {
      requests.push({ method, params });
      const a = answer(method, params);
      const request = { jsonrpc: "2.0" as const, id: ++id, method, params };
      const response: JsonRpcResponse | undefined = a.failure
        ? undefined
        : a.error
        ? { jsonrpc: "2.0", id, error: a.error }
        : { jsonrpc: "2.0", id, result: a.result ?? {} };
      exchanges.push({ request, ...(response ? { response } : {}) });
      const exchange: Exchange = {
        request,
        ...(response ? { response } : {}),
        ...(a.failure ? { failure: a.failure } : {}),
        durationMs: a.durationMs ?? 5,
        raw: a.raw ?? JSON.stringify(response ?? null),
        ...(a.http ? { http: a.http } : {}),
        notifications: [],
      };
      return Promise.resolve(exchange);
    },
    notify() {
      return Promise.resolve();
    },
    sendRaw(): Promise<Exchange> {
      return Promise.reject(new Error("not scripted"));
    },
    capture(): CaptureSession {
      return { server_label: "fake://", server_capabilities: { tools: {} }, exchanges };
    },
    close() {
      session.closed = true;
      return Promise.resolve();
    },
  };
  return session;
}

/** A stdio ServerSpec for tests. */
export function testServer(key = "s", overrides: Partial<ServerSpec> = {}): ServerSpec {
  return {
    key,
    name: key,
    target: { kind: "stdio", command: ["fake-server"], env: {} },
    parallel: false,
    timeoutMs: 1000,
    source: "test file",
    ...overrides,
  };
}
