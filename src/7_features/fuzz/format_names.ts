/** @module The names of `mcptest fuzz --format` (no renderer loaded: the command line reads them at start-up). */

import { REPORTERS } from "../../6_report/reporters.ts";

/** The formats of `mcptest fuzz --format`. */
export const FUZZ_FORMATS = ["pretty", "json"] as const;

/** One of {@link FUZZ_FORMATS}. */
export type FuzzFormat = (typeof FUZZ_FORMATS)[number];

/** Whether `name` is a fuzz format. */
export function isFuzzFormat(name: string): name is FuzzFormat {
  return (FUZZ_FORMATS as readonly string[]).includes(name);
}

/** The formats: `pretty` and `json` (the fuzz report), then junit, tap, sarif, markdown, html. */
export const FUZZ_OUTPUT_FORMATS: readonly string[] = [
  ...FUZZ_FORMATS,
  ...Object.keys(REPORTERS).filter((name) => !(FUZZ_FORMATS as readonly string[]).includes(name)),
];
