/** @module The probe contract: a probe decides one check id by talking to the server through a Session. */

import type { SafeTool } from "../../../3_load/config/safe_tool.ts";
import type { Exchange, RequestOptions, Session } from "../../../2_connect/session/types.ts";
import type { DpopCredentials } from "./_dpop_proof.ts";

/** What a probe found. */
export interface ProbeOutcome {
  /** The verdict on the check. */
  readonly status: "pass" | "fail" | "not-applicable" | "not-verified";
  /** Why, in one line (shown in every report). */
  readonly detail?: string;
}

/** The shared view of the server every probe gets. */
export interface ProbeContext {
  /** The live session with the server. */
  readonly session: Session;
  /**
   * The tools the user named safe to call, with their arguments (`--safe-tool`): the probes that
   * must call a tool call these, in this order, instead of the read-only tools they can call
   * without arguments (the default when none is named).
   */
  readonly safeTools?: readonly SafeTool[];
  /**
   * A DPoP-bound access token and its key (the `dpop` option of runConformance): the SEP-1932
   * probes send proofs with them; without them those needing an accepted proof stay not-verified.
   */
  readonly dpop?: DpopCredentials;
  /** The corpus version being scored. */
  readonly version: string;
  /** Whether the negotiated revision is the stateless (2026-07-28) one. */
  readonly stateless: boolean;
  /** The transport the session runs over. */
  readonly transport: "stdio" | "http";
  /** Capabilities the server advertised ({} when none). */
  readonly capabilities: Readonly<Record<string, unknown>>;
  /**
   * A request whose exchange is shared between probes (same method and params = one request).
   * Several may be in flight at once: they join {@link exchanges} in the order they were asked for.
   */
  cached(method: string, params?: Record<string, unknown>): Promise<Exchange>;
  /**
   * A request whose answer may never come by design: a `subscriptions/listen` stream, or a call
   * mcptest cuts off to see what the server does next. Its deadline is the server's `timeoutMs`
   * (`--timeout`) unless `options` says otherwise, and reaching it is not the server's silence: it
   * never marks the check unanswered (see {@link ProbeOutcome} and the tier rule).
   */
  stream(
    method: string,
    params?: Record<string, unknown>,
    options?: RequestOptions,
  ): Promise<Exchange>;
  /**
   * Every exchange the run's probes got so far (requests, raw frames, streams, shared ones once),
   * in the order they settled (shared ones in the order they were asked for), with their HTTP
   * facts: what the late probes read for evidence.
   */
  exchanges(): readonly Exchange[];
}

/** A probe. It never throws on a server failure (a thrown error is reported as not-verified). */
export interface Probe {
  (ctx: ProbeContext): Promise<ProbeOutcome>;
}

/** The probes of one SEP file: check id -> probe. Probes listed in `late` run after all others. */
export interface ProbeSet {
  readonly probes: Readonly<Record<string, Probe>>;
  readonly late?: readonly string[];
}

/** Shorthand outcomes. */
export const pass = (detail?: string): ProbeOutcome =>
  detail === undefined ? { status: "pass" } : { status: "pass", detail };
/** A failed check with the reason. */
export const fail = (detail: string): ProbeOutcome => ({ status: "fail", detail });
/** The server does not offer what the check is about. */
export const notApplicable = (detail: string): ProbeOutcome => ({
  status: "not-applicable",
  detail,
});
/** The probe could not reach a verdict. */
export const notVerified = (detail: string): ProbeOutcome => ({ status: "not-verified", detail });

/** Why an HTTP-only check does not apply to a stdio server (the SKIP reason in every report). */
export const STDIO_SKIP = "HTTP-only requirement; the server runs over stdio";

export type { DpopCredentials, SafeTool };
