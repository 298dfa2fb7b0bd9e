/** @module The YAML block of a TAP 14 test point: a test's diagnostics as YAML lines, by js-yaml's dump (several times faster than the `yaml` package's stringify on a report of thousands of failures). */

// @ts-types="@types/js-yaml"
import { dump } from "js-yaml";

/**
 * The lines of the YAML block of `diagnostics` (plain data: strings escaped by the caller,
 * numbers, objects, arrays), without the `---`/`...` markers or the block's indentation. Long
 * strings are never folded; a value YAML cannot hold (`undefined`) is left out.
 *
 * @example
 * ```ts
 * import { tapYamlLines } from "./tap_yaml.ts";
 * tapYamlLines({ message: "a: b", at: { line: 3 } }); // ["message: 'a: b'", "at:", "  line: 3"]
 * ```
 */
export function tapYamlLines(diagnostics: Readonly<Record<string, unknown>>): string[] {
  return dump(diagnostics, { lineWidth: -1, noRefs: true, skipInvalid: true }).trimEnd().split(
    "\n",
  );
}
