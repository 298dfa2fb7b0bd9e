/** @module The output formats of `mcptest diff` (pretty, json, markdown): one name -> renderer map, each loaded when used. */

import { importLater } from "../../0_base/util/import_later.ts";
import { UsageError } from "../../0_base/errors/errors.ts";
import type { DiffResult } from "./types.ts";

/** Renders a diff result as text; `color` styles the pretty format only. */
export type DiffRenderer = (result: DiffResult, options: { readonly color: boolean }) => string;

/** Every format of `diff --format`, by name; the renderers are imported only when used. */
export const DIFF_FORMATS = {
  pretty: async (): Promise<DiffRenderer> => {
    const [{ renderPretty }, { styler }] = await Promise.all([
      importLater<typeof import("./render.ts")>(import.meta.url, "./render.ts"),
      importLater<typeof import("../../0_base/util/ansi.ts")>(
        import.meta.url,
        "../../0_base/util/ansi.ts",
      ),
    ]);
    return (result, options) => renderPretty(result, styler(options.color));
  },
  json: async (): Promise<DiffRenderer> =>
    (await importLater<typeof import("./render.ts")>(import.meta.url, "./render.ts")).renderJson,
  markdown: async (): Promise<DiffRenderer> =>
    (await importLater<typeof import("./render.ts")>(import.meta.url, "./render.ts"))
      .renderMarkdown,
} as const satisfies Readonly<Record<string, () => Promise<DiffRenderer>>>;

/** One of the names of {@link DIFF_FORMATS}. */
export type DiffFormat = keyof typeof DIFF_FORMATS;

/**
 * `name` as a diff format (the `--format` parser).
 * @throws {UsageError} an unknown name, listing the known ones (exit 2)
 */
export function diffFormat(name: string): DiffFormat {
  if (Object.hasOwn(DIFF_FORMATS, name)) return name as DiffFormat;
  throw new UsageError(
    `unknown --format "${name}"; expected one of: ${Object.keys(DIFF_FORMATS).join(", ")}`,
  );
}
