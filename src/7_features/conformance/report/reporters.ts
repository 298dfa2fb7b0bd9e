/** @module The conformance reporter registry: name -> renderer (pretty, json, markdown, html). */

import { styler } from "../../../0_base/util/ansi.ts";
import type { ConformanceResult } from "../result.ts";
import { type ConformanceReporterName, conformanceReporterName } from "./reporter_names.ts";
import { renderHtml } from "./html.ts";
import { renderJson } from "./json.ts";
import { renderMarkdown } from "./markdown.ts";
import { renderPretty } from "./pretty.ts";

/** A conformance reporter. */
export type ConformanceReporter = (
  result: ConformanceResult,
  options: { readonly color: boolean },
) => string;

/** Every reporter by name (the names are reporter_names.ts's, checked by the type). */
export const CONFORMANCE_REPORTERS: Readonly<Record<ConformanceReporterName, ConformanceReporter>> =
  {
    pretty: (result, options) => renderPretty(result, styler(options.color)),
    json: (result) => renderJson(result),
    markdown: (result) => renderMarkdown(result),
    html: (result) => renderHtml(result),
  };

/**
 * Look a reporter up (own names only: `constructor` is unknown like any other).
 * @throws {ConformanceUsageError} listing the known names (a UsageError; exit 1, seed 002)
 */
export function getConformanceReporter(name: string): ConformanceReporter {
  return CONFORMANCE_REPORTERS[conformanceReporterName(name)];
}
