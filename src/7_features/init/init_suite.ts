/** @module initSuite(): `mcptest init` as one call: connect, read the server's surface, write the starter config and test file. */

import { resolve } from "node:path";
import { CONFIG_FILE } from "../../3_load/config/discover.ts";
import { parseServerFlag } from "../../3_load/config/server_spec.ts";
import { renderConfig, renderTests } from "./render_suite.ts";
import { readSurface, type Surface } from "./surface.ts";
import { writeNewFiles } from "./write_files.ts";

/** The folder the starter test file goes in (also the `suites:` entry). */
export const TESTS_DIR = "tests";
/** The name a bare `--server TARGET` gets. */
export const DEFAULT_INIT_NAME = "server";
/** Timeout of each request to the server when none is given, in milliseconds. */
export const INIT_TIMEOUT_MS = 30_000;

/** Inputs of {@link initSuite}: the flags of `mcptest init`. */
export interface InitSuiteOptions {
  /** `--server [NAME=]TARGET` (a bare command or URL is named `server`). */
  readonly server: string;
  /** The folder to write into (resolved against the working directory). */
  readonly dir: string;
  /** Timeout of each request to the server (default 30000 ms). */
  readonly timeoutMs?: number;
}

/** What {@link initSuite} read and wrote. */
export interface InitSuiteResult {
  /** The server's name (in mcptest.yml and the test file's name). */
  readonly name: string;
  /** What the server advertises. */
  readonly surface: Surface;
  /** The files written, relative to the folder: the config, then the test file. */
  readonly files: readonly [config: string, tests: string];
}

/**
 * Connect to the server, list what it offers, and write `mcptest.yml` (the server, `suites:
 * tests/`) and `tests/<name>.yml` (one `lists:` test per advertised kind, one test per tool).
 * Never overwrites: when a file exists nothing is written.
 * @throws {ConfigError} a malformed `--server` value (exit 2)
 * @throws {UsageError} a file that already exists, named (exit 2)
 * @throws {ConnectError} a server that cannot be reached
 * @example
 * ```ts ignore
 * import { initSuite } from "./init_suite.ts";
 *
 * const { files } = await initSuite({ server: "items=deno run -A server.ts", dir: "my-suite" });
 * console.log(files.join(" and "));
 * ```
 */
export async function initSuite(options: InitSuiteOptions): Promise<InitSuiteResult> {
  const { name, target } = parseServerFlag(options.server, { defaultName: DEFAULT_INIT_NAME });
  const timeoutMs = options.timeoutMs ?? INIT_TIMEOUT_MS;
  const surface = await readSurface({ key: name, name, target, timeoutMs });
  const testFile = `${TESTS_DIR}/${name.replace(/[^A-Za-z0-9_.-]/g, "_")}.yml`;
  await writeNewFiles(resolve(options.dir), [
    { path: CONFIG_FILE, text: renderConfig(name, target, TESTS_DIR) },
    { path: testFile, text: renderTests(name, surface) },
  ]);
  return { name, surface, files: [CONFIG_FILE, testFile] };
}

/** What `mcptest init` prints: what the server offers, what was written, what to do next. */
export function renderInitSummary(result: InitSuiteResult, dir: string): string {
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? "" : "s"}`;
  const { surface } = result;
  const counts = [
    count(surface.tools.length, "tool"),
    count(surface.resources.length, "resource"),
    count(surface.resourceTemplates.length, "resource template"),
    count(surface.prompts.length, "prompt"),
  ].join(", ");
  const [config, tests] = result.files;
  const where = dir === "." ? "" : ` (in ${dir})`;
  return [
    `server "${result.name}" offers ${counts}`,
    `wrote ${config} and ${tests}${where}`,
    `next: edit the placeholder args in ${tests}, then run: mcptest run${
      dir === "." ? "" : ` (from ${dir})`
    }`,
  ].join("\n") + "\n";
}
