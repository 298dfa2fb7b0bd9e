/** @module The reporter registry: one name -> renderer map drives `--reporter` and `report --format`. */

import { importLater } from "../0_base/util/import_later.ts";
import { UsageError } from "../0_base/errors/errors.ts";
import type { RunRecord } from "../4_record/run_record.ts";
import { styler } from "../0_base/util/ansi.ts";

/** Options every reporter receives. */
export interface ReporterOptions {
  /** Colour output (pretty only). */
  readonly color: boolean;
}

/** A reporter renders a run record to text. */
export type Reporter = (record: RunRecord, options: ReporterOptions) => string | Promise<string>;

/** Every reporter by name; each module is imported only when used. */
export const REPORTERS: Readonly<Record<string, () => Promise<Reporter>>> = {
  pretty: async () => {
    const { renderPretty } = await importLater<typeof import("./pretty.ts")>(
      import.meta.url,
      "./pretty.ts",
    );
    return (record, options) => renderPretty(record, styler(options.color));
  },
  json: async () => {
    const { renderJson } = await importLater<typeof import("./json.ts")>(
      import.meta.url,
      "./json.ts",
    );
    return (record) => renderJson(record);
  },
  junit: async () =>
    (await importLater<typeof import("./junit.ts")>(import.meta.url, "./junit.ts")).renderJunit,
  tap: async () =>
    (await importLater<typeof import("./tap.ts")>(import.meta.url, "./tap.ts")).renderTap,
  sarif: async () =>
    (await importLater<typeof import("./sarif.ts")>(import.meta.url, "./sarif.ts")).renderSarif,
  markdown: async () =>
    (await importLater<typeof import("./markdown.ts")>(import.meta.url, "./markdown.ts"))
      .renderMarkdown,
  html: async () =>
    (await importLater<typeof import("./html.ts")>(import.meta.url, "./html.ts")).renderHtml,
};

/**
 * Look a reporter up by name: own names only, so `constructor` or `__proto__` is unknown like any
 * other. @throws {UsageError} listing the known names
 */
export async function getReporter(name: string): Promise<Reporter> {
  return await REPORTERS[reporterName(name)]!();
}

/**
 * `name` when it names a reporter: the parser of a `--reporter` or `--format` flag, so the
 * command line refuses an unknown name before anything runs. Own names only, as
 * {@link getReporter}.
 * @throws {UsageError} listing the known names (exit 2)
 */
export function reporterName(name: string): string {
  const load = Object.hasOwn(REPORTERS, name) ? REPORTERS[name] : undefined;
  if (typeof load !== "function") {
    throw new UsageError(
      `unknown reporter "${name}"; expected one of: ${Object.keys(REPORTERS).join(", ")}`,
    );
  }
  return name;
}

/**
 * Render `record` with the reporter `name` as chunks to write one after another: the json report
 * comes test by test (a large record's text is never built whole), the others as one chunk.
 * @throws {UsageError} an unknown name
 */
export async function renderChunks(
  name: string,
  record: RunRecord,
  options: ReporterOptions,
): Promise<Iterable<string>> {
  const render = await getReporter(name);
  if (name === "json") {
    return (await importLater<typeof import("./json_chunks.ts")>(
      import.meta.url,
      "./json_chunks.ts",
    )).jsonChunks(record);
  }
  return [await render(record, options)];
}
