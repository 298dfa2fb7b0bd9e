/** @module SEP-2106 probes: output schemas are valid 2020-12, `$ref`s stay local, structured content has a text twin. */

import { fail, notApplicable, notVerified, pass, type ProbeSet } from "./probe_types.ts";
import { asRecord, isOutcome, listTools, resultOf, type ToolDef } from "./_helpers.ts";
import { checkSchema, refsOf } from "./_schemas.ts";

/** A tool that is safe to call with no arguments: read-only, with an outputSchema and no required input. */
function callable(tool: ToolDef): boolean {
  const schema = asRecord(tool.inputSchema);
  const required = Array.isArray(schema?.required) ? schema.required : [];
  return asRecord(tool.annotations)?.readOnlyHint === true && tool.outputSchema !== undefined &&
    required.length === 0;
}

/** Check id -> probe. */
export const sep2106: ProbeSet = {
  probes: {
    "sep-2106-output-schema-valid": async (ctx) => {
      const tools = await listTools(ctx);
      if (isOutcome(tools)) return tools;
      const withOutput = tools.filter((t) => t.outputSchema !== undefined);
      if (withOutput.length === 0) return notApplicable("no tool declares an outputSchema");
      for (const tool of withOutput) {
        const verdict = checkSchema(tool.outputSchema);
        if (verdict.valid === false) return fail(`"${tool.name}" outputSchema ${verdict.reason}`);
      }
      return pass(`${withOutput.length} outputSchema(s) are valid`);
    },
    "sep-2106-local-refs-only": async (ctx) => {
      const tools = await listTools(ctx);
      if (isOutcome(tools)) return tools;
      const remote: string[] = [];
      let refs = 0;
      for (const tool of tools) {
        for (const ref of [...refsOf(tool.inputSchema), ...refsOf(tool.outputSchema)]) {
          refs++;
          if (!ref.startsWith("#")) remote.push(`"${tool.name}": ${ref}`);
        }
      }
      if (remote.length > 0) return fail(`non-local $ref: ${remote.slice(0, 3).join("; ")}`);
      return refs > 0
        ? pass(`${refs} $ref(s), each a same-document reference`)
        : notApplicable("no tool schema uses $ref");
    },
    "sep-2106-non-object-structured-content-fallback": async (ctx) => {
      const tools = await listTools(ctx);
      if (isOutcome(tools)) return tools;
      const tool = tools.find(callable);
      if (!tool) {
        return notVerified(
          "no read-only tool with an outputSchema can be called without arguments",
        );
      }
      const exchange = await ctx.session.request("tools/call", { name: tool.name, arguments: {} });
      const result = resultOf(exchange);
      if (!result || !("structuredContent" in result)) {
        return notVerified(`tools/call "${tool.name}" returned no structuredContent`);
      }
      const content = Array.isArray(result.content) ? result.content : [];
      const expected = JSON.stringify(result.structuredContent);
      const twin = content.some((c) => {
        const text = asRecord(c)?.text;
        if (typeof text !== "string") return false;
        try {
          return JSON.stringify(JSON.parse(text)) === expected;
        } catch {
          return false;
        }
      });
      return twin ? pass(`"${tool.name}" returns its structuredContent as JSON text too`) : fail(
        `"${tool.name}" returns structuredContent without a TextContent carrying the same JSON`,
      );
    },
  },
};
