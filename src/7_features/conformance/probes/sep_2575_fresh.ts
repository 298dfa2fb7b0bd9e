/** @module SEP-2575 probe: a request that carries its own `_meta` is served on a fresh connection with no earlier request. */

import { findRevision } from "../../../0_base/protocol/revisions.ts";
import { openSession } from "../../../2_connect/session/connect.ts";
import type { Exchange } from "../../../2_connect/session/types.ts";
import { fail, notVerified, pass, type ProbeContext, type ProbeSet } from "./probe_types.ts";
import { describe, oneLine } from "./_helpers.ts";
import { anyListMethod, needsStateless } from "./_stateless.ts";

/**
 * Open a connection of its own (a second process on stdio, a new transport over HTTP), send
 * `method` as its very first message, under the negotiated revision's `_meta`, and close it.
 */
async function firstRequest(ctx: ProbeContext, method: string): Promise<Exchange | string> {
  const revision = findRevision(ctx.session.protocolVersion);
  if (!revision) return `unknown negotiated revision ${ctx.session.protocolVersion}`;
  const timeoutMs = ctx.session.server.timeoutMs;
  let session;
  try {
    session = await openSession(ctx.session.server, { timeoutMs, capture: false });
  } catch (error) {
    return `could not open a second connection: ${
      oneLine(error instanceof Error ? error.message : String(error))
    }`;
  }
  try {
    return await session.requestAs(revision, method, undefined, { timeoutMs });
  } finally {
    await session.close();
  }
}

/** Check id -> probe. */
export const sep2575Fresh: ProbeSet = {
  probes: {
    "sep-2575-server-stateless-no-prior-context": async (ctx) => {
      const gate = needsStateless(ctx);
      if (gate) return gate;
      const method = anyListMethod(ctx);
      const exchange = await firstRequest(ctx, method);
      if (typeof exchange === "string") return notVerified(exchange);
      if (exchange.response?.result !== undefined) {
        return pass(`${method} as the first request of a fresh connection was served`);
      }
      const refused = exchange.response?.error !== undefined ||
        (exchange.failure?.kind === "http" && (exchange.http?.status ?? 0) >= 400);
      return refused
        ? fail(
          `${method} as the first request of a fresh connection (no server/discover before it): ${
            describe(exchange)
          }`,
        )
        : notVerified(`${method} on a fresh connection: ${describe(exchange)}`);
    },
  },
};
