/** @module SEP-2243 `Mcp-Param-{Name}` probes: header/body validation on a read-only tool whose parameter carries `x-mcp-header`. */

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
import { isSilent } from "./probe_context.ts";
import { asRecord, describe, isOutcome, listTools, type ToolDef } from "./_helpers.ts";
import { errorCodes, httpStateless } from "./_stateless.ts";

/** A read-only tool parameter mirrored into a header. */
interface Mirrored {
  readonly tool: string;
  readonly param: string;
  readonly header: string;
  readonly type: "string" | "number" | "integer" | "boolean";
  readonly required: boolean;
}

function mirrored(tools: readonly ToolDef[]): Mirrored[] {
  const found: Mirrored[] = [];
  for (const tool of tools) {
    if (tool.annotations?.readOnlyHint !== true) continue;
    const schema = asRecord(tool.inputSchema);
    const required = Array.isArray(schema?.required) ? schema.required : [];
    for (const [param, value] of Object.entries(asRecord(schema?.properties) ?? {})) {
      const header = asRecord(value)?.["x-mcp-header"];
      const type = asRecord(value)?.type;
      if (typeof header !== "string" || header === "") continue;
      if (type !== "string" && type !== "number" && type !== "integer" && type !== "boolean") {
        continue;
      }
      found.push({ tool: tool.name, param, header, type, required: required.includes(param) });
    }
  }
  return found;
}

/** The first mirrored parameter `pick` accepts, or why there is none. */
async function find(
  ctx: ProbeContext,
  pick: (p: Mirrored) => boolean,
  what: string,
): Promise<Mirrored | ProbeOutcome> {
  const gate = httpStateless(ctx);
  if (gate) return gate;
  const tools = await listTools(ctx);
  if (isOutcome(tools)) return tools;
  const all = mirrored(tools);
  if (all.length === 0) {
    return notApplicable("no read-only tool has a primitive parameter with x-mcp-header");
  }
  return all.find(pick) ?? notVerified(`no read-only tool has ${what}`);
}

/** Call the tool with `args` and extra headers. */
function call(
  ctx: ProbeContext,
  p: Mirrored,
  args: Record<string, unknown>,
  headers: Record<string, string>,
): Promise<Exchange> {
  return ctx.session.request("tools/call", { name: p.tool, arguments: args }, { headers });
}

/** A sample body value of the parameter's type and its plain header text. */
function sample(p: Mirrored): { value: unknown; text: string } {
  return p.type === "string"
    ? { value: "mcptest-value", text: "mcptest-value" }
    : p.type === "boolean"
    ? { value: true, text: "true" }
    : { value: 7, text: "7" };
}

/** Whether an exchange is a header-validation rejection (HTTP 400 or the HeaderMismatch code). */
function headerRejected(ctx: ProbeContext, exchange: Exchange): boolean {
  const code = exchange.response?.error?.code;
  return exchange.http?.status === 400 ||
    (code !== undefined && errorCodes(ctx, "HeaderMismatch").includes(code));
}

const at = (p: Mirrored) => `tool "${p.tool}" parameter "${p.param}" (Mcp-Param-${p.header})`;

const probe = (
  pick: (p: Mirrored) => boolean,
  what: string,
  judge: (ctx: ProbeContext, p: Mirrored) => Promise<ProbeOutcome>,
): Probe =>
async (ctx) => {
  const p = await find(ctx, pick, what);
  return isOutcome(p) ? p : await judge(ctx, p);
};

/** Check id -> probe. */
export const sep2243Params: ProbeSet = {
  probes: {
    "sep-2243-server-not-expect-null": probe(
      (p) => !p.required,
      "an optional x-mcp-header parameter",
      async (ctx, p) => {
        const exchange = await call(ctx, p, {}, {});
        if (headerRejected(ctx, exchange)) {
          return fail(
            `${at(p)} omitted, no header: ${describe(exchange)} (the header was expected)`,
          );
        }
        return exchange.response
          ? pass(`${at(p)} omitted without its header: ${describe(exchange)}`)
          : notVerified(`${at(p)} omitted without its header: ${describe(exchange)}`);
      },
    ),
    "sep-2243-server-reject-missing-required": probe(
      (p) => p.required,
      "a required x-mcp-header parameter",
      async (ctx, p) => {
        const exchange = await call(ctx, p, {}, {});
        return exchange.response?.error
          ? pass(`${at(p)} omitted: ${describe(exchange)}`)
          : fail(`${at(p)} omitted: ${describe(exchange)}, expected a JSON-RPC error`);
      },
    ),
    "sep-2243-server-reject-invalid-param-chars": probe(
      (p) => p.type === "string",
      "a string x-mcp-header parameter",
      async (ctx, p) => {
        // "café" sent raw: 0xE9 is outside the ASCII range the header may carry.
        const exchange = await call(ctx, p, { [p.param]: "caf\u00e9" }, {
          [`Mcp-Param-${p.header}`]: "caf\u00e9",
        });
        const codes = errorCodes(ctx, "HeaderMismatch");
        const code = exchange.response?.error?.code;
        return exchange.http?.status === 400 && code !== undefined && codes.includes(code)
          ? pass(`a non-ASCII ${at(p)} header: HTTP 400, error ${code}`)
          : fail(
            `a non-ASCII ${at(p)} header: ${describe(exchange)}, expected HTTP 400 and ${
              codes.join(" or ")
            }`,
          );
      },
    ),
    "sep-2243-server-validate-param-match": probe(
      () => true,
      "an x-mcp-header parameter",
      async (ctx, p) => {
        const { value, text } = sample(p);
        const name = `Mcp-Param-${p.header}`;
        const base64 = `=?base64?${btoa(text)}?=`;
        const matching = await call(ctx, p, { [p.param]: value }, { [name]: base64 });
        if (isSilent(matching)) {
          return notVerified(`${at(p)}: a Base64 header equal to the body: ${describe(matching)}`);
        }
        if (headerRejected(ctx, matching)) {
          return fail(
            `${at(p)}: a Base64 header equal to the body after decoding was rejected: ${
              describe(matching)
            }`,
          );
        }
        const other = p.type === "string" ? "mcptest-other" : p.type === "boolean" ? "false" : "8";
        const differing = await call(ctx, p, { [p.param]: value }, {
          [name]: `=?base64?${btoa(other)}?=`,
        });
        return headerRejected(ctx, differing)
          ? pass(`${at(p)}: decoded Base64 values are compared with the body`)
          : fail(
            `${at(p)}: a Base64 header that decodes to another value: ${
              describe(differing)
            }, expected a rejection`,
          );
      },
    ),
  },
};
