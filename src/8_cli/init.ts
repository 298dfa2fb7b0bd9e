/** @module `mcptest init`: its options; the action is loaded lazily. */

import { Command } from "@commander-js/extra-typings";
import { positiveInt } from "./options.ts";

/** Build the `init` command; `done` receives the exit code. */
export function initCommand(done: (code: number) => void) {
  return new Command("init")
    .description(
      "Connect to a server, list what it offers and write a starter suite and mcptest.yml",
    )
    .requiredOption(
      "--server <name=target>",
      'the server: name=command... or name=url (a bare command or url is named "server")',
    )
    .option("--dir <dir>", "folder to write into (default: the working directory)", ".")
    .option("--timeout-ms <ms>", "timeout of each request to the server", positiveInt, 30_000)
    .option("--verbose", "print error causes", false)
    .addHelpText(
      "after",
      `
Writes mcptest.yml (the server, suites: tests/) and tests/<name>.yml: one lists: test per
advertised kind and one test per tool, args from its input schema, checked against its output
schema. Never overwrites a file: when one exists nothing is written (exit 2, naming it).

Examples:
  mcptest init --server items="deno run -A server.ts"
  mcptest init --server docs=http://127.0.0.1:3000/mcp --dir my-suite`,
    )
    .action(async (options) => {
      const { initAction } = await import("./init_action.ts");
      done(await initAction(options));
    });
}

/** The parsed options of `mcptest init`. */
export type InitOptions = ReturnType<ReturnType<typeof initCommand>["opts"]>;
