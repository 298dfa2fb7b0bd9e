/** @module SEP-2575 subscriptions/listen probes: the acknowledgment comes first, every message is tagged, the filter holds. */

import type { JsonRpcMessage } from "../../protocol/jsonrpc.ts";
import type { Exchange } from "../../session/types.ts";
import {
  fail,
  notApplicable,
  notVerified,
  pass,
  type ProbeContext,
  type ProbeOutcome,
  type ProbeSet,
} from "../probe_types.ts";
import { asRecord, describe, isOutcome } from "./_helpers.ts";
import { needsStateless } from "./_stateless.ts";

/** `_meta` key that ties a notification to its subscription. */
export const META_SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId";

/**
 * How long a probe keeps a subscriptions/listen stream open (capped by --timeout). The stream
 * never answers on its own, so the probe reads what arrived in this window and then cancels
 * (closing the HTTP stream, or notifications/cancelled on stdio).
 */
export const LISTEN_WINDOW_MS = 1_000;

const ACK = "notifications/subscriptions/acknowledged";

/** Filter field -> the notification method it lets through. */
const LIST_CHANGED: ReadonlyArray<readonly [string, string, string]> = [
  ["tools", "toolsListChanged", "notifications/tools/list_changed"],
  ["prompts", "promptsListChanged", "notifications/prompts/list_changed"],
  ["resources", "resourcesListChanged", "notifications/resources/list_changed"],
];

/** What one listen stream showed. */
interface Listened {
  readonly exchange: Exchange;
  readonly filter: Record<string, boolean>;
  readonly id: unknown;
}

/** The filter fields the server's capabilities support (listChanged per list). */
function supported(ctx: ProbeContext): Array<readonly [string, string, string]> {
  return LIST_CHANGED.filter(([capability]) =>
    asRecord(ctx.capabilities[capability])?.listChanged === true
  );
}

const streams = new WeakMap<ProbeContext, Promise<Listened>>();

/** One stream per run, asking for the first supported list-changed kind only. */
function listen(ctx: ProbeContext): Promise<Listened> {
  let stream = streams.get(ctx);
  if (!stream) {
    const first = supported(ctx)[0];
    const filter = first ? { [first[1]]: true } : {};
    const window = Math.min(LISTEN_WINDOW_MS, ctx.session.server.timeoutMs);
    stream = ctx.session.request("subscriptions/listen", { notifications: filter }, {
      timeoutMs: window,
    }).then((exchange) => ({ exchange, filter, id: (exchange.request as { id?: unknown }).id }));
    streams.set(ctx, stream);
  }
  return stream;
}

/** Not-applicable unless the server has something to subscribe to; not-verified unless stateless. */
function gate(ctx: ProbeContext): ProbeOutcome | undefined {
  const stateless = needsStateless(ctx);
  if (stateless) return stateless;
  if (supported(ctx).length > 0) return undefined;
  return notApplicable("the server advertises no listChanged capability to subscribe to");
}

/** Notifications of this stream: tagged with its id, or untagged (stdio shares one channel). */
function ofStream(listened: Listened): JsonRpcMessage[] {
  return listened.exchange.notifications.filter((n) => {
    const tag = subscriptionTag(n);
    return tag === undefined || tag === listened.id;
  });
}

function subscriptionTag(message: JsonRpcMessage): unknown {
  const params = asRecord((message as { params?: unknown }).params);
  return asRecord(params?._meta)?.[META_SUBSCRIPTION_ID];
}

function methodOf(message: JsonRpcMessage): string {
  return "method" in message ? String(message.method) : "";
}

/** An error answer ends the probe: the server refused the stream. */
function refused(listened: Listened): ProbeOutcome | undefined {
  const { exchange } = listened;
  if (exchange.response?.error) return fail(`subscriptions/listen: ${describe(exchange)}`);
  if (exchange.failure && exchange.failure.kind !== "timeout") {
    return notVerified(`subscriptions/listen: ${describe(exchange)}`);
  }
  return undefined;
}

/** The gate's verdict, the listen refused, or the run's open stream. */
async function openStream(ctx: ProbeContext): Promise<Listened | ProbeOutcome> {
  const blocked = gate(ctx);
  if (blocked) return blocked;
  const listened = await listen(ctx);
  return refused(listened) ?? listened;
}

/** Check id -> probe. */
export const sep2575Listen: ProbeSet = {
  probes: {
    "sep-2575-server-sends-subscription-ack": async (ctx) => {
      const listened = await openStream(ctx);
      if (isOutcome(listened)) return listened;
      const first = ofStream(listened)[0];
      if (!first) return fail(`no ${ACK} within the listen window`);
      if (methodOf(first) !== ACK) {
        return fail(`the first message of the stream was ${methodOf(first)}, not ${ACK}`);
      }
      return pass(`${ACK} came first`);
    },
    "sep-2575-server-tags-subscription-id": async (ctx) => {
      const listened = await openStream(ctx);
      if (isOutcome(listened)) return listened;
      const messages = listened.exchange.notifications;
      if (messages.length === 0) return notVerified("no notification arrived on the stream");
      const untagged = messages.filter((m) => subscriptionTag(m) !== listened.id);
      if (untagged.length > 0) {
        return fail(
          `${untagged.length} of ${messages.length} notification(s) lack ${META_SUBSCRIPTION_ID} ${
            JSON.stringify(listened.id)
          } (first: ${methodOf(untagged[0]!)})`,
        );
      }
      return pass(`${messages.length} notification(s) carry the subscription id`);
    },
    "sep-2575-server-honors-notification-filter": async (ctx) => {
      const listened = await openStream(ctx);
      if (isOutcome(listened)) return listened;
      const allowed = new Set([ACK]);
      for (const [, field, method] of LIST_CHANGED) {
        if (listened.filter[field]) allowed.add(method);
      }
      const unrequested = ofStream(listened).filter((m) => {
        const method = methodOf(m);
        return method.startsWith("notifications/") && !allowed.has(method) &&
          method !== "notifications/message" && method !== "notifications/progress";
      });
      if (unrequested.length > 0) {
        return fail(
          `unrequested ${methodOf(unrequested[0]!)} on a stream that asked for ${
            JSON.stringify(listened.filter)
          }`,
        );
      }
      return pass(
        `only requested types within the window (asked for ${JSON.stringify(listened.filter)})`,
      );
    },
  },
};
