/** @module SEP-986 probes: tool name length, character set and uniqueness (read from tools/list). */

import { fail, notVerified, pass, type Probe, type ProbeSet } from "./probe_types.ts";
import { isOutcome, listTools, type ToolDef } from "./_helpers.ts";

const NAME = /^[A-Za-z0-9_.-]+$/;

/** An empty tools/list proves nothing about tool names. */
const NO_TOOLS = "tools/list lists no tool, so there is no tool name to judge";

function overTools(check: (tools: ToolDef[]) => string[], what: string): Probe {
  return async (ctx) => {
    const tools = await listTools(ctx);
    if (isOutcome(tools)) return tools;
    if (tools.length === 0) return notVerified(NO_TOOLS);
    const bad = check(tools);
    if (bad.length === 0) return pass(`${tools.length} tool name(s) ${what}`);
    return fail(
      `${bad.slice(0, 5).join(", ")}${bad.length > 5 ? ` and ${bad.length - 5} more` : ""}`,
    );
  };
}

/** Check id -> probe. */
export const sep986: ProbeSet = {
  probes: {
    "sep-986-tool-name-length": overTools(
      (tools) =>
        tools.filter((t) => t.name.length < 1 || t.name.length > 128).map((t) =>
          `"${t.name.slice(0, 40)}" is ${t.name.length} characters long`
        ),
      "are 1-128 characters long",
    ),
    "sep-986-tool-name-charset": overTools(
      (tools) =>
        tools.filter((t) => !NAME.test(t.name)).map((t) =>
          `"${t.name}" has characters outside [A-Za-z0-9_.-]`
        ),
      "use only [A-Za-z0-9_.-]",
    ),
    "sep-986-tool-name-unique": overTools((tools) => {
      const seen = new Set<string>();
      const dupes = new Set<string>();
      for (const t of tools) (seen.has(t.name) ? dupes : seen).add(t.name);
      return [...dupes].map((name) => `"${name}" is listed more than once`);
    }, "are unique"),
  },
};
