/** @module The scan reporters by name: pretty (terminal), json (the ScanReport itself), sarif (code scanning). */

import { styler } from "../../0_base/util/ansi.ts";
import { safeJson } from "../../0_base/util/escape.ts";
import { renderScanPretty } from "./render_pretty.ts";
import { renderScanSarif } from "./render_sarif.ts";
import type { ScanReport } from "./types.ts";
import type { ScanFormat } from "./format_names.ts";

export { isScanFormat, SCAN_FORMATS } from "./format_names.ts";
export type { ScanFormat } from "./format_names.ts";

/** Render `report` in `format` (colour only for pretty, and only when `color`). */
export function renderScan(report: ScanReport, format: ScanFormat, color = false): string {
  if (format === "json") return safeJson(JSON.stringify(report, null, 2)) + "\n";
  if (format === "sarif") return renderScanSarif(report);
  return renderScanPretty(report, styler(color));
}
