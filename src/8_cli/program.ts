/** @module Builds the mcptest command tree and runs it; returns the exit code (cli.ts exits with it). */

import { Command, CommanderError } from "@commander-js/extra-typings";
import { ConformanceExitCode, ExitCode } from "../0_base/errors/exit_codes.ts";
import { VERSION } from "../0_base/version.ts";
import { complianceCommand } from "./compliance.ts";
import { complianceInvariantsCommand } from "./compliance_invariants.ts";
import { complianceDiffCommand } from "./compliance_revision_diff.ts";
import { conformanceCommand } from "./conformance.ts";
import { doctorCommand } from "./doctor.ts";
import { authCommand } from "./auth.ts";
import { initCommand } from "./init.ts";
import { lintCommand } from "./lint.ts";
import { listCommand } from "./list.ts";
import { migrateCommand } from "./migrate.ts";
import { reportCommand } from "./report.ts";
import { runCommand } from "./run.ts";
import { serveCommand } from "./serve.ts";
import { diffCommand } from "./diff.ts";
import { scanCommand } from "./scan.ts";
import { fuzzCommand } from "./fuzz.ts";

/** Parse `argv` (without the program name), run the command, return its exit code. */
export async function runCli(argv: readonly string[]): Promise<number> {
  let code: number = ExitCode.Ok;
  const done = (c: number) => {
    code = c;
  };
  const program = new Command("mcptest")
    .description("CI-grade test runner for MCP servers")
    .version(VERSION, "-V, --version")
    .showHelpAfterError("(run with --help for usage)")
    .addHelpText(
      "after",
      `
Examples:
  mcptest run                                  # suites of mcptest.yml, else tests/**/*.yml
  mcptest run tests/ --reporter junit --output reports/junit.xml
  mcptest compliance run --server "deno run -A server.ts"
  mcptest conformance run --server http://127.0.0.1:3000/mcp
  mcptest doctor
  mcptest report run.json --format markdown`,
    )
    .exitOverride()
    .addCommand(initCommand(done))
    .addCommand(runCommand(done))
    .addCommand(listCommand(done))
    .addCommand(reportCommand(done))
    .addCommand(
      complianceCommand(done, [complianceDiffCommand(done), complianceInvariantsCommand(done)]),
    )
    .addCommand(conformanceCommand(done))
    .addCommand(doctorCommand(done))
    .addCommand(authCommand(done))
    .addCommand(lintCommand(done))
    .addCommand(migrateCommand(done))
    .addCommand(serveCommand(done))
    .addCommand(scanCommand(done))
    .addCommand(fuzzCommand(done))
    .addCommand(diffCommand(done));
  for (const command of program.commands) command.exitOverride();
  try {
    await program.parseAsync([...argv], { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) {
      const ok = error.code === "commander.helpDisplayed" || error.code === "commander.version" ||
        error.code === "commander.help";
      if (ok) return ExitCode.Ok;
      // seed 002: conformance reports bad arguments as a generic CLI error (1), not a config error.
      return argv[0] === "conformance" ? ConformanceExitCode.CliError : ExitCode.ConfigError;
    }
    throw error;
  }
  return code;
}
