/** @module `server/discover` (2026-07-28): versions, capabilities and cache hints without initialize. */

import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { z } from "zod";
import {
  CACHE_HINTS,
  INSTRUCTIONS,
  META_SERVER_INFO,
  SERVER_INFO,
  SUPPORTED_VERSIONS,
} from "./era.ts";

const DiscoverRequestSchema = z.object({
  method: z.literal("server/discover"),
  params: z.looseObject({}).optional(),
});

/** The `server/discover` result (serverInfo in result `_meta`, as in the final 2026-07-28). */
export interface DiscoverResult {
  readonly supportedVersions: string[];
  readonly capabilities: Record<string, unknown>;
  readonly instructions: string;
  readonly ttlMs: number;
  readonly cacheScope: string;
  readonly _meta: Record<string, unknown>;
  readonly [key: string]: unknown;
}

/** Install the `server/discover` handler. Call after every capability is registered. */
export function registerDiscover(server: Server): void {
  server.setRequestHandler(DiscoverRequestSchema, (): DiscoverResult => ({
    supportedVersions: [...SUPPORTED_VERSIONS],
    capabilities: { ...server.getCapabilities() },
    instructions: INSTRUCTIONS,
    ...CACHE_HINTS.static,
    _meta: { [META_SERVER_INFO]: { ...SERVER_INFO } },
  }));
}
