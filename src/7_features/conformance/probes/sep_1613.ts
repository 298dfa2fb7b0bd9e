/** @module SEP-1613 probes: tool schemas are objects, valid in their dialect (2020-12 by default). */

import { fail, notApplicable, notVerified, pass, type ProbeSet } from "./probe_types.ts";
import { asRecord, isOutcome, listTools } from "./_helpers.ts";
import { checkSchema } from "./_schemas.ts";

/** Check id -> probe. */
export const sep1613: ProbeSet = {
  probes: {
    "sep-1613-input-schema-not-null": async (ctx) => {
      const tools = await listTools(ctx);
      if (isOutcome(tools)) return tools;
      if (tools.length === 0) return notVerified("tools/list lists no tool, so no schema to judge");
      const bad = tools.filter((t) => !asRecord(t.inputSchema)).map((t) => `"${t.name}"`);
      if (bad.length > 0) {
        return fail(`inputSchema is missing or not an object on ${bad.join(", ")}`);
      }
      return pass(`${tools.length} tool(s) carry an object inputSchema`);
    },
    "sep-1613-schema-valid-per-dialect": async (ctx) => {
      const tools = await listTools(ctx);
      if (isOutcome(tools)) return tools;
      const problems: string[] = [];
      const unknown: string[] = [];
      let checked = 0;
      for (const tool of tools) {
        for (const key of ["inputSchema", "outputSchema"] as const) {
          if (tool[key] === undefined) continue;
          const verdict = checkSchema(tool[key]);
          if (verdict.valid === true) checked++;
          else if (verdict.valid === false) {
            problems.push(`"${tool.name}" ${key} ${verdict.reason}`);
          } else unknown.push(`"${tool.name}" ${key} ${verdict.reason}`);
        }
      }
      if (problems.length > 0) return fail(problems.slice(0, 3).join("; "));
      if (checked === 0 && unknown.length > 0) return notVerified(unknown[0] ?? "");
      if (checked === 0) return notVerified("no tool publishes a schema");
      return pass(`${checked} schema(s) valid in their dialect`);
    },
    "sep-1613-output-schema-object-root": async (ctx) => {
      const tools = await listTools(ctx);
      if (isOutcome(tools)) return tools;
      const withOutput = tools.filter((t) => t.outputSchema !== undefined);
      if (withOutput.length === 0) return notApplicable("no tool declares an outputSchema");
      const bad = withOutput.filter((t) => asRecord(t.outputSchema)?.type !== "object");
      if (bad.length > 0) {
        return fail(
          `outputSchema is not type: object on ${bad.map((t) => `"${t.name}"`).join(", ")}`,
        );
      }
      return pass(`${withOutput.length} outputSchema(s) describe objects`);
    },
  },
};
