/** @module SEP-1303 probes: invalid tool input is an isError result; a malformed call is a protocol error. */

import { fail, notVerified, pass, type ProbeSet } from "./probe_types.ts";
import {
  asRecord,
  bogusName,
  describe,
  isOutcome,
  listTools,
  resultOf,
  type ToolDef,
} from "./_helpers.ts";

/** A value of the wrong JSON type for a declared property type. */
function wrongValue(type: unknown): unknown {
  switch (type) {
    case "string":
      return 12345;
    case "number":
    case "integer":
    case "boolean":
    case "object":
    case "array":
      return "mcptest-not-a-" + type;
    default:
      return undefined;
  }
}

/** Arguments that break the tool's inputSchema, or undefined when we cannot build any. */
export function invalidArguments(tool: ToolDef): Record<string, unknown> | undefined {
  const schema = asRecord(tool.inputSchema);
  const properties = asRecord(schema?.properties);
  if (!properties) return undefined;
  const required = Array.isArray(schema?.required) ? schema.required : [];
  const names = [
    ...required.filter((n): n is string => typeof n === "string"),
    ...Object.keys(properties),
  ];
  for (const name of names) {
    const value = wrongValue(asRecord(properties[name])?.type);
    if (value !== undefined) return { [name]: value };
  }
  return undefined;
}

/** Read-only tools first: the probe should not trigger side effects if validation is missing. */
function byCaution(a: ToolDef, b: ToolDef): number {
  const ro = (t: ToolDef) => asRecord(t.annotations)?.readOnlyHint === true ? 0 : 1;
  return ro(a) - ro(b);
}

/** Check id -> probe. */
export const sep1303: ProbeSet = {
  probes: {
    "sep-1303-input-validation-tool-error": async (ctx) => {
      const tools = await listTools(ctx);
      if (isOutcome(tools)) return tools;
      const target = [...tools].sort(byCaution).find((t) => invalidArguments(t) !== undefined);
      if (!target) {
        return notVerified("no tool declares a typed property to send a wrong value for");
      }
      const args = invalidArguments(target) ?? {};
      const exchange = await ctx.session.request("tools/call", {
        name: target.name,
        arguments: args,
      });
      const result = resultOf(exchange);
      const sent = `tools/call "${target.name}" with ${JSON.stringify(args)}`;
      if (result?.isError === true) return pass(`${sent} returned isError: true`);
      if (exchange.response?.error) {
        return fail(
          `${sent} returned a JSON-RPC error (${describe(exchange)}), not an isError result`,
        );
      }
      if (result) {
        return notVerified(`${sent} succeeded: the server did not reject the invalid input`);
      }
      return notVerified(`${sent}: ${describe(exchange)}`);
    },
    "sep-1303-malformed-request-protocol-error": async (ctx) => {
      const tools = await listTools(ctx);
      if (isOutcome(tools)) return tools;
      const exchange = await ctx.session.request("tools/call", { arguments: {} });
      if (exchange.response?.error) return pass(`tools/call without a name: ${describe(exchange)}`);
      if (exchange.response) return fail("tools/call without a name was answered with a result");
      return notVerified(`tools/call without a name: ${describe(exchange)}`);
    },
    "sep-1303-unknown-tool-protocol-error": async (ctx) => {
      const tools = await listTools(ctx);
      if (isOutcome(tools)) return tools;
      const name = bogusName("mcptest-no-such-tool");
      const exchange = await ctx.session.request("tools/call", { name, arguments: {} });
      const code = exchange.response?.error?.code;
      if (code === -32602) return pass("unknown tool: error -32602");
      if (code !== undefined) return fail(`unknown tool: ${describe(exchange)}, expected -32602`);
      if (resultOf(exchange)?.isError === true) {
        return fail("unknown tool was answered with an isError result, not a protocol error");
      }
      if (exchange.response) return fail("unknown tool was answered with a successful result");
      return notVerified(`unknown tool: ${describe(exchange)}`);
    },
  },
};
