/** @module The output formats of `mcptest lint` (pretty, json): one name -> renderer map, each loaded when used. */

import { importLater } from "../../0_base/util/import_later.ts";
import { UsageError } from "../../0_base/errors/errors.ts";
import type { LintReport } from "./lint_report.ts";

/** Renders a lint report as text (ending in a newline). */
export type LintRenderer = (report: LintReport) => string;

/** Every format of `lint --format`, by name; each module is imported only when used. */
export const LINT_FORMATS = {
  pretty: async (): Promise<LintRenderer> =>
    (await importLater<typeof import("./lint_report.ts")>(import.meta.url, "./lint_report.ts"))
      .renderLintPretty,
  json: (): Promise<LintRenderer> =>
    Promise.resolve((report) => JSON.stringify(report, null, 2) + "\n"),
} as const satisfies Readonly<Record<string, () => Promise<LintRenderer>>>;

/** One of the names of {@link LINT_FORMATS}. */
export type LintFormat = keyof typeof LINT_FORMATS;

/**
 * `name` as a lint format (the `--format` parser).
 * @throws {UsageError} an unknown name, listing the known ones (exit 2)
 */
export function lintFormat(name: string): LintFormat {
  if (Object.hasOwn(LINT_FORMATS, name)) return name as LintFormat;
  throw new UsageError(
    `unknown --format "${name}"; expected one of: ${Object.keys(LINT_FORMATS).join(", ")}`,
  );
}
