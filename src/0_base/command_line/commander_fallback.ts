/**
 * @module commander, for the command lines the declarations alone do not read (help, `--version`,
 * errors, bare groups): the declared commands are built again with commander, call for call, and
 * commander parses. Loaded only then, with the Node layer commander needs.
 */

import { Command, CommanderError } from "commander";
import type { DeclaredCommand } from "./declared_command.ts";

export { CommanderError };

/**
 * Build `declared` (and its subcommands) as commander commands by making each recorded call again,
 * in order. A declared command keeps its commander twin, so a listener that sets an option value on
 * the declared command sets it on the twin.
 */
export function materialize(declared: DeclaredCommand): Command {
  const real = new Command(declared.commandName);
  declared.real = real;
  const methods = real as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const [method, args] of declared.calls) {
    if (method === "addCommand") real.addCommand(materialize(args[0] as DeclaredCommand));
    else methods[method]!.apply(real, [...args]);
  }
  return real;
}

/** Parse `argv` with commander built from `declared`. @throws {CommanderError} as commander does */
export async function parseWithCommander(
  declared: DeclaredCommand,
  argv: readonly string[],
): Promise<void> {
  await materialize(declared).parseAsync([...argv], { from: "user" });
}
