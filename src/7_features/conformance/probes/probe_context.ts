/** @module The ProbeContext of a run: a recording view of the session, shared requests, and which probe got no answer. */

import { findRevision } from "../../../0_base/protocol/revisions.ts";
import type { Exchange, RequestOptions, Session } from "../../../2_connect/session/types.ts";
import type { DpopCredentials, ProbeContext, SafeTool } from "./probe_types.ts";

/**
 * Whether a request got no answer at all: no response and no HTTP status, because its deadline
 * (`--timeout`) passed, the server provably moved past it (`unanswered`: a fenced raw frame) or
 * the connection closed under it. A JSON-RPC error, an HTTP error status or a frame that does not
 * parse are answers (bad ones), not silence.
 */
export function isSilent(exchange: Exchange): boolean {
  const kind = exchange.failure?.kind;
  return exchange.response === undefined && exchange.http === undefined &&
    (kind === "timeout" || kind === "unanswered" || kind === "closed");
}

/** A run's probe context and the attribution of silent requests to the probe that awaited them. */
export interface ProbeRecorder {
  /** The context every probe of the run gets (one object: probes share work through it). */
  readonly ctx: ProbeContext;
  /**
   * Run one probe and return what it decided with the requests it awaited that got no answer
   * (streams excepted). Probes run one at a time.
   */
  attribute<T>(body: () => Promise<T>): Promise<{ value: T; silent: readonly Exchange[] }>;
}

/** What a run's probe context is for: the corpus version, the transport, the user's safe tools. */
export interface ProbeContextOptions {
  /** The corpus version being scored. */
  readonly version: string;
  /** The transport the session runs over. */
  readonly transport: "stdio" | "http";
  /** The tools probes may call (`--safe-tool`). */
  readonly safeTools?: readonly SafeTool[];
  /** A DPoP-bound access token and its key, for the SEP-1932 probes. */
  readonly dpop?: DpopCredentials;
}

/**
 * The run's settled exchanges: a request joins as it settles; a shared one (`cached`) joins after
 * every shared one asked for before it, so shared requests in flight together keep the order they
 * were asked in, whichever the server answers first (one at a time, settling is asking order).
 */
function settleLog() {
  const settled: Exchange[] = [];
  let sharedTail: Promise<unknown> = Promise.resolve();
  const keep = (exchange: Exchange) => {
    settled.push(exchange);
    return exchange;
  };
  return {
    settled,
    send: (pending: Promise<Exchange>) => pending.then(keep),
    sendShared(pending: Promise<Exchange>): Promise<Exchange> {
      const joined = Promise.all([pending, sharedTail]).then(([exchange]) => keep(exchange));
      sharedTail = joined;
      return joined;
    },
  };
}

/**
 * Build the context of a run over `session`. Every exchange a probe gets (through `session`,
 * `cached` or `stream`) is kept for {@link ProbeContext.exchanges}; a silent one (see
 * {@link isSilent}) is charged to the probe running when it was asked for, except a `stream`.
 */
export function createProbeContext(session: Session, options: ProbeContextOptions): ProbeRecorder {
  const { settled, send, sendShared } = settleLog();
  let slot: Exchange[] | undefined;
  /** Keep the exchange once it settles; charge its silence to the probe that asked for it. */
  const track = (pending: Promise<Exchange>, charged: Exchange[] | undefined) =>
    pending.then((exchange) => {
      if (charged && isSilent(exchange)) charged.push(exchange);
      return exchange;
    });
  const cache = new Map<string, Promise<Exchange>>();
  const view: Session = {
    get server() {
      return session.server;
    },
    get protocolVersion() {
      return session.protocolVersion;
    },
    get serverCapabilities() {
      return session.serverCapabilities;
    },
    get serverInfo() {
      return session.serverInfo;
    },
    request: (method, params, requestOptions) =>
      track(send(session.request(method, params, requestOptions)), slot),
    notify: (method, params) => session.notify(method, params),
    sendRaw: (raw, rawOptions) => track(send(session.sendRaw(raw, rawOptions)), slot),
    capture: () => session.capture(),
    close: () => session.close(),
  };
  const fence: NonNullable<typeof view.fence> = (fenceOptions) => session.fence!(fenceOptions);
  if (session.fence) view.fence = fence;
  const revision = findRevision(session.protocolVersion);
  const ctx: ProbeContext = {
    session: view,
    version: options.version,
    stateless: revision?.lifecycle === "stateless",
    transport: options.transport,
    ...(options.safeTools?.length ? { safeTools: options.safeTools } : {}),
    ...(options.dpop ? { dpop: options.dpop } : {}),
    capabilities: session.serverCapabilities ?? {},
    cached(method, params) {
      const key = `${method}\u0000${JSON.stringify(params ?? null)}`;
      let exchange = cache.get(key);
      if (!exchange) {
        exchange = sendShared(session.request(method, params));
        cache.set(key, exchange);
      }
      return track(exchange, slot);
    },
    stream(method, params, requestOptions: RequestOptions = {}) {
      return send(session.request(method, params, {
        timeoutMs: session.server.timeoutMs,
        ...requestOptions,
      }));
    },
    exchanges: () => [...settled],
  };
  return {
    ctx,
    async attribute(body) {
      const mine: Exchange[] = [];
      const outer = slot;
      slot = mine;
      try {
        return { value: await body(), silent: mine };
      } finally {
        slot = outer;
      }
    },
  };
}
