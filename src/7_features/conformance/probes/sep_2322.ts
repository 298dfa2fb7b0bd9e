/** @module SEP-2322 probes: resultType on results; no InputRequiredResult on list requests; no server requests. */

import { fail, notVerified, pass, type ProbeSet } from "./probe_types.ts";
import { answered, serverRequests } from "./_evidence.ts";
import { describe, resultOf } from "./_helpers.ts";
import { anyListMethod, needsStateless } from "./_stateless.ts";

/** Check id -> probe. */
export const sep2322: ProbeSet = {
  probes: {
    "sep-2322-result-type-included": async (ctx) => {
      const g = needsStateless(ctx);
      if (g) return g;
      const method = anyListMethod(ctx);
      const exchange = await ctx.cached(method);
      const result = resultOf(exchange);
      if (!result) return notVerified(`${method}: ${describe(exchange)}`);
      const type = result.resultType;
      if (type === "complete" || type === "input_required") {
        return pass(`${method} resultType "${type}"`);
      }
      return fail(`${method} result has resultType ${JSON.stringify(type ?? null)}`);
    },
    "sep-2322-not-on-unsupported-requests": async (ctx) => {
      const g = needsStateless(ctx);
      if (g) return g;
      const method = anyListMethod(ctx);
      const result = resultOf(await ctx.cached(method));
      if (!result) return notVerified(`${method} returned no result`);
      if (result.resultType === "input_required" || "inputRequests" in result) {
        return fail(`${method} was answered with an InputRequiredResult`);
      }
      return pass(`${method} was answered with a complete result`);
    },
    // Evidence: a tools/call the server answered (tools are where a server asks for input).
    "sep-2322-no-server-requests": (ctx) => {
      const g = needsStateless(ctx);
      if (g) return Promise.resolve(g);
      const requests = serverRequests(ctx);
      if (requests.length > 0) {
        return Promise.resolve(
          fail(
            `the server sent ${requests.length} request(s) to the client, first ${
              String(requests[0]?.method)
            }`,
          ),
        );
      }
      const calls = answered(ctx, ["tools/call"]);
      return Promise.resolve(
        calls.length > 0
          ? pass(`the server answered ${calls.length} tools/call with no server-to-client request`)
          : notVerified(
            "no tools/call was answered during the run, so the server never ran a tool that " +
              "could have asked the client for input",
          ),
      );
    },
  },
  late: ["sep-2322-no-server-requests"],
};
