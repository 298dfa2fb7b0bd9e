/** @module The request of a schema-valid test item (or sequence step), by kind: a tool, a resource, a prompt, a list, or any method. */

import type { Call, ListKind } from "./types.ts";

type Raw = Readonly<Record<string, unknown>>;

/** The kinds of request a test or a step of a sequence makes. */
export type CallKind = Exclude<Call["kind"], "sequence">;

/** The call of a test item of `kind` (its `tool:`/`resource:`/`uri:`/`prompt:`/`list:`/`method:` and arguments). */
export function callOf(kind: CallKind, item: Raw): Call {
  const args = (item.args ?? {}) as Record<string, unknown>;
  switch (kind) {
    case "tool":
      return { kind, tool: String(item.tool), args };
    case "resource":
      return { kind, uri: String(item.resource ?? item.uri) };
    case "prompt":
      return { kind, prompt: String(item.prompt), args };
    case "list":
      return { kind, list: String(item.list) as ListKind };
    case "request": {
      const params = item.params;
      return {
        kind,
        method: String(item.method),
        ...(params !== null && typeof params === "object"
          ? { params: params as Record<string, unknown> }
          : {}),
      };
    }
  }
}
