/**
 * The tool-description security scan: {@link scanSurface} (`mcptest scan` as one call),
 * {@link checkSurfaces} (the rules over surfaces already read), the rule table and the renderers.
 *
 * @example Every rule id and its severity
 * ```ts
 * import { SCAN_RULES } from "@mcptest/cli/scan";
 *
 * for (const rule of SCAN_RULES) console.log(rule.id, rule.severity);
 * ```
 *
 * @module
 */

export { scanSurface } from "../src/7_features/scan/scan_surface.ts";
export type { ScanOptions } from "../src/7_features/scan/scan_surface.ts";
export { checkSurfaces } from "../src/7_features/scan/check_surface.ts";
export { SCAN_RULES } from "../src/7_features/scan/rules.ts";
export type { ScanRule } from "../src/7_features/scan/rules.ts";
export { renderScan, SCAN_FORMATS } from "../src/7_features/scan/render.ts";
export type { ScanFormat } from "../src/7_features/scan/render.ts";
export { SEVERITIES } from "../src/7_features/scan/types.ts";
export type {
  Finding,
  FindingLocation,
  ItemKind,
  ScannedServer,
  ScanReport,
  ScanSeverity,
  ServerSurface,
  SeverityCounts,
  SurfaceItem,
} from "../src/7_features/scan/types.ts";
export type { ServerSources } from "../src/7_features/scan/servers.ts";

// The shared types (suite, server, session, record, matcher, error).
export * from "./core_types.ts";
