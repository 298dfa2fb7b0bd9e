/** @module `mcptest init`: its options; the action is loaded lazily. */

import { Command } from "../0_base/command_line/declared_command.ts";
import { positiveInt } from "./options.ts";
import { loadCliModule } from "./load_cli_module.ts";
import type * as Actions from "./init_action.ts";

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
schema. With an mcptest.yml already there, adds the server to it (and the file to its suites:).
Also writes mcptest.schema.json (the $schema the files point at) and adds .mcptest/ to .gitignore.
Never overwrites: an existing test file or server of that name stops it (exit 2, naming it).
Exit codes: 0 written, 1 the server could not be reached or listed, 2 bad arguments or a file exists.

Examples:
  mcptest init --server items="deno run -A server.ts"
  mcptest init --server docs=http://127.0.0.1:3000/mcp --dir my-suite`,
    )
    .action(async (options) => {
      const { initAction } = await loadCliModule<typeof Actions>("init_action.ts");
      done(await initAction(options));
    });
}

/** The parsed options of `mcptest init`. */
export type InitOptions = ReturnType<ReturnType<typeof initCommand>["opts"]>;
