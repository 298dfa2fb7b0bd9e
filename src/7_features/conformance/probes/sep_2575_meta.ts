/** @module SEP-2575 probes of per-request `_meta`, result identity, removed methods and discover's capabilities. */

import {
  META_CLIENT_CAPABILITIES,
  META_CLIENT_INFO,
  META_PROTOCOL_VERSION,
  META_SERVER_INFO,
} from "../../../2_connect/session/meta.ts";
import type { Exchange } from "../../../2_connect/session/types.ts";
import {
  fail,
  notApplicable,
  notVerified,
  pass,
  type Probe,
  type ProbeContext,
  type ProbeSet,
} from "./probe_types.ts";
import { asRecord, describe, hasCapability, resultOf } from "./_helpers.ts";
import { httpStateless, needsStateless } from "./_stateless.ts";

/** The `_meta` variants of the malformed-request checks: check-id slug -> the `_meta` sent. */
const INVALID_META: Readonly<Record<string, (ctx: ProbeContext) => unknown>> = {
  "missing-meta": () => undefined,
  "missing-protocol-version": () => ({ [META_CLIENT_CAPABILITIES]: {}, [META_CLIENT_INFO]: who() }),
  "missing-client-capabilities": (ctx) => ({
    [META_PROTOCOL_VERSION]: ctx.session.protocolVersion,
    [META_CLIENT_INFO]: who(),
  }),
};

function who() {
  return { name: "mcptest-conformance", version: "0" };
}

/** server/discover sent raw with exactly `meta` (no `_meta` at all when undefined). */
function discoverWith(ctx: ProbeContext, meta: unknown): Promise<Exchange> {
  const id = `mcptest-meta-${crypto.randomUUID().slice(0, 8)}`;
  const params = meta === undefined ? {} : { _meta: meta };
  return ctx.session.sendRaw(
    JSON.stringify({ jsonrpc: "2.0", id, method: "server/discover", params }),
    { expectId: id },
  );
}

/** One exchange per malformed `_meta` variant per run (shared by the -32602 and HTTP 400 checks). */
const sent = new WeakMap<ProbeContext, Map<string, Promise<Exchange>>>();

function invalidMeta(ctx: ProbeContext, slug: string): Promise<Exchange> {
  let byContext = sent.get(ctx);
  if (!byContext) sent.set(ctx, byContext = new Map());
  let exchange = byContext.get(slug);
  if (!exchange) {
    exchange = discoverWith(ctx, INVALID_META[slug]?.(ctx));
    byContext.set(slug, exchange);
  }
  return exchange;
}

function rejectsInvalid(slug: string): Probe {
  return async (ctx) => {
    const gate = needsStateless(ctx);
    if (gate) return gate;
    const exchange = await invalidMeta(ctx, slug);
    const code = exchange.response?.error?.code;
    if (code === -32602) return pass(`server/discover with ${slug}: error -32602`);
    if (exchange.response?.result !== undefined) {
      return fail(`server/discover with ${slug} was answered with a result, expected -32602`);
    }
    if (code !== undefined) {
      return fail(`server/discover with ${slug}: ${describe(exchange)}, expected -32602`);
    }
    return notVerified(`server/discover with ${slug}: ${describe(exchange)}`);
  };
}

/** A removed or unknown method must be a 404 with -32601 over HTTP. */
function notFound404(method: string): Probe {
  return async (ctx) => {
    const gate = httpStateless(ctx);
    if (gate) return gate;
    const exchange = await ctx.session.request(method);
    const status = exchange.http?.status;
    const code = exchange.response?.error?.code;
    if (status === 404 && code === -32601) return pass(`${method}: HTTP 404, error -32601`);
    return fail(`${method}: ${describe(exchange)}, expected HTTP 404 and -32601`);
  };
}

/** Check id -> probe. */
export const sep2575Meta: ProbeSet = {
  probes: {
    ...Object.fromEntries(
      Object.keys(INVALID_META).map((slug) => [
        `sep-2575-request-meta-invalid-${slug}`,
        rejectsInvalid(slug),
      ]),
    ),
    "sep-2575-http-server-meta-invalid-400": async (ctx) => {
      const gate = httpStateless(ctx);
      if (gate) return gate;
      const wrong: string[] = [];
      for (const slug of Object.keys(INVALID_META)) {
        const exchange = await invalidMeta(ctx, slug);
        if (exchange.http?.status !== 400) wrong.push(`${slug}: ${describe(exchange)}`);
      }
      return wrong.length === 0
        ? pass(`every request with incomplete _meta got HTTP 400`)
        : fail(`expected HTTP 400; ${wrong.join("; ")}`);
    },
    "sep-2575-request-meta-client-info-optional": async (ctx) => {
      const gate = needsStateless(ctx);
      if (gate) return gate;
      const exchange = await discoverWith(ctx, {
        [META_PROTOCOL_VERSION]: ctx.session.protocolVersion,
        [META_CLIENT_CAPABILITIES]: {},
      });
      if (resultOf(exchange)) return pass("server/discover without clientInfo was served");
      if (exchange.response?.error) {
        return fail(`server/discover without clientInfo (optional): ${describe(exchange)}`);
      }
      return notVerified(`server/discover without clientInfo: ${describe(exchange)}`);
    },
    "sep-2575-server-identifies-in-result-meta": async (ctx) => {
      const gate = needsStateless(ctx);
      if (gate) return gate;
      const exchange = await ctx.cached("server/discover");
      const result = resultOf(exchange);
      if (!result) return notVerified(`server/discover: ${describe(exchange)}`);
      const info = asRecord(asRecord(result._meta)?.[META_SERVER_INFO]);
      if (!info) return fail(`the server/discover result _meta has no ${META_SERVER_INFO}`);
      if (typeof info.name !== "string" || typeof info.version !== "string") {
        return fail(`${META_SERVER_INFO} lacks a string name and version`);
      }
      return pass(`result _meta names ${info.name} ${info.version}`);
    },
    "sep-2575-server-declares-prompts-in-discover": async (ctx) => {
      const gate = needsStateless(ctx);
      if (gate) return gate;
      const declared = hasCapability(ctx, "prompts");
      const exchange = await ctx.session.request("prompts/list");
      const answered = resultOf(exchange) !== undefined;
      if (answered && !declared) {
        return fail("prompts/list is served but server/discover declares no prompts capability");
      }
      if (declared) return pass("server/discover declares the prompts capability");
      return notApplicable(
        `the server does not support prompts (prompts/list: ${describe(exchange)})`,
      );
    },
    "sep-2575-http-server-method-not-found-404-initialize": notFound404("initialize"),
    "sep-2575-http-server-method-not-found-404-ping": notFound404("ping"),
    "sep-2575-http-server-method-not-found-404-logging-setlevel": notFound404("logging/setLevel"),
    "sep-2575-http-server-method-not-found-404-resources-subscribe": notFound404(
      "resources/subscribe",
    ),
    "sep-2575-http-server-method-not-found-404-resources-unsubscribe": notFound404(
      "resources/unsubscribe",
    ),
  },
};
