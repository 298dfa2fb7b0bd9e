/** @module `mcptest conformance refresh`: its options; the action is loaded lazily. */

import { Command } from "../0_base/command_line/declared_command.ts";
import { withRevisionFlag } from "./revision_flag.ts";
import { loadCliModule } from "./load_cli_module.ts";
import type * as Actions from "./conformance_refresh_action.ts";

/** `mcptest conformance refresh`; `done` receives the exit code. */
export function conformanceRefreshCommand(done: (code: number) => void) {
  return withRevisionFlag("spec version to file the corpus under, or latest (default: latest)")(
    new Command("refresh")
      .description("Fetch the upstream SEP corpus into the user cache (or --corpus-dir)"),
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
      const { conformanceRefreshAction } = await loadCliModule<
        typeof Actions
      >("conformance_refresh_action.ts");
      done(await conformanceRefreshAction(options));
    });
}

/** Parsed options of `conformance refresh`. */
export type ConformanceRefreshOptions = ReturnType<
  ReturnType<typeof conformanceRefreshCommand>["opts"]
>;
