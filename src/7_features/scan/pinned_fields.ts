/** @module The fields of an item that a model reads or calls with: what a pin stores and a collision compares. */

import type { SurfaceItem } from "./types.ts";

/** The fields kept, per kind (resources are a data listing and are not pinned). */
const FIELDS: Readonly<Record<SurfaceItem["kind"], readonly string[]>> = {
  tool: ["name", "title", "description", "inputSchema", "outputSchema", "annotations"],
  prompt: ["name", "title", "description", "arguments"],
  resource_template: ["uriTemplate", "name", "title", "description", "mimeType"],
  resource: ["uri", "name", "title", "description", "mimeType"],
};

/** The model-facing part of `item` (absent fields left out). */
export function pinnedFields(item: SurfaceItem): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of FIELDS[item.kind]) {
    if (item.value[field] !== undefined) out[field] = item.value[field];
  }
  return out;
}
