/** @module SEP-2567 probes: no sessions; list answers do not depend on the connection or earlier requests. */

import { fail, notVerified, pass, type Probe, type ProbeSet } from "./probe_types.ts";
import { describe, hasCapability, lacks, resultOf } from "./_helpers.ts";
import { anyListMethod, httpStateless as httpGate, needsStateless } from "./_stateless.ts";

/** A stable text of a list (order-insensitive: ordering is only a SHOULD). */
function canonical(items: unknown[]): string {
  return items.map((item) => JSON.stringify(item)).sort().join("\n");
}

function invariant(capability: string, method: string, key: string): Probe {
  return async (ctx) => {
    const gate = needsStateless(ctx);
    if (gate) return gate;
    if (!hasCapability(ctx, capability)) return lacks(capability);
    const first = resultOf(await ctx.cached(method))?.[key];
    if (!Array.isArray(first)) return notVerified(`${method} returned no ${key} list`);
    await ctx.cached("server/discover");
    const again = await ctx.session.request(method);
    const second = resultOf(again)?.[key];
    if (!Array.isArray(second)) return notVerified(`second ${method}: ${describe(again)}`);
    return canonical(first) === canonical(second)
      ? pass(`${method} listed the same ${first.length} item(s) twice, with other requests between`)
      : fail(
        `${method} changed between two requests on one connection (${first.length} vs ${second.length} items)`,
      );
  };
}

/** Check id -> probe. */
export const sep2567: ProbeSet = {
  probes: {
    "sep-2567-server-accepts-requests-without-session-id": async (ctx) => {
      const gate = httpGate(ctx);
      if (gate) return gate;
      const exchange = await ctx.cached(anyListMethod(ctx));
      return exchange.response?.result !== undefined
        ? pass("requests without Mcp-Session-Id were served")
        : fail(`a request without Mcp-Session-Id: ${describe(exchange)}`);
    },
    "sep-2567-tools-list-connection-invariant": invariant("tools", "tools/list", "tools"),
    "sep-2567-resources-list-connection-invariant": invariant(
      "resources",
      "resources/list",
      "resources",
    ),
    "sep-2567-prompts-list-connection-invariant": invariant("prompts", "prompts/list", "prompts"),
    "sep-2567-server-ignores-session-id": async (ctx) => {
      const gate = httpGate(ctx);
      if (gate) return gate;
      const method = anyListMethod(ctx);
      const exchange = await ctx.session.request(method, undefined, {
        headers: { "Mcp-Session-Id": "mcptest-stale-session" },
      });
      if (exchange.response?.result === undefined) {
        return fail(`${method} with a stale Mcp-Session-Id: ${describe(exchange)}`);
      }
      const echoed = exchange.http?.headers["mcp-session-id"];
      return echoed === undefined
        ? pass("a stale Mcp-Session-Id was ignored and no session id was sent back")
        : fail(`the server answered with Mcp-Session-Id ${JSON.stringify(echoed)}`);
    },
    "sep-2567-server-ignores-last-event-id": async (ctx) => {
      const gate = httpGate(ctx);
      if (gate) return gate;
      const method = anyListMethod(ctx);
      const exchange = await ctx.session.request(method, undefined, {
        headers: { "Last-Event-ID": "mcptest-0" },
      });
      return exchange.response?.result !== undefined
        ? pass("a Last-Event-ID header was ignored")
        : fail(`${method} with Last-Event-ID: ${describe(exchange)}`);
    },
  },
};
