/** @module The suite flags `mcptest run` and `mcptest doctor` share, and their mapping to `loadSuite` options. */

import { flagGroup } from "./flag_group.ts";
import type { LoadOptions } from "../3_load/config/load_suite.ts";
import { collect } from "./options.ts";

/** The suite flags as commander parses them. */
type SuiteFlagValues = {
  config?: string | undefined;
  serverConfig?: string | undefined;
  server: string[];
  var: string[];
  envFile: string[];
};

/** The parsed suite flags: --config, --server-config, --server, --var, --env-file. */
export interface SuiteFlags {
  /** `--config FILE` */
  readonly config?: string | undefined;
  /** `--server-config FILE` */
  readonly serverConfig?: string | undefined;
  /** `--server name=target` (repeatable) */
  readonly server: readonly string[];
  /** `--var KEY=VALUE` (repeatable) */
  readonly var: readonly string[];
  /** `--env-file PATH` (repeatable) */
  readonly envFile: readonly string[];
}

/**
 * Add the suite flags to `command`, with the same names, help and defaults everywhere.
 *
 * @example
 * ```ts
 * import { Command } from "@commander-js/extra-typings";
 * import { withSuiteFlags } from "./suite_flags.ts";
 *
 * const run = withSuiteFlags(new Command("run").argument("[paths...]"));
 * run.parse(["--var", "greeting_name=Grace", "examples/getting-started.yml"], { from: "user" });
 * console.log(run.opts().var, run.args);
 * ```
 */
export const withSuiteFlags = flagGroup<SuiteFlagValues>((command) =>
  command
    .option("--config <file>", "project config to use instead of ./mcptest.yml")
    .option(
      "--server <name=target>",
      "override a server: name=command... or name=url (repeatable)",
      collect,
      [] as string[],
    )
    .option("--server-config <file>", "YAML file of servers that overrides mcptest.yml")
    .option(
      "--var <KEY=VALUE>",
      "set a variable (repeatable, highest precedence)",
      collect,
      [] as string[],
    )
    .option(
      "--env-file <path>",
      "load variables from an env file (repeatable, later wins)",
      collect,
      [] as string[],
    )
);

/**
 * The `loadSuite` options the suite flags name, for `paths` in `cwd`.
 *
 * @example
 * ```ts
 * import { loadSuite } from "../3_load/config/load_suite.ts";
 * import { suiteLoadOptions } from "./suite_flags.ts";
 *
 * const flags = { server: [], var: ["greeting_name=Grace"], envFile: [] };
 * const paths = ["examples/getting-started.yml"];
 * const suite = await loadSuite(suiteLoadOptions(paths, flags, Deno.cwd()));
 * console.log(suite.tests.length);
 * ```
 */
export function suiteLoadOptions(
  paths: readonly string[],
  flags: SuiteFlags,
  cwd: string,
): LoadOptions {
  return {
    paths,
    cwd,
    ...(flags.config !== undefined ? { configFile: flags.config } : {}),
    ...(flags.serverConfig !== undefined ? { serverConfigFile: flags.serverConfig } : {}),
    serverOverrides: flags.server,
    vars: flags.var,
    envFiles: flags.envFile,
  };
}
