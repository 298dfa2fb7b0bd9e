/** @module SEP-2575 subscriptions/listen probes: the acknowledgment comes first, every message is tagged, the filter holds. */

import type { JsonRpcMessage } from "../../../0_base/protocol/jsonrpc.ts";
import type { Exchange } from "../../../2_connect/session/types.ts";
import {
  fail,
  notApplicable,
  notVerified,
  pass,
  type ProbeContext,
  type ProbeOutcome,
  type ProbeSet,
} from "./probe_types.ts";
import { asRecord, describe, isOutcome } from "./_helpers.ts";
import { needsStateless } from "./_stateless.ts";

/** `_meta` key that ties a notification to its subscription. */
export const META_SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId";

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

/**
 * One stream per run, asking for the first supported list-changed kind only. The stream never
 * answers on its own: it is read until its acknowledgment arrives (an event), then cancelled (the
 * HTTP stream closed, or notifications/cancelled on stdio); a server that never acknowledges is
 * read until the deadline (`--timeout`). Every verdict below is taken on what arrived, in order,
 * up to that event: what a stream carries later depends on when it is closed, so it is never
 * waited for (the filter and tag checks are not verified without it).
 */
function listen(ctx: ProbeContext): Promise<Listened> {
  let stream = streams.get(ctx);
  if (!stream) {
    const first = supported(ctx)[0];
    const filter = first ? { [first[1]]: true } : {};
    stream = ctx.stream("subscriptions/listen", { notifications: filter }, {
      until: (notification) => methodOf(notification) === ACK,
    })
      .then((exchange) => ({ exchange, filter, id: (exchange.request as { id?: unknown }).id }));
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
      if (!first) {
        return fail(
          `no ${ACK} before the deadline (--timeout ${ctx.session.server.timeoutMs} ms)`,
        );
      }
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
    // Evidence: an event of a requested type delivered on the stream. A stream that carried only
    // the acknowledgment never put the filter to work: not verified (no change happened during
    // the run that the filter could have held back).
    "sep-2575-server-honors-notification-filter": async (ctx) => {
      const listened = await openStream(ctx);
      if (isOutcome(listened)) return listened;
      const requested = new Set<string>();
      for (const [, field, method] of LIST_CHANGED) {
        if (listened.filter[field]) requested.add(method);
      }
      const messages = ofStream(listened);
      const unrequested = messages.filter((m) => {
        const method = methodOf(m);
        return method.startsWith("notifications/") && method !== ACK && !requested.has(method) &&
          method !== "notifications/message" && method !== "notifications/progress";
      });
      const asked = JSON.stringify(listened.filter);
      if (unrequested.length > 0) {
        return fail(`unrequested ${methodOf(unrequested[0]!)} on a stream that asked for ${asked}`);
      }
      const delivered = messages.filter((m) => requested.has(methodOf(m)));
      return delivered.length > 0
        ? pass(
          `${delivered.length} event(s) of the requested types and none other (asked for ${asked})`,
        )
        : notVerified(
          `the stream carried no event of the requested types before its acknowledgment (asked for ${asked}), ` +
            "so the filter never had anything to hold back",
        );
    },
  },
};
