/** @module Which tools a compliance probe may call: the ones the user names safe (`--safe-tool`, `safe_tools:`), else the read-only ones that name the capability, their required arguments filled from their inputSchema. */

import { objectExample } from "../../../0_base/util/schema_example.ts";
import type { SafeTool } from "../../../3_load/config/safe_tool.ts";
import { capabilityMention, type ClientCapability } from "./capability_words.ts";

/** One tool call a probe makes: the tool and the arguments it is called with. */
export interface ToolCall {
  readonly name: string;
  readonly arguments: Readonly<Record<string, unknown>>;
}

/** The calls to make, or why there is none (the reason a rule then stays not verified). */
export type ToolCallPlan =
  | { readonly calls: readonly ToolCall[] }
  | { readonly none: string };

/** The most read-only tools one probe calls when the user names none. */
export const MAX_DEFAULT_CALLS = 10;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** A server-sent name as it may appear in a message: quoted, control characters escaped, capped. */
export function quotedName(name: unknown): string {
  const text = JSON.stringify(String(name));
  return text.length > 66 ? `${text.slice(0, 62)}..."` : text;
}

/** The listed names, quoted, at most ten of them. */
function listedNames(tools: readonly Record<string, unknown>[]): string {
  if (tools.length === 0) return "none";
  const names = tools.slice(0, 10).map((t) => quotedName(t.name)).join(", ");
  return tools.length > 10 ? `${names}, ... (${tools.length} in all)` : names;
}

/** Whether a listed tool says it only reads (`readOnlyHint: true`). */
function readOnly(tool: Record<string, unknown>): boolean {
  return isRecord(tool.annotations) && tool.annotations.readOnlyHint === true;
}

/** How to name the tools the user names safe: `--safe-tool` or the `compliance:` block's. */
const NAME_THEM = "--safe-tool NAME[=JSON] or the compliance: block's safe_tools:";

/**
 * The calls a probe makes on a session that listed `tools`: the tools named safe that it lists,
 * in the user's order, with their arguments; with none named, {@link defaultToolCalls}.
 * `where` says which session listed them (for the reason when there is nothing to call).
 */
export function planToolCalls(
  tools: readonly Record<string, unknown>[],
  named: readonly SafeTool[],
  where: string,
  capability: ClientCapability,
): ToolCallPlan {
  if (named.length === 0) return defaultToolCalls(tools, capability, where);
  const calls = named.filter((safe) => tools.some((t) => t.name === safe.name))
    .map((safe) => ({ name: safe.name, arguments: { ...(safe.arguments ?? {}) } }));
  if (calls.length > 0) return { calls };
  const names = named.map((t) => quotedName(t.name)).join(", ");
  return {
    none: `none of the tools named safe to call (${names}) is in the server's tools/list ` +
      `${where} (it lists: ${listedNames(tools)})`,
  };
}

/**
 * The calls a probe makes when the user names no tool: up to {@link MAX_DEFAULT_CALLS} tools
 * annotated `readOnlyHint: true` that name `capability` (see {@link capabilityMention}), those
 * whose name does first, then those whose title or description does, each in list order; each
 * called with its required arguments filled from its inputSchema (`objectExample`: a `default`,
 * an enum's first value, else a string "example", a number 0 or its nearest bound, `false`...).
 * A tool that does not name the capability is never called by default: it is unlikely to draw
 * the request, and it may be slow (server-everything's 10 s `trigger-long-running-operation`).
 */
export function defaultToolCalls(
  tools: readonly Record<string, unknown>[],
  capability: ClientCapability,
  where: string,
): ToolCallPlan {
  const naming = tools.flatMap((tool, index) => {
    const rank = capabilityMention(tool, capability);
    return rank === undefined ? [] : [{ tool, index, rank }];
  });
  const calls = naming.filter(({ tool }) => readOnly(tool))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .slice(0, MAX_DEFAULT_CALLS)
    .map(({ tool }) => ({ name: String(tool.name), arguments: objectExample(tool.inputSchema) }));
  if (calls.length > 0) return { calls };
  const writers = naming.length === 0 ? "" : `; ${listedNames(naming.map((n) => n.tool))} ` +
    `name${naming.length === 1 ? "s" : ""} it but ${naming.length === 1 ? "is" : "are"} not ` +
    `annotated readOnlyHint: true`;
  return {
    none: `no tool annotated readOnlyHint: true names ${capability} in its name or description ` +
      `${where}${writers}: name the tool that draws it, with its arguments, with ${NAME_THEM}`,
  };
}

/** What an unverified reason adds when the default calls drew nothing: how to go further. */
export function defaultCallsHint(capability: ClientCapability): string {
  return `; by default only the read-only tools that name ${capability} are called: name the ` +
    `tool that draws it, with its arguments, with ${NAME_THEM}`;
}
