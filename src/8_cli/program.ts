/** @module Builds the mcptest command tree and runs it; returns the exit code (cli.ts exits with it). */

import { Command, type DeclaredCommand } from "../0_base/command_line/declared_command.ts";
import { parseDeclared } from "../0_base/command_line/declared_parse.ts";
import { importLater } from "../0_base/util/import_later.ts";
import { ConformanceExitCode, ExitCode } from "../0_base/errors/exit_codes.ts";
import { VERSION } from "../0_base/version.ts";
import { COMMANDS, commandsFor } from "./command_table.ts";

/**
 * Parse `argv` (without the program name), run the command, return its exit code. A plain, valid
 * command line is read from the declared commands; help, `--version` and mistakes go to commander
 * (loaded then, with the Node layer it needs), which prints what it always printed.
 */
export async function runCli(argv: readonly string[]): Promise<number> {
  let code: number = ExitCode.Ok;
  const done = (c: number) => {
    code = c;
  };
  const parsed = parseDeclared(await buildProgram(argv, done), argv);
  if (parsed) {
    await parsed.run();
    return code;
  }
  const { materialize, CommanderError } = await importLater<
    typeof import("../0_base/command_line/commander_fallback.ts")
  >(import.meta.url, "../0_base/command_line/commander_fallback.ts");
  // Built again: an option parser may keep what it saw (--target-version and its alias).
  const program = materialize(await buildProgram(argv, done));
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

/** The program with the commands `argv` needs (see `commandsFor`), declared. */
export async function buildProgram(
  argv: readonly string[],
  done: (code: number) => void,
): Promise<DeclaredCommand> {
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
    .exitOverride();
  // Only the command argv names is imported and built (all of them for help or a mistyped name).
  const built = await Promise.all(commandsFor(argv).map((name) => COMMANDS[name]!(done)));
  for (const command of built) program.addCommand(command);
  for (const command of program.commands) command.exitOverride();
  return program as unknown as DeclaredCommand;
}
