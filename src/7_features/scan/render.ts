/** @module The scan reporters by name: pretty (terminal), json (the ScanReport itself), sarif (code scanning). */

import { styler } from "../../0_base/util/ansi.ts";
import { safeJson } from "../../0_base/util/escape.ts";
import { renderScanPretty } from "./render_pretty.ts";
import { renderScanSarif } from "./render_sarif.ts";
import type { ScanReport } from "./types.ts";

/** The formats of `mcptest scan --format`. */
export const SCAN_FORMATS = ["pretty", "json", "sarif"] as const;

/** One of {@link SCAN_FORMATS}. */
export type ScanFormat = (typeof SCAN_FORMATS)[number];

/** Whether `name` is a scan format. */
export function isScanFormat(name: string): name is ScanFormat {
  return (SCAN_FORMATS as readonly string[]).includes(name);
}

/** Render `report` in `format` (colour only for pretty, and only when `color`). */
export function renderScan(report: ScanReport, format: ScanFormat, color = false): string {
  if (format === "json") return safeJson(JSON.stringify(report, null, 2)) + "\n";
  if (format === "sarif") return renderScanSarif(report);
  return renderScanPretty(report, styler(color));
}
