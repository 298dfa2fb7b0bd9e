/** @module SEP-2577 probes: no deprecated client capability needed; logging/setLevel is gone. */

import { fail, notVerified, pass, type ProbeSet } from "./probe_types.ts";
import { describe } from "./_helpers.ts";
import { anyListMethod, errorCodes, needsStateless } from "./_stateless.ts";

/** Check id -> probe. */
export const sep2577: ProbeSet = {
  probes: {
    "sep-2577-no-required-deprecated-capability": async (ctx) => {
      const g = needsStateless(ctx);
      if (g) return g;
      const method = anyListMethod(ctx);
      const exchange = await ctx.cached(method);
      const missing = errorCodes(ctx, "MissingRequiredClientCapability");
      const code = exchange.response?.error?.code;
      if (exchange.response?.result !== undefined) {
        return pass(`${method} served with no client capabilities`);
      }
      if (code !== undefined && missing.includes(code)) {
        return fail(`${method} demanded a client capability (error ${code})`);
      }
      return notVerified(`${method}: ${describe(exchange)}`);
    },
    "sep-2577-no-logging-set-level": async (ctx) => {
      const g = needsStateless(ctx);
      if (g) return g;
      const exchange = await ctx.session.request("logging/setLevel", { level: "info" });
      const code = exchange.response?.error?.code;
      if (code === -32601) return pass("logging/setLevel: -32601 (method removed)");
      if (exchange.response?.result !== undefined) return fail("logging/setLevel was accepted");
      if (code !== undefined) {
        return fail(`logging/setLevel: ${describe(exchange)}, expected -32601`);
      }
      return notVerified(`logging/setLevel: ${describe(exchange)}`);
    },
  },
};
