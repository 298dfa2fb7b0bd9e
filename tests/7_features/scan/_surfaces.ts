/** @module Surfaces for the scan rule tests: a tool, prompt, resource or template with the given fields. */

import type { ServerSurface, SurfaceItem } from "../../../src/7_features/scan/types.ts";

type Value = Record<string, unknown>;

/** A tool item. */
export function tool(name: string, fields: Value = {}): SurfaceItem {
  return {
    kind: "tool",
    key: name,
    value: { name, inputSchema: { type: "object", properties: {} }, ...fields },
  };
}

/** A prompt item. */
export function prompt(name: string, fields: Value = {}): SurfaceItem {
  return { kind: "prompt", key: name, value: { name, ...fields } };
}

/** A surface of one server. */
export function surface(server: string, ...items: SurfaceItem[]): ServerSurface {
  return { server, items };
}

/** A tool whose description is `text`. */
export function described(text: string, name = "t"): ServerSurface {
  return surface("s", tool(name, { description: text }));
}
