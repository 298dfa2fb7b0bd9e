/** @module Test helpers for probe tests: a ProbeContext over a scripted session, and running one probe by check id. */

import assert from "node:assert/strict";
import type { ProbeContext, ProbeOutcome } from "../../src/conformance/probe_types.ts";
import { PROBES } from "../../src/conformance/probes/registry.ts";
import type { Exchange, Session } from "../../src/session/types.ts";
import { type Scripted, scriptedSession, type Seen } from "./_fake.ts";

/** Answers each request the probe sends. */
export type Script = (method: string, params: Record<string, unknown>, seen: Seen) => Scripted;

/** A request that got no answer within the probe's window. */
export const TIMEOUT = { failure: { kind: "timeout" as const, message: "window over" } };

/**
 * A stateless 2026-07-28 probe context whose session answers with `script`; `cached` shares one
 * exchange per (method, params).
 * @param options.url when set, the session's server target is this Streamable HTTP URL
 */
export function scriptedContext(options: {
  readonly script: Script;
  readonly capabilities: Record<string, unknown>;
  readonly transport?: "stdio" | "http";
  readonly url?: string;
}): ProbeContext {
  const { capabilities } = options;
  const transport = options.transport ?? "http";
  const scripted = scriptedSession({
    protocolVersion: "2026-07-28",
    capabilities,
    transport,
    script: options.script,
  });
  const session: Session = options.url === undefined ? scripted : {
    ...scripted,
    server: {
      ...scripted.server,
      target: { kind: "http", url: options.url, headers: {}, transport: "streamable-http" },
    },
  };
  const cache = new Map<string, Promise<Exchange>>();
  return {
    session,
    version: "2026-07-28",
    stateless: true,
    transport,
    capabilities,
    cached(method, params) {
      const key = `${method}${JSON.stringify(params ?? null)}`;
      if (!cache.has(key)) cache.set(key, session.request(method, params));
      return cache.get(key)!;
    },
  };
}

/** Run the probe of `check` (failing the test when no probe has that id). */
export async function runProbe(check: string, ctx: ProbeContext): Promise<ProbeOutcome> {
  const probe = PROBES[check];
  assert.ok(probe, `no probe for ${check}`);
  return await probe(ctx);
}
