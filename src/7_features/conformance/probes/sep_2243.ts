/** @module SEP-2243 probes: standard request headers are validated; `x-mcp-header` tool annotations are well formed. */

import {
  fail,
  notApplicable,
  notVerified,
  pass,
  type Probe,
  type ProbeContext,
  type ProbeSet,
} from "./probe_types.ts";
import { asRecord, bogusName, describe, isOutcome, listTools, type ToolDef } from "./_helpers.ts";
import { encodeHeaderValue } from "../../../2_connect/session/meta.ts";
import { anyListMethod, errorCodes, httpStateless as gate } from "./_stateless.ts";

/** A request whose Mcp-Method header names another method than the body. */
function mismatched(ctx: ProbeContext) {
  const method = anyListMethod(ctx);
  const other = method === "tools/list" ? "prompts/list" : "tools/list";
  return ctx.session.request(method, undefined, { headers: { "Mcp-Method": other } });
}

interface HeaderParam {
  readonly tool: string;
  readonly param: string;
  readonly header: unknown;
  readonly type: unknown;
}

function headerParams(tools: readonly ToolDef[]): HeaderParam[] {
  const found: HeaderParam[] = [];
  for (const tool of tools) {
    const properties = asRecord(asRecord(tool.inputSchema)?.properties) ?? {};
    for (const [param, schema] of Object.entries(properties)) {
      const record = asRecord(schema);
      if (record && "x-mcp-header" in record) {
        found.push({ tool: tool.name, param, header: record["x-mcp-header"], type: record.type });
      }
    }
  }
  return found;
}

function overHeaders(bad: (params: HeaderParam[]) => string[]): Probe {
  return async (ctx) => {
    const tools = await listTools(ctx);
    if (isOutcome(tools)) return tools;
    const params = headerParams(tools);
    if (params.length === 0) return notApplicable("no tool parameter carries x-mcp-header");
    const problems = bad(params);
    return problems.length === 0
      ? pass(`${params.length} x-mcp-header annotation(s) are well formed`)
      : fail(problems.slice(0, 3).join("; "));
  };
}

const at = (p: HeaderParam) => `tool "${p.tool}" parameter "${p.param}"`;

