/** @module `mcptest conformance run|refresh|check-ids`: options only; each action is loaded lazily. */

import { Command } from "@commander-js/extra-typings";
import { collect, positiveInt } from "./options.ts";

/** Build the `conformance` command group; `done` receives the exit code (seed 002 table). */
export function conformanceCommand(done: (code: number) => void) {
  const group = new Command("conformance")
    .description("Score an MCP server against the SEP conformance corpus (tier badge)")
    .addHelpText(
      "after",
      `
Examples:
  mcptest conformance run --server http://127.0.0.1:3000/mcp
  mcptest conformance run --server "deno run -A server.ts" --target-version 2026-07-28
  mcptest conformance run --server local="deno run -A server.ts"
  mcptest conformance refresh --dry-run
  mcptest conformance check-ids`,
    )
    .addCommand(conformanceRunCommand(done))
    .addCommand(conformanceRefreshCommand(done))
    .addCommand(conformanceCheckIdsCommand(done));
  for (const command of group.commands) command.exitOverride();
  return group.exitOverride();
}

/** `mcptest conformance run`. */
export function conformanceRunCommand(done: (code: number) => void) {
  return new Command("run")
    .description("Score a server (HTTP URL or stdio command) against a corpus version")
    .requiredOption(
      "--server <[name=]target>",
      "MCP server: an http(s):// URL or a stdio command line, optionally named (name=target)",
    )
    .option(
      "--target-version <version>",
      "spec version to score against (default: the newest revision the server negotiates)",
    )
    .option(
      "--corpus-dir <path>",
      "corpus root: <version>/ folders of SEP files, or one flat folder of them (skips cache and embedded)",
    )
    .option("--reporter <format>", "output format: pretty, json, markdown, html", "pretty")
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
    .option("--timeout <ms>", "per-request timeout in milliseconds", positiveInt, 10_000)
    .option("--no-color", "never colour the output")
    .option("--verbose", "print error causes", false)
    .addHelpText(
      "after",
      `
Exit codes: 0 run completed (whatever the tier), 1 CLI error, 2 corpus missing,
3 network failure during --auto-refresh, 4 server unreachable, 7 the server does not speak
--target-version (one line, no check run; --reporter json still writes the report with the reason).

Examples:
  mcptest conformance run --server http://127.0.0.1:3000/mcp
  mcptest conformance run --server "deno run -A server.ts" --target-version 2025-11-25
  mcptest conformance run --server http://localhost:3000/mcp --reporter json --out result.json`,
    )
    .action(async (options) => {
      const { conformanceRunAction } = await import("./conformance_run_action.ts");
      done(await conformanceRunAction(options));
    });
}

/** `mcptest conformance refresh`. */
export function conformanceRefreshCommand(done: (code: number) => void) {
  return new Command("refresh")
    .description("Fetch the upstream SEP corpus into the user cache (or --corpus-dir)")
    .option(
      "--target-version <version>",
      "spec version to file the corpus under, or latest",
      "latest",
    )
    .option("--corpus-dir <path>", "destination root (default: the user cache)")
    .option(
      "--url <url>",
      "upstream repository",
      "https://github.com/modelcontextprotocol/conformance",
    )
    .option("--ref <tag-or-sha>", "pin a ref (skips tag selection)")
    .option("--source-path <path>", "folder of the upstream tree to mirror", "src/seps")
    .option("--dry-run", "print what would be fetched and written, write nothing", false)
    .option("--codeload-url <url>", "tarball host (env MCPTEST_CODELOAD_URL)")
    .option("--api-url <url>", "GitHub API base (env MCPTEST_GITHUB_API_URL)")
    .option("--verbose", "print error causes", false)
    .addHelpText(
      "after",
      `
GITHUB_TOKEN, when set, is sent to the API and tarball hosts (never printed).
Exit codes: 0 done, 1 CLI or I/O error, 3 network failure (including a 403 rate limit).

Examples:
  mcptest conformance refresh
  mcptest conformance refresh --target-version 2026-07-28 --ref main --dry-run`,
    )
    .action(async (options) => {
      const { conformanceRefreshAction } = await import("./conformance_refresh_action.ts");
      done(await conformanceRefreshAction(options));
    });
}

/** `mcptest conformance check-ids`. */
export function conformanceCheckIdsCommand(done: (code: number) => void) {
  return new Command("check-ids")
    .description("List every check id of the resolved corpus and whether mcptest implements it")
    .option("--target-version <version>", "corpus version (default: greatest present)")
    .option(
      "--corpus-dir <path>",
      "corpus root: <version>/ folders of SEP files, or one flat folder of them",
    )
    .option("--format <format>", "text or json", "text")
    .option("--verbose", "print error causes", false)
    .action(async (options) => {
      const { conformanceCheckIdsAction } = await import("./conformance_check_ids_action.ts");
      done(await conformanceCheckIdsAction(options));
    });
}

/** Parsed options of `conformance run`. */
export type ConformanceRunOptions = ReturnType<ReturnType<typeof conformanceRunCommand>["opts"]>;
/** Parsed options of `conformance refresh`. */
export type ConformanceRefreshOptions = ReturnType<
  ReturnType<typeof conformanceRefreshCommand>["opts"]
>;
/** Parsed options of `conformance check-ids`. */
export type ConformanceCheckIdsOptions = ReturnType<
  ReturnType<typeof conformanceCheckIdsCommand>["opts"]
>;
