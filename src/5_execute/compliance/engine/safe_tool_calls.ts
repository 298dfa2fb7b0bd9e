/** @module Which tools a compliance probe may call: the ones the user names safe (`--safe-tool`, `safe_tools:`), else the read-only ones without required arguments. */

import type { SafeTool } from "../../../3_load/config/safe_tool.ts";

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

/** Whether a listed tool says it only reads (`readOnlyHint: true`) and needs no argument. */
function readOnlyWithoutArguments(tool: Record<string, unknown>): boolean {
  const annotations = isRecord(tool.annotations) ? tool.annotations : {};
  const required = isRecord(tool.inputSchema) ? tool.inputSchema.required : undefined;
  return annotations.readOnlyHint === true && (!Array.isArray(required) || required.length === 0);
}

/**
 * The calls a probe makes on a session that listed `tools`: the tools named safe that it lists,
 * in the user's order, with their arguments; with none named, up to {@link MAX_DEFAULT_CALLS}
 * tools annotated `readOnlyHint: true` without required arguments, called without arguments.
 * `where` says which session listed them (for the reason when there is nothing to call).
 */
export function planToolCalls(
  tools: readonly Record<string, unknown>[],
  named: readonly SafeTool[],
  where: string,
): ToolCallPlan {
  if (named.length > 0) {
    const calls = named.filter((safe) => tools.some((t) => t.name === safe.name))
      .map((safe) => ({ name: safe.name, arguments: { ...(safe.arguments ?? {}) } }));
    if (calls.length > 0) return { calls };
    const names = named.map((t) => quotedName(t.name)).join(", ");
    return {
      none: `none of the tools named safe to call (${names}) is in the server's tools/list ` +
        `${where} (it lists: ${listedNames(tools)})`,
    };
  }
  const calls = tools.filter(readOnlyWithoutArguments).slice(0, MAX_DEFAULT_CALLS)
    .map((t) => ({ name: String(t.name), arguments: {} }));
  if (calls.length > 0) return { calls };
  return {
    none: `no tool is safe to call ${where}: none is annotated readOnlyHint: true without ` +
      `required arguments; name the tools that are with --safe-tool NAME[=JSON] or the ` +
      `compliance: block's safe_tools:`,
  };
}