/** Check id -> probe. */
export const sep2243: ProbeSet = {
  probes: {
    "sep-2243-header-name-case-insensitive": async (ctx) => {
      const g = gate(ctx);
      if (g) return g;
      const exchange = await ctx.cached(anyListMethod(ctx));
      if (exchange.response?.result !== undefined) {
        return pass("requests with lower-case header names (as fetch sends them) were accepted");
      }
      return fail(`a request with lower-case standard header names failed: ${describe(exchange)}`);
    },
    "sep-2243-server-reject-invalid-headers": async (ctx) => {
      const g = gate(ctx);
      if (g) return g;
      const exchange = await mismatched(ctx);
      if (exchange.http?.status === 400) return pass("a mismatched Mcp-Method header got HTTP 400");
      return fail(`a mismatched Mcp-Method header got ${describe(exchange)}, expected HTTP 400`);
    },
    "sep-2243-server-reject-error-code": async (ctx) => {
      const g = gate(ctx);
      if (g) return g;
      const exchange = await mismatched(ctx);
      if (exchange.http?.status !== 400) {
        return notVerified(
          "the server did not reject a mismatched header, so there is no rejection to inspect",
        );
      }
      const codes = errorCodes(ctx, "HeaderMismatch");
      const code = exchange.response?.error?.code;
      if (code !== undefined && codes.includes(code)) {
        return pass(`rejection carries error ${code}`);
      }
      return fail(`rejection carries ${describe(exchange)}, expected ${codes.join(" or ")}`);
    },
    "sep-2243-server-decode-base64": async (ctx) => {
      const g = gate(ctx);
      if (g) return g;
      const tools = await listTools(ctx);
      if (isOutcome(tools)) return tools;
      // An unknown tool: safe to call; the server must decode Mcp-Name before it looks the name up.
      const name = bogusName("mcptest-no-such-tool");
      const encoded = `=?base64?${btoa(name)}?=`;
      const exchange = await ctx.session.request("tools/call", { name, arguments: {} }, {
        headers: { "Mcp-Name": encoded },
      });
      const code = exchange.response?.error?.code;
      if (code !== undefined && errorCodes(ctx, "HeaderMismatch").includes(code)) {
        return fail(`a base64-encoded Mcp-Name was not decoded: ${describe(exchange)}`);
      }
      if (exchange.http?.status === 400 && code === undefined) {
        return fail(`a base64-encoded Mcp-Name was rejected: ${describe(exchange)}`);
      }
      if (exchange.response) {
        return pass(`a base64-encoded Mcp-Name passed header validation (${describe(exchange)})`);
      }
      return notVerified(describe(exchange));
    },
    "sep-2243-server-reject-param-mismatch": async (ctx) => {
      const g = gate(ctx);
      if (g) return g;
      const tools = await listTools(ctx);
      if (isOutcome(tools)) return tools;
      const params = headerParams(tools).filter((p) =>
        typeof p.header === "string" && p.header !== "" &&
        ["string", "number", "integer", "boolean"].includes(String(p.type))
      );
      if (params.length === 0) {
        return notApplicable("no tool parameter carries a usable x-mcp-header");
      }
      const safe = params.find((p) =>
        asRecord(tools.find((t) => t.name === p.tool)?.annotations)?.readOnlyHint === true
      );
      if (!safe) {
        return notVerified(
          "no read-only tool uses x-mcp-header; mcptest does not call tools that may have side effects",
        );
      }
      const value = safe.type === "string" ? "mcptest-body" : safe.type === "boolean" ? true : 1;
      const other = safe.type === "string"
        ? "mcptest-header"
        : safe.type === "boolean"
        ? "false"
        : "2";
      const exchange = await ctx.session.request("tools/call", {
        name: safe.tool,
        arguments: { [safe.param]: value },
      }, {
        headers: { [`Mcp-Param-${String(safe.header)}`]: encodeHeaderValue(other) },
      });
      const codes = errorCodes(ctx, "HeaderMismatch");
      const code = exchange.response?.error?.code;
      if (exchange.http?.status === 400 && code !== undefined && codes.includes(code)) {
        return pass(
          `Mcp-Param-${String(safe.header)} disagreeing with the body: HTTP 400, error ${code}`,
        );
      }
      return fail(
        `Mcp-Param-${String(safe.header)} disagreeing with the body: ${
          describe(exchange)
        }, expected HTTP 400 and ${codes.join(" or ")}`,
      );
    },
    "sep-2243-x-mcp-header-not-empty": overHeaders((params) =>
      params.filter((p) => typeof p.header !== "string" || p.header === "").map((p) =>
        `${at(p)}: empty or non-string x-mcp-header`
      )
    ),
    "sep-2243-x-mcp-header-charset": overHeaders((params) =>
      params.filter((p) =>
        typeof p.header === "string" && !/^[\x21-\x39\x3b-\x7e]+$/.test(p.header)
      )
        .map((p) => `${at(p)}: x-mcp-header ${JSON.stringify(p.header)} has a forbidden character`)
    ),
    "sep-2243-x-mcp-header-unique": overHeaders((params) => {
      const seen = new Map<string, HeaderParam>();
      const problems: string[] = [];
      for (const p of params) {
        if (typeof p.header !== "string") continue;
        const key = `${p.tool}\u0000${p.header.toLowerCase()}`;
        if (seen.has(key)) problems.push(`${at(p)}: x-mcp-header "${p.header}" is used twice`);
        seen.set(key, p);
      }
      return problems;
    }),
    "sep-2243-x-mcp-header-primitive-only": overHeaders((params) =>
      params.filter((p) => !["string", "number", "integer", "boolean"].includes(String(p.type)))
        .map((p) =>
          `${at(p)}: x-mcp-header on a parameter of type ${JSON.stringify(p.type ?? null)}`
        )
    ),
  },
};
