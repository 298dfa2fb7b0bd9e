/** @module SEP-2575 probes: a server whose tools or prompts list changes while a subscriptions/listen stream asks for it sends the list_changed notification on that stream. */

import type { JsonRpcMessage } from "../../../0_base/protocol/jsonrpc.ts";
import type { Exchange } from "../../../2_connect/session/types.ts";
import {
  fail,
  notApplicable,
  notVerified,
  pass,
  type Probe,
  type ProbeContext,
  type ProbeOutcome,
  type ProbeSet,
} from "./probe_types.ts";
import { argumentsFor, asRecord, describe, isOutcome, resultOf } from "./_helpers.ts";
import { needsStateless } from "./_stateless.ts";
import { safeTools } from "./_task_run.ts";

const ACK = "notifications/subscriptions/acknowledged";

/** What a list looked like before and after mcptest called the tools it may call. */
interface Trigger {
  readonly called: readonly string[];
  readonly changed: boolean;
  readonly problem?: string;
}

/** The list (first page) as one comparable string, or why it could not be read. */
async function snapshot(ctx: ProbeContext, kind: string): Promise<string | ProbeOutcome> {
  const exchange = await ctx.session.request(`${kind}/list`);
  const items = resultOf(exchange)?.[kind];
  return Array.isArray(items)
    ? JSON.stringify(items)
    : notVerified(`${kind}/list did not return a ${kind} list: ${describe(exchange)}`);
}

/** Call the tools mcptest may call (at most five), then read the list again. */
async function trigger(ctx: ProbeContext, kind: string, before: string): Promise<Trigger> {
  const tools = await safeTools(ctx);
  const called = isOutcome(tools) ? [] : tools.slice(0, 5).map((tool) => tool.name);
  for (const name of called) {
    await ctx.session.request("tools/call", { name, arguments: argumentsFor(ctx, name) });
  }
  const after = await snapshot(ctx, kind);
  if (isOutcome(after)) return { called, changed: false, problem: after.detail ?? "" };
  return { called, changed: after !== before };
}

function methodOf(message: JsonRpcMessage): string {
  return "method" in message ? String(message.method) : "";
}

/**
 * Open a listen stream for `field`; once it is acknowledged (an event), call the safe tools and
 * re-read the list. The stream ends on the list_changed notification (an event), or when the list
 * proved unchanged (an event: nothing to notify), or at the deadline (`--timeout`).
 */
async function watch(
  ctx: ProbeContext,
  kind: string,
  field: string,
  notification: string,
  before: string,
): Promise<{ exchange: Exchange; trigger?: Trigger }> {
  const stop = new AbortController();
  let started: Promise<Trigger> | undefined;
  const exchange = await ctx.stream("subscriptions/listen", { notifications: { [field]: true } }, {
    until: (message) => {
      if (methodOf(message) === ACK && started === undefined) {
        started = trigger(ctx, kind, before).then((seen) => {
          if (!seen.changed) stop.abort();
          return seen;
        });
      }
      return methodOf(message) === notification;
    },
    signal: stop.signal,
  });
  return started ? { exchange, trigger: await started } : { exchange };
}

/** The probe of one list kind (`tools` or `prompts`). */
function listChanged(kind: "tools" | "prompts"): Probe {
  const field = `${kind}ListChanged`;
  const notification = `notifications/${kind}/list_changed`;
  return async (ctx) => {
    const blocked = needsStateless(ctx);
    if (blocked) return blocked;
    if (asRecord(ctx.capabilities[kind])?.listChanged !== true) {
      return notApplicable(`the server does not advertise ${kind}.listChanged`);
    }
    const before = await snapshot(ctx, kind);
    if (isOutcome(before)) return before;
    const { exchange, trigger } = await watch(ctx, kind, field, notification, before);
    const delivered = exchange.notifications.some((m) => methodOf(m) === notification);
    if (delivered) return pass(`${notification} arrived on the stream that asked for ${field}`);
    if (exchange.response?.error) return notVerified(`subscriptions/listen: ${describe(exchange)}`);
    if (!trigger) {
      return notVerified(`the listen stream was never acknowledged (${describe(exchange)})`);
    }
    const called = trigger.called.length > 0 ? trigger.called.join(", ") : "no tool";
    if (trigger.problem) return notVerified(trigger.problem);
    if (!trigger.changed) {
      return notVerified(
        `the ${kind} list did not change while the stream was open (mcptest called ${called}; ` +
          `name a tool that changes it with --safe-tool)`,
      );
    }
    return fail(
      `the ${kind} list changed while a stream asked for ${field} (mcptest called ${called}), ` +
        `but no ${notification} arrived by the deadline (--timeout ${ctx.session.server.timeoutMs} ms)`,
    );
  };
}

/** Check id -> probe. */
export const sep2575ListChanged: ProbeSet = {
  probes: {
    "sep-2575-server-sends-tools-list-changed-on-subscription": listChanged("tools"),
    "sep-2575-server-sends-prompts-list-changed-on-subscription": listChanged("prompts"),
  },
};
