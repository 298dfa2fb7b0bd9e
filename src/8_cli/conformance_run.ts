/** @module `mcptest conformance run`: its options; the action is loaded lazily. */

import { Command } from "../0_base/command_line/declared_command.ts";
import { conformanceReporterName } from "../7_features/conformance/report/reporter_names.ts";
import { collect, positiveInt } from "./options.ts";
import { withRevisionFlag } from "./revision_flag.ts";
import { loadCliModule } from "./load_cli_module.ts";
import type * as Actions from "./conformance_run_action.ts";

/** `mcptest conformance run`; `done` receives the exit code. */
export function conformanceRunCommand(done: (code: number) => void) {
  return withRevisionFlag(
    "spec version to score against (default: the newest revision the server negotiates)",
  )(
    new Command("run")
      .description("Score a server (HTTP URL or stdio command) against a corpus version")
      .requiredOption(
        "--server <[name=]target>",
        "MCP server: an http(s):// URL or a stdio command line, optionally named (name=target)",
      ),
  )
    .option(
      "--corpus-dir <path>",
      "corpus root: <version>/ folders of SEP files, or one flat folder of them (skips cache and embedded)",
    )
    .option(
      "--reporter <format>",
      "output format: pretty, json, markdown, html",
      conformanceReporterName,
      "pretty",
    )
    .option("--out <path>", "write the report to a file (atomic) instead of stdout")
    .option("--output <path>", "same as --out")
    .option(
      "--capture <file>",
      "write the session capture (seed 003 format) for `compliance invariants`",
    )
    .option(
      "--auto-refresh",
      "refresh the corpus first when --target-version is missing locally",
      false,
    )
    .option(
      "--header <name:value>",
      "extra HTTP header for the server (repeatable)",
      collect,
      [] as string[],
    )
    .option(
      "--safe-tool <name[=json]>",
      "a tool the probes may call, with its arguments as a JSON object (repeatable; default: read-only tools without required arguments)",
      collect,
      [] as string[],
    )
    .option(
      "--dpop-key <file>",
      "DPoP (the session and the SEP-1932 probes): a JSON file holding the private JWK the token is bound to",
    )
    .option(
      "--dpop-token-env <name>",
      "DPoP: the environment variable holding the access token bound to that key",
    )
    .option(
      "--dpop-foreign-token-env <name>",
      "DPoP: a variable holding a token for another resource (the audience check)",
    )
    .option("--timeout <ms>", "per-request timeout in milliseconds", positiveInt, 10_000)
    .option("--no-color", "never colour the output")
    .option("--verbose", "print error causes", false)
    .addHelpText(
      "after",
      `
Exit codes: 0 run completed (whatever the tier), 1 CLI error, 2 corpus missing or a bad
--server or --header (as every command), 3 network failure during --auto-refresh,
4 server unreachable, 7 the server does not speak
--target-version (one line, no check run; --reporter json still writes the report with the reason).

Examples:
  mcptest conformance run --server http://127.0.0.1:3000/mcp
  mcptest conformance run --server "deno run -A server.ts" --target-version 2025-11-25
  mcptest conformance run --server http://localhost:3000/mcp --reporter json --out result.json`,
    )
    .action(async (options) => {
      const { conformanceRunAction } = await loadCliModule<typeof Actions>(
        "conformance_run_action.ts",
      );
      done(await conformanceRunAction(options));
    });
}

/** Parsed options of `conformance run`. */
export type ConformanceRunOptions = ReturnType<ReturnType<typeof conformanceRunCommand>["opts"]>;
