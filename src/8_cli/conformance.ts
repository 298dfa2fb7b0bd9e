/** @module `mcptest conformance run|refresh|check-ids`: the command group; each command is its own module. */

import { Command } from "../0_base/command_line/declared_command.ts";
import { conformanceCheckIdsCommand } from "./conformance_check_ids.ts";
import { conformanceRefreshCommand } from "./conformance_refresh.ts";
import { conformanceRunCommand } from "./conformance_run.ts";

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
