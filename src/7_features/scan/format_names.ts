/** @module The names of `mcptest scan --format` (no renderer loaded: the command line reads them at start-up). */

/** The formats of `mcptest scan --format`. */
export const SCAN_FORMATS = ["pretty", "json", "sarif"] as const;

/** One of {@link SCAN_FORMATS}. */
export type ScanFormat = (typeof SCAN_FORMATS)[number];

/** Whether `name` is a scan format. */
export function isScanFormat(name: string): name is ScanFormat {
  return (SCAN_FORMATS as readonly string[]).includes(name);
}
