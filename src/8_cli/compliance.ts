/** @module `mcptest compliance run|baseline` (+ diff and invariants from their own modules): options only, actions lazy. */

import { type AnyCommand, Command } from "../0_base/command_line/declared_command.ts";
import { reporterName, withSafeToolOption, withTargetOptions } from "./compliance_flags.ts";
import { loadCliModule } from "./load_cli_module.ts";
import type * as Actions from "./compliance_run_action.ts";

const actions = () => loadCliModule<typeof Actions>("compliance_run_action.ts");

/** Build the `compliance` group; `extra` mounts further subcommands (diff, invariants). */
export function complianceCommand(done: (code: number) => void, extra: readonly AnyCommand[] = []) {
  const group = new Command("compliance")
    .description("Protocol compliance: run the rule corpus of an MCP revision, baselines, diffs")
    .addHelpText(
      "after",
      `
Without a subcommand, runs the compliance: blocks of the project's suites (as mcptest run finds
them: mcptest.yml, else tests/**/*.yml), like \`compliance run\` with no --from-suite or --server.

Examples:
  mcptest compliance                             # the compliance: blocks of the project's suites
  mcptest compliance run --server "deno run -A server.ts"
  mcptest compliance run --server local="deno run -A server.ts"
  mcptest compliance run --server http://127.0.0.1:3000/mcp --spec-version 2025-11-25
  mcptest compliance run --from-suite examples/compliance.yml --reporter junit --output c.xml
  mcptest compliance diff v2025-06-18 v2025-11-25
  mcptest compliance invariants --capture session.json`,
    )
    .addCommand(complianceRunCommand(done))
    .addCommand(complianceBaselineCommand(done))
    // Bare `mcptest compliance` (seed 004 section 7): the compliance: blocks of the project's
    // suites, as `compliance run` without --from-suite or --server.
    .helpCommand(true) // `mcptest compliance help run`, as before the bare action existed
    .allowExcessArguments(true)
    .action(async (_options, command) => {
      // A word that names no subcommand: commander's own "unknown command" error (with its
      // did-you-mean), as without this action.
      if (command.args.length > 0) {
        (command as unknown as { unknownCommand(): never }).unknownCommand();
      }
      await complianceRunCommand(done).exitOverride().parseAsync([], { from: "user" });
    });
  for (const command of extra) group.addCommand(command);
  for (const command of group.commands) command.exitOverride();
  return group.exitOverride();
}

/** `mcptest compliance run`. */
export function complianceRunCommand(done: (code: number) => void) {
  return withSafeToolOption(withTargetOptions(
    new Command("run").description("Run compliance rules against a server"),
  ))
    .option(
      "--baseline <file>",
      "accepted failures (from `compliance baseline`): known ones pass, stale ones fail",
    )
    .option(
      "--reporter <format>",
      "pretty, json, junit, tap, sarif, markdown, html",
      reporterName,
      "pretty",
    )
    .option("--output <path>", "where the report goes: a file, or - for stdout", "-")
    .option("--capture <file>", "write the session capture of every server (seed 003 format)")
    .option(
      "--save-grade [path]",
      "with --from-suite: save each server's compliance grade (default path: the block's grade_delta: baseline)",
    )
    .option("--no-color", "never colour the output")
    .addHelpText(
      "after",
      `
Exit codes: 0 all rules passed (or known failures), 1 a rule failed, a gate failed or a baseline
entry is stale, 2 bad arguments, bad suite, bad baseline or bad grade file, 7 the server does not
speak the revision asked for (one line, no rule run).

Examples:
  mcptest compliance run --from-suite examples/spec-version-pinning.yml
  mcptest compliance run --from-suite examples/compliance-grade.yml --save-grade
  mcptest compliance run --server "deno run -A server.ts" --target-version v2025-06-18
  mcptest compliance run --server "deno run -A server.ts" --safe-tool ask='{"question":"hi"}'
  mcptest compliance run --server http://127.0.0.1:3000/mcp --target-version v2025-11-25 --baseline compliance-baseline.json`,
    )
    .action(async (options) => {
      done(await (await actions()).complianceRunAction(options));
    });
}

/** `mcptest compliance baseline`. */
export function complianceBaselineCommand(done: (code: number) => void) {
  return withSafeToolOption(withTargetOptions(
    new Command("baseline").description(
      "Record today's compliance failures as accepted (a baseline file)",
    ),
  ))
    .requiredOption("--output <file>", "the baseline file to write")
    .addHelpText(
      "after",
      `
Exit codes: 0 baseline written, 2 bad arguments, bad suite or unwritable file, 7 the server does
not speak the revision asked for (nothing written).

Examples:
  mcptest compliance baseline --server "deno run -A server.ts" --target-version v2025-06-18 --output compliance-baseline.json`,
    )
    .action(async (options) => {
      done(await (await actions()).complianceBaselineAction(options));
    });
}

/** Parsed options of `compliance run`. */
export type ComplianceRunOptions = ReturnType<ReturnType<typeof complianceRunCommand>["opts"]>;
/** Parsed options of `compliance baseline`. */
export type ComplianceBaselineOptions = ReturnType<
  ReturnType<typeof complianceBaselineCommand>["opts"]
>;
