/** @module The conformance reporter registry: name -> renderer (pretty, json, markdown, html). */

import { styler } from "../../../0_base/util/ansi.ts";
import { UsageError } from "../../../0_base/errors/errors.ts";
import type { ConformanceResult } from "../result.ts";
import { renderHtml } from "./html.ts";
import { renderJson } from "./json.ts";
import { renderMarkdown } from "./markdown.ts";
import { renderPretty } from "./pretty.ts";

/** A conformance reporter. */
export type ConformanceReporter = (
  result: ConformanceResult,
  options: { readonly color: boolean },
) => string;

/** Every reporter by name. */
export const CONFORMANCE_REPORTERS: Readonly<Record<string, ConformanceReporter>> = {
  pretty: (result, options) => renderPretty(result, styler(options.color)),
  json: (result) => renderJson(result),
  markdown: (result) => renderMarkdown(result),
  html: (result) => renderHtml(result),
};

/** Look a reporter up. @throws {UsageError} listing the known names */
export function getConformanceReporter(name: string): ConformanceReporter {
  const reporter = Object.hasOwn(CONFORMANCE_REPORTERS, name)
    ? CONFORMANCE_REPORTERS[name]
    : undefined;
  if (!reporter) {
    throw new UsageError(
      `unknown reporter "${name}"; expected one of: ${
        Object.keys(CONFORMANCE_REPORTERS).join(", ")
      }`,
    );
  }
  return reporter;
}
