/** @module Test helpers for probe tests: a ProbeContext over a scripted session, and running one probe by check id. */

import type { SafeTool } from "../../../src/3_load/config/safe_tool.ts";
import assert from "node:assert/strict";
import type {
  DpopCredentials,
  ProbeContext,
  ProbeOutcome,
} from "../../../src/7_features/conformance/probes/probe_types.ts";
import { PROBES } from "../../../src/7_features/conformance/probes/registry.ts";
import { createProbeContext } from "../../../src/7_features/conformance/probes/probe_context.ts";
import type { Session } from "../../../src/2_connect/session/types.ts";
import { type Scripted, scriptedSession, type Seen } from "./_fake.ts";

/** Answers each request the probe sends. */
export type Script = (method: string, params: Record<string, unknown>, seen: Seen) => Scripted;

/** A request that got no answer within the probe's window. */
export const TIMEOUT = { failure: { kind: "timeout" as const, message: "window over" } };

/**
 * A stateless 2026-07-28 probe context whose session answers with `script`, built as a run builds
 * it (`createProbeContext`: `cached` shares one exchange per (method, params), `exchanges()` keeps
 * every exchange, `stream` is a request to the deadline).
 * @param options.url when set, the session's server target is this Streamable HTTP URL
 * @param options.serverMessages what the session's capture shows the server sent on its own
 * @param options.onNotify sees every notification the probe sends
 */
export function scriptedContext(options: {
  readonly script: Script;
  readonly capabilities: Record<string, unknown>;
  readonly transport?: "stdio" | "http";
  readonly url?: string;
  readonly serverMessages?: readonly unknown[];
  readonly onNotify?: (method: string, params: Record<string, unknown>) => void;
  readonly safeTools?: readonly SafeTool[];
  readonly dpop?: DpopCredentials;
  /** The session's per-request deadline (`--timeout`; default 1000 ms). */
  readonly timeoutMs?: number;
}): ProbeContext {
  const { capabilities } = options;
  const transport = options.transport ?? "http";
  const scripted = scriptedSession({
    protocolVersion: "2026-07-28",
    capabilities,
    transport,
    script: options.script,
    ...(options.serverMessages ? { serverMessages: options.serverMessages } : {}),
    ...(options.onNotify ? { onNotify: options.onNotify } : {}),
  });
  const server = options.timeoutMs === undefined
    ? scripted.server
    : { ...scripted.server, timeoutMs: options.timeoutMs };
  const plain: Session = server === scripted.server ? scripted : { ...scripted, server };
  const session: Session = options.url === undefined ? plain : {
    ...scripted,
    server: {
      ...server,
      target: { kind: "http", url: options.url, headers: {}, transport: "streamable-http" },
    },
  };
  return createProbeContext(session, {
    version: "2026-07-28",
    transport,
    ...(options.safeTools ? { safeTools: options.safeTools } : {}),
    ...(options.dpop ? { dpop: options.dpop } : {}),
  }).ctx;
}

/** Run the probe of `check` (failing the test when no probe has that id). */
export async function runProbe(check: string, ctx: ProbeContext): Promise<ProbeOutcome> {
  const probe = PROBES[check];
  assert.ok(probe, `no probe for ${check}`);
  return await probe(ctx);
}
