/** @module initSuite(): `mcptest init` as one call: connect, read the server's surface, write the starter config and test file. */

import { join, resolve } from "../../0_base/util/path.ts";
import { writeFileAtomic } from "../../0_base/util/write_output.ts";
import { CONFIG_FILE } from "../../3_load/config/discover.ts";
import { parseServerFlag } from "../../3_load/config/server_spec.ts";
import {
  addServerToConfig,
  ignoreStateDir,
  STATE_DIR_ENTRY,
  writeSchemaCopy,
} from "./project_files.ts";
import { clientSpecOf, initClientBlock } from "./init_client.ts";
import { renderConfig, renderTests, SCHEMA_FILE, serverEntry } from "./render_suite.ts";
import { type InitSurface, readSurface } from "./surface.ts";
import { exists, existsError, writeNewFiles } from "./write_files.ts";

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
  readonly surface: InitSurface;
  /** The files written, relative to the folder: the config, then the test file. */
  readonly files: readonly [config: string, tests: string];
  /** True when the server was added to an existing mcptest.yml (false: the file was created). */
  readonly addedToConfig: boolean;
  /** Whether the schema copy ({@link SCHEMA_FILE}) was written (false: one was there). */
  readonly wroteSchema: boolean;
  /** What happened to .gitignore: created, `.mcptest/` added, or already ignored. */
  readonly gitignore: "created" | "added" | "present";
}

/**
 * Connect to the server declaring the client capabilities mcptest scripts (sampling, elicitation,
 * roots: see init_client.ts), list what it offers, and write `tests/<name>.yml` (one `lists:` test
 * per advertised kind, one test per tool, task-augmented when the tool requires it) and
 * `mcptest.yml` (the server with its `client:` block, `suites: tests/`); when
 * `mcptest.yml` exists, the server is added to it instead (and the test file to its `suites:`
 * when they do not cover it). Also writes the schema copy the files' `$schema` line points at and
 * adds `.mcptest/` to `.gitignore`. Never overwrites: an existing test file, or a server of that
 * name in mcptest.yml, stops it with nothing written.
 * @throws {ConfigError} a malformed `--server` value (exit 2)
 * @throws {UsageError} a file or server that already exists, named (exit 2)
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
  const dir = resolve(options.dir);
  const testFile = `${TESTS_DIR}/${name.replace(/[^A-Za-z0-9_.-]/g, "_")}.yml`;
  if (await exists(join(dir, testFile))) throw existsError(testFile);
  const configPath = join(dir, CONFIG_FILE);
  const existing = await readIfExists(configPath);
  const client = initClientBlock(dir);
  const entry = serverEntry(target, client);
  if (existing !== undefined) {
    // Refuse a duplicate server or a broken config before connecting.
    await addServerToConfig(existing, name, entry, testFile, dir);
  }
  // Declare what the written client: block declares, so the server lists every tool it offers.
  const surface = await readSurface({
    key: name,
    name,
    target,
    timeoutMs,
    client: clientSpecOf(client),
  });
  const tests = renderTests(name, surface);
  if (existing === undefined) {
    await writeNewFiles(dir, [
      { path: CONFIG_FILE, text: renderConfig(name, entry, TESTS_DIR) },
      { path: testFile, text: tests },
    ]);
  } else {
    await writeNewFiles(dir, [{ path: testFile, text: tests }]);
    try {
      const text = await addServerToConfig(existing, name, entry, testFile, dir);
      await writeFileAtomic(configPath, text);
    } catch (error) {
      await Deno.remove(join(dir, testFile)).catch(() => {});
      throw error;
    }
  }
  const wroteSchema = await writeSchemaCopy(dir, SCHEMA_FILE);
  const gitignore = await ignoreStateDir(dir);
  return {
    name,
    surface,
    files: [CONFIG_FILE, testFile],
    addedToConfig: existing !== undefined,
    wroteSchema,
    gitignore,
  };
}

async function readIfExists(path: string): Promise<string | undefined> {
  try {
    return await Deno.readTextFile(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw error;
  }
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
  const also = [
    result.wroteSchema ? `${SCHEMA_FILE} (the schema your editor reads)` : "",
    result.gitignore === "created" ? `.gitignore (ignoring ${STATE_DIR_ENTRY})` : "",
    result.gitignore === "added" ? `${STATE_DIR_ENTRY} to .gitignore` : "",
  ].filter((s) => s !== "");
  return [
    `server "${result.name}" offers ${counts}`,
    result.addedToConfig
      ? `added server "${result.name}" to ${config} and wrote ${tests}${where}`
      : `wrote ${config} and ${tests}${where}`,
    ...(also.length > 0 ? [`also wrote ${also.join(", ")}`] : []),
    // Run from where init ran: a relative path in the server's command still resolves.
    `next: edit the placeholder args in ${
      dir === "." ? tests : join(dir, tests)
    }, then run: mcptest run${dir === "." ? "" : ` --config ${join(dir, config)}`}`,
  ].join("\n") + "\n";
}
