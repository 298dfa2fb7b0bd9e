/** @module `snapshot: KEY` (or `{ key, ignore }`): first run records `<suite_dir>/snapshots/KEY.json` (secrets redacted), later runs deep-compare and diff; `-u` rewrites. */

import { snapshotPath } from "./snapshot_files.ts";
import { McptestError } from "../0_base/errors/errors.ts";
import { ExitCode } from "../0_base/errors/exit_codes.ts";
import { redactJsonValue } from "../0_base/redaction/redact.ts";
import { writeFileAtomic } from "../0_base/util/write_output.ts";
import { badArg, type MatcherFactory } from "./_factory.ts";
import { deepEqual, render } from "./_values.ts";
import { snapshotDiff } from "./snapshot_diff.ts";

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

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

/** HTTP headers that change on every response: left out of header snapshots. */
export const VOLATILE_HEADERS: readonly string[] = ["date", "mcp-session-id"];

const IGNORE_SEGMENT = /([^.[\]]+)|\[(\d+|\*)\]/g;

/** One step of an `ignore:` path: a key, an index, or `*` (every element or key). */
type Step = string | number | "*";

/** Parse `a.b[0].c[*]` into steps, or undefined when it is not such a path. */
export function parseIgnorePath(path: string): Step[] | undefined {
  const steps: Step[] = [];
  let rebuilt = "";
  for (const m of path.matchAll(IGNORE_SEGMENT)) {
    if (m[1] !== undefined) {
      steps.push(m[1] === "*" ? "*" : m[1]);
      rebuilt += (rebuilt === "" ? "" : ".") + m[1];
    } else {
      steps.push(m[2] === "*" ? "*" : Number(m[2]));
      rebuilt += `[${m[2]}]`;
    }
  }
  return steps.length > 0 && rebuilt === path ? steps : undefined;
}

/** A copy of `value` without what `path` reaches (missing paths change nothing). */
function without(value: unknown, path: readonly Step[]): unknown {
  if (path.length === 0 || value === null || typeof value !== "object") return value;
  const [step, ...rest] = path as [Step, ...Step[]];
  if (Array.isArray(value)) {
    // An ignored element stays as null, so the others keep their places (and ignoring twice
    // changes nothing: the stored file is compared after the same ignoring).
    if (step === "*") return value.map((v) => rest.length === 0 ? null : without(v, rest));
    if (typeof step !== "number" || step >= value.length) return value;
    return value.map((v, i) => i !== step ? v : rest.length === 0 ? null : without(v, rest));
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const hit = step === "*" || String(step) === k;
    if (hit && rest.length === 0) continue;
    out[k] = hit ? without(v, rest) : v;
  }
  return out;
}

function isHeaderMap(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  return entries.length > 0 && "content-type" in value &&
    entries.every(([k, v]) => k === k.toLowerCase() && typeof v === "string");
}

/**
 * Leave the volatile headers out: of an `http.headers` value (an object of lower-case header
 * names to strings, with a `content-type`) and of an `http` value's `headers`.
 */
function withoutVolatileHeaders(value: unknown): unknown {
  const drop = (headers: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(headers).filter(([k]) => !VOLATILE_HEADERS.includes(k)));
  if (isHeaderMap(value)) return drop(value);
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    const v = value as Record<string, unknown>;
    if (typeof v.status === "number" && isHeaderMap(v.headers)) {
      return { ...v, headers: drop(v.headers) };
    }
  }
  return value;
}

/** The argument: `snapshot: KEY` or `snapshot: { key: KEY, ignore: [paths] }`. */
function snapshotArg(
  arg: unknown,
  spec: Parameters<MatcherFactory>[1],
): { key: string; ignore: Step[][] } {
  const keyProblem = (key: unknown) =>
    badArg(spec, `got ${render(key)}, expected a key of letters, digits, ".", "_" or "-"`);
  if (typeof arg === "string") {
    if (!KEY.test(arg)) throw keyProblem(arg);
    return { key: arg, ignore: [] };
  }
  if (arg === null || typeof arg !== "object" || Array.isArray(arg)) {
    throw badArg(spec, `got ${render(arg)}, expected a key or { key: KEY, ignore: [paths] }`);
  }
  const { key, ignore, ...rest } = arg as Record<string, unknown>;
  const unknown = Object.keys(rest)[0];
  if (unknown !== undefined) {
    throw badArg(spec, `unknown key "${unknown}", expected key and ignore`);
  }
  if (typeof key !== "string" || !KEY.test(key)) throw keyProblem(key);
  if (ignore !== undefined && !Array.isArray(ignore)) {
    throw badArg(
      spec,
      `ignore: got ${render(ignore)}, expected a list of paths such as items[*].id`,
    );
  }
  const paths = (ignore ?? []).map((p: unknown) => {
    const steps = typeof p === "string" ? parseIgnorePath(p) : undefined;
    if (!steps) {
      throw badArg(
        spec,
        `ignore: got ${render(p)}, expected a path of keys, [index] and [*] (such as items[*].id)`,
      );
    }
    return steps;
  });
  return { key, ignore: paths };
}

/**
 * `snapshot: "key"` or `snapshot: { key, ignore: [paths] }`: the key names a file under the
 * suite's snapshots/ folder. The value is compared (and written) without the `ignore:` paths and
 * without the volatile headers (`date`, `mcp-session-id`) of an `http.headers` or `http` value.
 * Secret values (`context.secrets`) are redacted before the file is written, and the actual value
 * is redacted the same way before it is compared, so a secret the server echoes never lands in
 * the file. A mismatch explains itself: the changed paths, then a line diff of the pretty JSON.
 * With `-u` an equal snapshot is left alone; a different one is rewritten (`updated <path>`), a
 * missing one written (`recorded <path>`): the run summary counts both.
 */
export const snapshot: MatcherFactory = (arg, spec) => {
  const { key, ignore } = snapshotArg(arg, spec);
  const stable = (value: unknown) =>
    ignore.reduce((v, path) => without(v, path), withoutVolatileHeaders(value));
  return {
    name: "snapshot",
    match: async (raw, context) => {
      const secrets = context.secrets ?? [];
      const actual = stable(redactJsonValue(raw, secrets, { keys: "data" }));
      const path = snapshotPath(context.suiteDir, key);
      const found = context.updateSnapshots
        ? await readSnapshot(path).catch(() => ({ value: Symbol("unreadable") }))
        : await readSnapshot(path);
      const stored = found === undefined ? undefined : { value: stable(found.value) };
      if (stored && (!context.updateSnapshots || deepEqual(actual, stored.value))) {
        const pass = deepEqual(actual, stored.value);
        // A file written before redaction may hold a secret: fail, and never print it back.
        const leaked = !pass && deepEqual(stable(raw), stored.value);
        const shownStored = redactJsonValue(stored.value, secrets, { keys: "data" });
        return {
          pass,
          expected: `snapshot ${key}: ${render(shownStored)}`,
          actual: render(actual),
          ...(leaked
            ? { message: `${path} holds a secret value in plain text; re-record it with -u` }
            : pass
            ? {}
            : { message: snapshotDiff(path, shownStored, actual) }),
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
        message: `${stored ? "updated" : "recorded"} ${path}`,
      };
    },
  };
};
