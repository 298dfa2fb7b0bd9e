/** @module Re-read one variable through the variable stack on a 401 (bearer and custom-header auth). */

import { buildVariableStack, type ReadTextFile } from "./variable_stack.ts";

import type { VariableRereader } from "../../2_connect/auth/types.ts";

/** The stack inputs a suite was loaded with (the `loadSuite` options that name variable sources). */
export interface RereadSources {
  /** Directory of `.env.local`, `.env.test`, `.env`; base of relative `--env-file` paths. */
  readonly cwd: string;
  /** `--var KEY=VALUE`. */
  readonly vars?: readonly string[];
  /** `--env-file PATH`. */
  readonly envFiles?: readonly string[];
  /** A fixed environment (tests); absent: the process environment at the time of the re-read. */
  readonly env?: Readonly<Record<string, string>>;
  /** File reader; defaults to the file system. */
  readonly readTextFile?: ReadTextFile;
}

/**
 * A re-reader that rebuilds the variable stack from its sources at each call: `--var` >
 * `--env-file` files > environment > `.env.local` > `.env.test` > `.env`, each file read again,
 * so a token rotated in an env file during the run is picked up. (A test file's `variables:` block
 * is not re-read: the value resolved at load stays in use.) A source that cannot be read any more
 * counts as no value.
 */
export function variableRereader(sources: RereadSources): VariableRereader {
  return async (name) => {
    try {
      const stack = await buildVariableStack({
        cwd: sources.cwd,
        vars: sources.vars ?? [],
        envFiles: sources.envFiles ?? [],
        env: sources.env ?? Deno.env.toObject(),
        ...(sources.readTextFile ? { readTextFile: sources.readTextFile } : {}),
      });
      return stack.lookup(name)?.value;
    } catch {
      return undefined;
    }
  };
}
