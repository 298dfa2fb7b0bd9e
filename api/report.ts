/**
 * Reports of a run: the reporter registry (pretty, json, junit, tap, sarif, markdown, html), each
 * renderer on its own, GitHub annotations, the run record's types, its validation and merging
 * (`mcptest report --merge`), and {@link renderReport} (`mcptest report` as one call).
 *
 * @example Render a saved run record as JUnit
 * ```ts
 * import { parseRunRecord, renderJunit } from "@mcptest/cli/report";
 *
 * const record = parseRunRecord(
 *   await Deno.readTextFile("tests/fixtures/report/fail.json"),
 *   "fail.json",
 * );
 * console.log(renderJunit(record).slice(0, 38));
 * ```
 *
 * @module
 */

export { getReporter } from "../src/6_report/reporters.ts";
export type { Reporter, ReporterOptions } from "../src/6_report/reporters.ts";
export { RUN_RECORD_VERSION } from "../src/4_record/run_record.ts";
export { renderJunit } from "../src/6_report/junit.ts";
export { renderTap } from "../src/6_report/tap.ts";
export { renderSarif } from "../src/6_report/sarif.ts";
export { renderMarkdown } from "../src/6_report/markdown.ts";
export { renderHtml } from "../src/6_report/html.ts";
export { renderAnnotations, shouldAnnotate } from "../src/6_report/annotations.ts";
export type { AnnotationMode, EnvLookup } from "../src/6_report/annotations.ts";
export { mergeRecords } from "../src/4_record/merge.ts";
export { checkRunRecord, parseRunRecord } from "../src/4_record/validate.ts";
export { renderReport } from "../src/7_features/report/render_report.ts";
export type {
  RenderedReport,
  RenderReportOptions,
} from "../src/7_features/report/render_report.ts";

// The shared types (suite, server, session, record, matcher, error).
export * from "./core_types.ts";
