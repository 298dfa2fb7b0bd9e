/**
 * @module Imports a module of mcptest on first need, through a specifier `deno run` does not
 * analyse. A literal `import("./x.ts")` is resolved, read and checked with the module that holds
 * it, at start-up, even when it never runs; a command would read every module any of its paths
 * might load (hundreds). Through this helper a process reads only what it runs (docs/performance.md,
 * start-up). `deno compile` embeds these modules through the compile task's `--include src`
 * (tests/ci/compile_includes_test.ts keeps the two in step).
 */

/**
 * Import `path`, relative to `base` (the caller's `import.meta.url`); `T` is `typeof import(path)`.
 *
 * @example
 * ```ts
 * import { importLater } from "./import_later.ts";
 * const { sha256Hex } = await importLater<typeof import("./sha256.ts")>(import.meta.url, "./sha256.ts");
 * ```
 */
export function importLater<T>(base: string, path: string): Promise<T> {
  return import(new URL(path, base).href);
}
