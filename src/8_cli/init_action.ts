/** @module The `mcptest init` action: connect, read the server's surface, write the starter files. */

import { resolve } from "node:path";
import { parseServerFlag } from "../3_load/config/server_spec.ts";
import type { ServerTarget } from "../3_load/config/types.ts";
import { CONFIG_FILE } from "../3_load/config/discover.ts";
import { ExitCode } from "../0_base/errors/exit_codes.ts";
import { renderConfig, renderTests } from "../7_features/init/render_suite.ts";
import { readSurface } from "../7_features/init/surface.ts";
import { writeNewFiles } from "../7_features/init/write_files.ts";
import { handleError } from "./handle_error.ts";
import type { InitOptions } from "./init.ts";

/** The folder the starter test file goes in (also the `suites:` entry). */
export const TESTS_DIR = "tests";
/** The name a bare `--server TARGET` gets. */
export const DEFAULT_INIT_NAME = "server";

/** Run `mcptest init` and return the exit code. */
export async function initAction(options: InitOptions): Promise<number> {
  try {
    const { name, target } = serverOf(options.server);
    const surface = await readSurface({
      key: name,
      name,
      target,
      timeoutMs: options.timeoutMs,
    });
    const dir = resolve(options.dir);
    const testFile = `${TESTS_DIR}/${fileNameOf(name)}.yml`;
    await writeNewFiles(dir, [
      { path: CONFIG_FILE, text: renderConfig(name, target, TESTS_DIR) },
      { path: testFile, text: renderTests(name, surface) },
    ]);
    const count = (n: number, what: string) => `${n} ${what}${n === 1 ? "" : "s"}`;
    const counts = [
      count(surface.tools.length, "tool"),
      count(surface.resources.length, "resource"),
      count(surface.resourceTemplates.length, "resource template"),
      count(surface.prompts.length, "prompt"),
    ].join(", ");
    const where = options.dir === "." ? "" : ` (in ${options.dir})`;
    console.log(`server "${name}" offers ${counts}`);
    console.log(`wrote ${CONFIG_FILE} and ${testFile}${where}`);
    console.log(
      `next: edit the placeholder args in ${testFile}, then run: mcptest run${
        options.dir === "." ? "" : ` (from ${options.dir})`
      }`,
    );
    return ExitCode.Ok;
  } catch (error) {
    return handleError(error, options.verbose);
  }
}

/**
 * `NAME=TARGET`, or a bare command or URL (named "server"): a value whose part before `=` is not a
 * plain name (`deno run --allow-net=...`) is a bare command.
 */
export function serverOf(flag: string): { name: string; target: ServerTarget } {
  const eq = flag.indexOf("=");
  const head = eq < 0 ? "" : flag.slice(0, eq).trim();
  const bare = eq < 0 || !/^[A-Za-z0-9_.-]+$/.test(head) || /^https?:\/\//i.test(flag.trim());
  return parseServerFlag(bare ? `${DEFAULT_INIT_NAME}=${flag}` : flag);
}

function fileNameOf(name: string): string {
  return name.replace(/[^A-Za-z0-9_.-]/g, "_");
}
