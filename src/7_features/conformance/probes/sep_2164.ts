/** @module SEP-2164 probes: reading a missing resource gives -32602, never an empty contents array. */

import { fail, notVerified, pass, type ProbeContext, type ProbeSet } from "./probe_types.ts";
import { asRecord, describe, hasCapability, lacks, resultOf } from "./_helpers.ts";
import type { Exchange } from "../../../2_connect/session/types.ts";

const MISSING_URI = "mcptest://conformance/no-such-resource";

function readMissing(ctx: ProbeContext): Promise<Exchange> {
  return ctx.cached("resources/read", { uri: MISSING_URI });
}

/** Check id -> probe. */
export const sep2164: ProbeSet = {
  probes: {
    "sep-2164-no-empty-contents": async (ctx) => {
      if (!hasCapability(ctx, "resources")) return lacks("resources");
      const exchange = await readMissing(ctx);
      const result = resultOf(exchange);
      if (exchange.response?.error) return pass(`missing resource: ${describe(exchange)}`);
      if (Array.isArray(result?.contents) && result.contents.length === 0) {
        return fail("a missing resource was answered with an empty contents array");
      }
      if (result) return pass("a missing resource was not answered with an empty contents array");
      return notVerified(`missing resource: ${describe(exchange)}`);
    },
    "sep-2164-error-code": async (ctx) => {
      if (!hasCapability(ctx, "resources")) return lacks("resources");
      const exchange = await readMissing(ctx);
      const code = exchange.response?.error?.code;
      if (code === -32602) return pass("missing resource: error -32602");
      if (code !== undefined) {
        return fail(`missing resource: ${describe(exchange)}, expected -32602`);
      }
      return fail(`missing resource: ${describe(exchange)}, expected error -32602`);
    },
    "sep-2164-data-uri": async (ctx) => {
      if (!hasCapability(ctx, "resources")) return lacks("resources");
      const exchange = await readMissing(ctx);
      const error = exchange.response?.error;
      if (!error) {
        return notVerified(`missing resource: ${describe(exchange)}; no error data to read`);
      }
      const uri = asRecord(error.data)?.uri;
      if (uri === MISSING_URI) return pass("the error data names the missing uri");
      return fail(
        `error data.uri is ${JSON.stringify(uri)}, expected ${JSON.stringify(MISSING_URI)}`,
      );
    },
    "sep-2164-no-legacy-code": async (ctx) => {
      if (!hasCapability(ctx, "resources")) return lacks("resources");
      const exchange = await readMissing(ctx);
      if (exchange.response?.error?.code === -32002) {
        return fail("missing resource: the reserved -32002 was sent");
      }
      if (exchange.response) return pass("the reserved -32002 was not sent");
      return notVerified(`missing resource: ${describe(exchange)}`);
    },
  },
};
