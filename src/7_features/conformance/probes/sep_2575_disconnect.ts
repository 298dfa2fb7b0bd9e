/** @module SEP-2575 probe: closing a request's SSE response stream cancels it (no further message for it afterwards). */

import type { JsonRpcMessage } from "../../../0_base/protocol/jsonrpc.ts";
import { fail, notVerified, type ProbeContext, type ProbeSet } from "./probe_types.ts";
import { argumentsFor, asRecord, describe, isOutcome } from "./_helpers.ts";
import { httpStateless } from "./_stateless.ts";
import { safeTools } from "./_task_run.ts";

/** Filter field -> the capability whose listChanged allows it (any one opens a listen stream). */
const LISTEN_FILTERS: ReadonlyArray<readonly [string, string]> = [
  ["tools", "toolsListChanged"],
  ["prompts", "promptsListChanged"],
  ["resources", "resourcesListChanged"],
];

/** The progress token of a progress notification, or undefined. */
function progressTokenOf(message: JsonRpcMessage): unknown {
  if (!("method" in message) || message.method !== "notifications/progress") return undefined;
  return asRecord((message as { params?: unknown }).params)?.progressToken;
}

/** A listen filter the server can honour, or undefined when it advertises no listChanged. */
function listenFilter(ctx: ProbeContext): Record<string, boolean> | undefined {
  const found = LISTEN_FILTERS.find(([capability]) =>
    asRecord(ctx.capabilities[capability])?.listChanged === true
  );
  return found ? { [found[1]]: true } : undefined;
}

/** Check id -> probe. */
export const sep2575Disconnect: ProbeSet = {
  probes: {
    "sep-2575-http-server-disconnect-is-cancel": async (ctx) => {
      const gate = httpStateless(ctx);
      if (gate) return gate;
      const tools = await safeTools(ctx);
      if (isOutcome(tools)) return tools;
      // A call the server shows running (its first progress notification: an event) is cut off
      // then: the session closes its HTTP response stream. One that shows nothing runs to the
      // user's deadline (--timeout), never a shorter window.
      const window = ctx.session.server.timeoutMs;
      for (const tool of tools.slice(0, 5)) {
        const token = `mcptest-disconnect-${crypto.randomUUID().slice(0, 8)}`;
        const call = await ctx.stream("tools/call", {
          name: tool.name,
          arguments: argumentsFor(ctx, tool.name),
          _meta: { progressToken: token },
        }, { until: (n) => progressTokenOf(n) === token });
        if (call.failure?.kind !== "timeout" && call.failure?.kind !== "stopped") continue;
        const when = call.failure.kind === "stopped"
          ? "at its first progress notification"
          : `after ${window} ms`;
        const before = call.notifications.filter((n) => progressTokenOf(n) === token).length;
        const filter = listenFilter(ctx);
        if (!filter) {
          return notVerified(
            `closed the stream of tools/call "${tool.name}" ${when} (${before} progress ` +
              "notification(s) before); the server advertises no listChanged to subscribe to, " +
              "so no other stream could show whether work for it went on",
          );
        }
        // A stream opened after the close: a message for the cancelled request must not appear.
        const listen = await ctx.stream("subscriptions/listen", { notifications: filter }, {
          until: (n) => "method" in n && n.method === "notifications/subscriptions/acknowledged",
        });
        const leaked = listen.notifications.filter((n) => progressTokenOf(n) === token);
        if (leaked.length > 0) {
          return fail(
            `after mcptest closed the stream of tools/call "${tool.name}", ${leaked.length} ` +
              `notifications/progress for it arrived on a subscriptions/listen stream`,
          );
        }
        const listened = listen.response?.error
          ? `subscriptions/listen failed (${describe(listen)})`
          : "no message for it arrived on a subscriptions/listen stream opened after the close, up to its acknowledgment";
        return notVerified(
          `closed the stream of tools/call "${tool.name}" ${when} (${before} progress ` +
            `notification(s) before); ${listened}, but whether the server stopped the work is ` +
            "not observable from outside",
        );
      }
      return notVerified(
        tools.length === 0
          ? "no read-only tool without required arguments to call, so no request to cancel"
          : `every read-only tool without required arguments answered within ${window} ms, ` +
            "so no response stream stayed open to close",
      );
    },
  },
};
