/** @module `snapshot: KEY`: first run records `<suite_dir>/snapshots/KEY.json` (secrets redacted), later runs deep-compare; `-u` rewrites. */

import { join } from "node:path";
import { McptestError } from "../errors/errors.ts";
import { ExitCode } from "../errors/exit_codes.ts";
import { redactValue } from "../record/redact.ts";
import { writeFileAtomic } from "../util/write_output.ts";
import { badArg, type MatcherFactory } from "./_factory.ts";
import { deepEqual, render } from "./_values.ts";

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Path of a snapshot file. */
export function snapshotPath(suiteDir: string, key: string): string {
  return join(suiteDir, "snapshots", `${key}.json`);
}

async function readSnapshot(path: string): Promise<{ value: unknown } | undefined> {
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw error;
  }
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    throw new McptestError(
      `${path}: snapshot is not valid JSON (${
        (error as Error).message
      }), expected a file written by mcptest (re-record with -u)`,
      ExitCode.ConfigError,
    );
  }
}

/**
 * `snapshot: "key"`: the key names a file under the suite's snapshots/ folder. Secret values
 * (`context.secrets`) are redacted before the file is written, and the actual value is redacted
 * the same way before it is compared, so a secret the server echoes never lands in the file.
 */
export const snapshot: MatcherFactory = (arg, spec) => {
  if (typeof arg !== "string" || !KEY.test(arg)) {
    throw badArg(spec, `got ${render(arg)}, expected a key of letters, digits, ".", "_" or "-"`);
  }
  const key = arg;
  return {
    name: "snapshot",
    match: async (raw, context) => {
      const secrets = context.secrets ?? [];
      const actual = redactValue(raw, secrets);
      const path = snapshotPath(context.suiteDir, key);
      const stored = context.updateSnapshots ? undefined : await readSnapshot(path);
      if (stored) {
        const pass = deepEqual(actual, stored.value);
        // A file written before redaction may hold a secret: fail, and never print it back.
        const leaked = !pass && actual !== raw && deepEqual(raw, stored.value);
        return {
          pass,
          expected: `snapshot ${key}: ${render(redactValue(stored.value, secrets))}`,
          actual: render(actual),
          ...(leaked
            ? { message: `${path} holds a secret value in plain text; re-record it with -u` }
            : {}),
        };
      }
      if (context.ci) {
        const what = context.updateSnapshots ? "update" : "first write";
        throw new McptestError(
          `snapshot "${key}": ${what} of ${path} refused under CI=true; record snapshots locally and commit them`,
          ExitCode.Refused,
        );
      }
      await writeFileAtomic(path, `${JSON.stringify(actual ?? null, null, 2)}\n`);
      return {
        pass: true,
        expected: `snapshot ${key}`,
        actual: render(actual),
        message: `recorded ${path}`,
      };
    },
  };
};
