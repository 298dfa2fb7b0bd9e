/**
 * @module The one flag naming "the revision to judge against": `--target-version`, with
 * `--spec-version` accepted as its alias by every command that takes it (compliance run and
 * baseline, conformance run, check-ids and refresh, doctor).
 */

import type { Command as PlainCommand } from "commander";
import { flagGroup } from "./flag_group.ts";
import { InvalidArgumentError } from "../0_base/command_line/declared_command.ts";

/** The revision flag as commander parses it (the alias lands in `targetVersion` too). */
export type RevisionFlagValues = { targetVersion?: string | undefined };

/** The help line of the alias, the same on every command. */
export const REVISION_ALIAS_HELP = "alias of --target-version";

/**
 * The group adding `--target-version <version>` (described by `description`) and its alias
 * `--spec-version <version>`: both go through one parser into `targetVersion`; two different
 * values are refused as a bad argument (exit 2; 1 under `conformance`, as seed 002 says).
 *
 * @example
 * ```ts
 * import { Command } from "@commander-js/extra-typings";
 * import { withRevisionFlag } from "./revision_flag.ts";
 *
 * const cmd = withRevisionFlag("the revision")(new Command("x"));
 * cmd.parse(["--spec-version", "2025-06-18"], { from: "user" });
 * console.log(cmd.opts().targetVersion); // "2025-06-18"
 * ```
 */
export function withRevisionFlag(description: string) {
  return flagGroup<RevisionFlagValues>((command) => declareRevisionFlag(command, description));
}

/** Declare `--target-version` and its alias `--spec-version` on an untyped command (see {@link withRevisionFlag}). */
export function declareRevisionFlag(command: PlainCommand, description: string): PlainCommand {
  let given: { flag: string; value: string } | undefined;
  const parse = (flag: string) => (value: string): string => {
    if (given !== undefined && given.value !== value) {
      throw new InvalidArgumentError(
        `it contradicts ${given.flag} "${given.value}": they name the same revision, expected one of them`,
      );
    }
    given = { flag, value };
    return value;
  };
  command
    .option("--target-version <version>", description, parse("--target-version"))
    .option("--spec-version <version>", REVISION_ALIAS_HELP, parse("--spec-version"));
  command.on("option:spec-version", () => command.setOptionValue("targetVersion", given?.value));
  return command;
}
