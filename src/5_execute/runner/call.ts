/** @module Maps a test's call to the JSON-RPC method and params it sends. */

import type { Call, ListKind } from "../../3_load/config/types.ts";

/** The method and params of a test's request. */
export interface RequestPlan {
  readonly method: string;
  readonly params: Record<string, unknown>;
}

/** Build the request a test sends: tools/call, resources/read, prompts/get, the list method of a `list:` test (its first page), or a `requests:` test's method. A sequence sends its steps' (run_sequence.ts). */
export function requestFor(call: Call): RequestPlan {
  switch (call.kind) {
    case "request":
      return { method: call.method, params: { ...call.params } };
    case "sequence":
      throw new Error("a sequence has no single request: run it with runSequence");
    case "tool":
      return { method: "tools/call", params: { name: call.tool, arguments: { ...call.args } } };
    case "resource":
      return { method: "resources/read", params: { uri: call.uri } };
    case "prompt":
      return {
        method: "prompts/get",
        params: { name: call.prompt, arguments: stringArgs(call.args) },
      };
    case "list":
      return { method: LIST_METHODS[call.list], params: {} };
  }
}

/** The method of each `list:` test; its response is asserted under `result` (`result.tools`, ...). */
export const LIST_METHODS: Readonly<Record<ListKind, string>> = {
  tools: "tools/list",
  resources: "resources/list",
  resource_templates: "resources/templates/list",
  prompts: "prompts/list",
};

/** Prompt arguments are strings on the wire; numbers and booleans are stringified. */
function stringArgs(args: Readonly<Record<string, unknown>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(args)) {
    out[key] = typeof value === "string" ? value : JSON.stringify(value);
  }
  return out;
}
