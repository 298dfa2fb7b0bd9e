/** @module SEP-2575 probes: server/discover, required `_meta`, version errors and their HTTP statuses. */

import { fail, notVerified, pass, type ProbeContext, type ProbeSet } from "./probe_types.ts";
import {
  answered,
  answeredAsStream,
  countByMethod,
  paramsOf,
  serverRequests,
} from "./_evidence.ts";
import { asRecord, describe, resultOf } from "./_helpers.ts";
import {
  anyListMethod,
  errorCodes,
  httpStateless,
  META_PROTOCOL_VERSION,
  needsStateless,
} from "./_stateless.ts";

const BOGUS_VERSION = "1999-01-01";

/** `_meta` key of the per-request log level (mcptest never sends it). */
const META_LOG_LEVEL = "io.modelcontextprotocol/logLevel";

/** Requests that run the server's own code, where a server logs. */
const WORK_METHODS = ["tools/call", "prompts/get", "resources/read"];

/** A request under a protocol version the server cannot support (header and `_meta` agree). */
function unsupportedVersion(ctx: ProbeContext) {
  return ctx.session.request(anyListMethod(ctx), {
    _meta: { [META_PROTOCOL_VERSION]: BOGUS_VERSION },
  }, { headers: { "MCP-Protocol-Version": BOGUS_VERSION } });
}

/** Check id -> probe. */
export const sep2575: ProbeSet = {
  probes: {
    "sep-2575-server-implements-discover": async (ctx) => {
      const exchange = await ctx.cached("server/discover");
      const result = resultOf(exchange);
      if (!result) return fail(`server/discover: ${describe(exchange)}`);
      const versions = result.supportedVersions;
      if (!Array.isArray(versions) || !versions.every((v) => typeof v === "string")) {
        return fail("server/discover result has no supportedVersions list of strings");
      }
      if (!asRecord(result.capabilities)) {
        return fail("server/discover result has no capabilities object");
      }
      return pass(`supportedVersions: ${versions.join(", ")}`);
    },
    "sep-2575-discover-caching-hints": async (ctx) => {
      const result = resultOf(await ctx.cached("server/discover"));
      if (!result) return notVerified("server/discover returned no result");
      const { ttlMs, cacheScope } = result;
      if (typeof ttlMs !== "number" || ttlMs < 0) return fail(`ttlMs is ${JSON.stringify(ttlMs)}`);
      if (cacheScope !== "public" && cacheScope !== "private") {
        return fail(`cacheScope is ${JSON.stringify(cacheScope)}`);
      }
      return pass(`ttlMs ${ttlMs}, cacheScope ${cacheScope}`);
    },
    "sep-2575-server-unsupported-version-error": async (ctx) => {
      const gate = needsStateless(ctx);
      if (gate) return gate;
      const exchange = await unsupportedVersion(ctx);
      const error = exchange.response?.error;
      const codes = errorCodes(ctx, "UnsupportedProtocolVersion");
      if (!error) {
        return exchange.response
          ? fail(`version ${BOGUS_VERSION} was accepted`)
          : notVerified(describe(exchange));
      }
      if (!codes.includes(error.code)) {
        return fail(`${describe(exchange)}, expected ${codes.join(" or ")}`);
      }
      const supported = asRecord(error.data)?.supported;
      if (!Array.isArray(supported)) return fail("error data does not list the supported versions");
      return pass(`error ${error.code}, supported: ${supported.join(", ")}`);
    },
    "sep-2575-http-server-unsupported-version-400": async (ctx) => {
      const gate = httpStateless(ctx);
      if (gate) return gate;
      const exchange = await unsupportedVersion(ctx);
      const status = exchange.http?.status;
      const codes = errorCodes(ctx, "UnsupportedProtocolVersion");
      if (status !== 400) {
        return fail(`HTTP ${status ?? "status unknown"}: ${describe(exchange)}, expected 400`);
      }
      const code = exchange.response?.error?.code;
      if (code === undefined || !codes.includes(code)) {
        return fail(`HTTP 400 but ${describe(exchange)}`);
      }
      return pass(`HTTP 400, error ${code}`);
    },
    "sep-2575-http-server-header-mismatch-400": async (ctx) => {
      const gate = httpStateless(ctx);
      if (gate) return gate;
      const method = anyListMethod(ctx);
      const exchange = await ctx.session.request(method, undefined, {
        headers: { "MCP-Protocol-Version": "2025-11-25" },
      });
      const codes = errorCodes(ctx, "HeaderMismatch");
      const status = exchange.http?.status;
      const code = exchange.response?.error?.code;
      if (status === 400 && code !== undefined && codes.includes(code)) {
        return pass(`HTTP 400, error ${code}`);
      }
      return fail(
        `header 2025-11-25 vs _meta ${ctx.version}: ${describe(exchange)}, expected HTTP 400 and ${
          codes.join(" or ")
        }`,
      );
    },
    "sep-2575-http-server-method-not-found-404": async (ctx) => {
      const gate = httpStateless(ctx);
      if (gate) return gate;
      const exchange = await ctx.session.request("mcptest/no-such-method");
      const status = exchange.http?.status;
      const code = exchange.response?.error?.code;
      if (status === 404 && code === -32601) return pass("HTTP 404, error -32601");
      return fail(`unknown method: ${describe(exchange)}, expected HTTP 404 and -32601`);
    },
    // Evidence: a POST answered as an SSE stream, the only kind of response a request could travel
    // on. With JSON answers only, nothing could have broken the rule: not verified.
    "sep-2575-http-server-no-independent-requests-on-stream": (ctx) => {
      const gate = httpStateless(ctx);
      if (gate) return Promise.resolve(gate);
      const requests = serverRequests(ctx);
      if (requests.length > 0) {
        return Promise.resolve(
          fail(
            `the server sent ${requests.length} request(s), first ${String(requests[0]?.method)}`,
          ),
        );
      }
      const streams = answeredAsStream(ctx);
      return Promise.resolve(
        streams.length > 0
          ? pass(
            `${streams.length} POST(s) answered as an SSE stream (${
              countByMethod(streams)
            }) carried no server-to-client request`,
          )
          : notVerified(
            "no POST was answered as an SSE stream (every answer was a single JSON body), so no " +
              "response stream could carry a request",
          ),
      );
    },
    // Evidence: a tools/call, prompts/get or resources/read without a logLevel that the server
    // answered (work it could have logged about). Without one: not verified.
    "sep-2575-server-no-log-without-loglevel": (ctx) => {
      const gate = needsStateless(ctx);
      if (gate) return Promise.resolve(gate);
      const logs = (ctx.session.capture().server_messages ?? []).filter((m) =>
        asRecord(m.message)?.method === "notifications/message"
      );
      if (logs.length > 0) {
        return Promise.resolve(
          fail(`${logs.length} notifications/message sent without a logLevel`),
        );
      }
      const work = answered(ctx, WORK_METHODS).filter((exchange) =>
        asRecord(paramsOf(exchange)._meta)?.[META_LOG_LEVEL] === undefined
      );
      return Promise.resolve(
        work.length > 0
          ? pass(
            `the server answered ${countByMethod(work)} without a logLevel and sent no ` +
              "notifications/message",
          )
          : notVerified(
            "no tools/call, prompts/get or resources/read was answered during the run, so the " +
              "server did no work it could have logged about",
          ),
      );
    },
  },
  late: [
    "sep-2575-http-server-no-independent-requests-on-stream",
    "sep-2575-server-no-log-without-loglevel",
  ],
};
