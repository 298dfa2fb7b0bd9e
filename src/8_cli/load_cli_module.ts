/**
 * @module Loads a module of this folder (a command's action) through `importLater`, so a command
 * resolves and compiles only its own module graph, not every command's (docs/performance.md,
 * start-up). `deno compile` embeds these modules through the compile task's `--include src`
 * (tests/ci/compile_includes_test.ts keeps the two in step).
 */

import { importLater } from "../0_base/util/import_later.ts";

/** Import `file` (a file name of src/8_cli) and return its module; `T` is `typeof` its namespace. */
export function loadCliModule<T>(file: string): Promise<T> {
  return importLater<T>(import.meta.url, `./${file}`);
}
