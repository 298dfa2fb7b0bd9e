/** @module A group of options added to any command, typed by a written interface. */

import type { Command, OptionValues } from "@commander-js/extra-typings";
import type { Command as PlainCommand } from "commander";

/**
 * A function that adds one group of options to a command and types the result as the command's
 * options plus `Flags`. The group's options are declared on the untyped commander command, so
 * the type checker never infers a chain of options through generic parameters (which costs
 * minutes of `deno check` per group); `Flags` is written out next to the options it names.
 *
 * @example
 * ```ts
 * import { Command } from "@commander-js/extra-typings";
 * import { flagGroup } from "./flag_group.ts";
 *
 * const withDry = flagGroup<{ dry: boolean }>((c) => c.option("--dry", "change nothing", false));
 * const cmd = withDry(new Command("x"));
 * cmd.parse(["--dry"], { from: "user" });
 * console.log(cmd.opts().dry); // true
 * ```
 */
export function flagGroup<Flags extends OptionValues>(
  declare: (command: PlainCommand) => unknown,
): <A extends unknown[], O extends OptionValues, G extends OptionValues>(
  command: Command<A, O, G>,
) => Command<A, O & Flags, G> {
  return (command) => {
    declare(command as unknown as PlainCommand);
    return command as never;
  };
}
