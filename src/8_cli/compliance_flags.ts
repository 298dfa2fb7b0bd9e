/** @module The target flags `compliance run` and `compliance baseline` share (a suite or a server, its revision, variables, timeout), and `--reporter`. */

import { flagGroup } from "./flag_group.ts";
import { declareRevisionFlag, type RevisionFlagValues } from "./revision_flag.ts";
import { REPORTERS } from "../6_report/reporters.ts";
import { collect, oneOf, positiveInt } from "./options.ts";

/** The target flags as commander parses them. */
type TargetFlagValues = {
  fromSuite?: string | undefined;
  server?: string | undefined;
  registry?: string | undefined;
  header: string[];
  timeout: number;
  var: string[];
  envFile: string[];
  verbose: boolean;
};

/** The options `run` and `baseline` share (`--target-version`, alias `--spec-version`, included). */
export const withTargetOptions = flagGroup<TargetFlagValues & RevisionFlagValues>((command) =>
  declareRevisionFlag(
    command,
    "with --server: the revision to run (v2025-06-18 or 2025-06-18; default: the newest the server negotiates)",
  )
    .option(
      "--from-suite <file>",
      "run the compliance: block of this test file (default, without --server: those of the project's suites)",
    )
    .option(
      "--server <[name=]target>",
      "MCP server: an http(s):// URL or a stdio command line, optionally named (name=target)",
    )
    .option(
      "--registry <file>",
      "with --server: run the corpus of this rule registry and the <version>/ folders beside it",
    )
    .option(
      "--header <name:value>",
      "extra HTTP header for --server (repeatable)",
      collect,
      [] as string[],
    )
    .option(
      "--timeout <ms>",
      "per-request timeout in milliseconds (a probe a server ignores costs this long)",
      positiveInt,
      5_000,
    )
    .option("--var <key=value>", "set a variable (repeatable)", collect, [] as string[])
    .option(
      "--env-file <path>",
      "read variables from a dotenv file (repeatable)",
      collect,
      [] as string[],
    )
    .option("--verbose", "print error causes", false)
);

/** `--safe-tool` of `compliance run`: the syntax and parser of `conformance run`'s. */
export const withSafeToolOption = flagGroup<{ safeTool: string[] }>((command) =>
  command.option(
    "--safe-tool <name[=json]>",
    "a tool the capability rules (ELICIT, SAMPLE, ROOTS) may call, with its arguments as a JSON object (repeatable; replaces a suite's safe_tools:; default: the read-only tools that name the capability, required arguments filled from their schema)",
    collect,
    [] as string[],
  )
);

/** `--reporter`: a name of the reporter registry (a usage error, exit 2, otherwise). */
export const reporterName = oneOf(
  Object.keys(REPORTERS),
  (name) => `unknown reporter "${name}"; expected one of: ${Object.keys(REPORTERS).join(", ")}`,
);
