/** @module mcptest's own version, read from deno.json at build time (no file access at run time). */

import denoJson from "../../deno.json" with { type: "json" };

/** The mcptest version. */
export const VERSION: string = denoJson.version;
