/** @module The variable stack (seed 004 section 10): `${name}` lookup over ordered sources, references, cycles. */

import { isAbsolute, join } from "../../0_base/util/path.ts";
import { ConfigError, ConfigErrors, type SourcePos } from "../../0_base/errors/errors.ts";
import { decodeUtf8Strict, InvalidUtf8Error } from "./decode_utf8.ts";

/** A variable name as written in `${name}`. */
export const VARIABLE_NAME: RegExp = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/** The advice every unresolvable-variable error ends with. */
export const DEFINE_HINT =
  "define it under variables:, with --var, in an env file or in the environment";

/**
 * The most characters one interpolated string may grow to (1 MiB of UTF-16 code units). A
 * variable whose value references another several times, nested, grows exponentially (an
 * "expansion bomb"); past this size interpolation stops with a config error at the string or the
 * variable definition that crossed it, instead of exhausting memory.
 */
export const MAX_EXPANSION_CHARS = 1024 * 1024;

/** One variable as a source defines it. */
export interface VariableDef {
  readonly value: string;
  /** Where it is defined, for errors inside its value. */
  readonly pos?: SourcePos;
  /** Taken as is: no `${...}` interpolation (the OS environment). */
  readonly literal?: boolean;
  /**
   * The value with its YAML type (a number or boolean from `variables:`): a scalar that is only
   * `${name}` takes this instead of the text, so `a: "${n}"` stays a number.
   */
  readonly typed?: unknown;
}

/** One source of variables, e.g. `--var`, `.env`, a file's `variables:`. */
export interface VariableLayer {
  /** Shown to people: `--var`, `--env-file ci.env`, `environment`, `.env.local`, `variables: (a.yml)`. */
  readonly label: string;
  readonly values: ReadonlyMap<string, VariableDef>;
}

/** Told each variable a stack resolves: its name and the label of the source that defined it. */
export type VariableObserver = (name: string, layer: string) => void;

/** A resolved variable and the source it came from. */
export interface ResolvedVariable {
  readonly value: string;
  readonly layer: string;
  /** The typed value, when its source has one (see {@link VariableDef.typed}). */
  readonly typed?: unknown;
}

/** A reference cycle between variables (exit 2). */
export class VariableCycleError extends ConfigError {
  /** The names in the cycle, first name repeated at the end: `["a", "b", "a"]`. */
  readonly cycle: readonly string[];
  constructor(cycle: readonly string[], pos?: SourcePos) {
    super(`variable cycle: ${cycle.join(" -> ")}`, pos);
    this.name = "VariableCycleError";
    this.cycle = cycle;
  }
}

/**
 * An ordered stack of variable sources, highest precedence first. `${name}` takes the first source
 * that defines `name`; a value that itself contains `${...}` is resolved through the same stack
 * (except literal sources). `$${` is a literal `${`.
 */
export class VariableStack {
  /** The sources, highest precedence first. */
  readonly layers: readonly VariableLayer[];
  readonly #memo = new Map<string, ResolvedVariable>();
  readonly #onResolve: VariableObserver | undefined;

  /** @param onResolve told each name this stack resolves, and the label of the source it came from */
  constructor(layers: readonly VariableLayer[], onResolve?: VariableObserver) {
    this.layers = layers;
    this.#onResolve = onResolve;
  }

  /** A new stack with `lower` sources added below the existing ones (and the same observer). */
  withLower(...lower: readonly VariableLayer[]): VariableStack {
    return new VariableStack([...this.layers, ...lower], this.#onResolve);
  }

  /**
   * Resolve a variable by name.
   * @returns the value and its source, or undefined when no source defines it
   * @throws {ConfigError} when its value references an unresolvable variable or forms a cycle
   */
  lookup(name: string, pos?: SourcePos): ResolvedVariable | undefined {
    return this.#resolve(name, pos, []);
  }

  /**
   * Replace every `${name}` in `text`.
   * @param pos where the text is (errors point there)
   * @throws {ConfigError} unresolvable variable, bad reference syntax, or {@link VariableCycleError}
   */
  interpolate(text: string, pos?: SourcePos): string {
    return this.#interpolate(text, pos, []);
  }

  /**
   * A scalar that is exactly one reference (`"${n}"`, spaces allowed inside the braces) to a
   * variable with a typed value: that value (number, boolean, ...). Anything else: undefined, and
   * the text is interpolated as a string.
   * @throws {ConfigError} as {@link interpolate} does, for the variable's own value
   */
  wholeValue(text: string, pos?: SourcePos): { value: unknown } | undefined {
    const whole = /^\$\{\s*([^}]*?)\s*\}$/.exec(text);
    if (!whole || !VARIABLE_NAME.test(whole[1]!)) return undefined;
    const resolved = this.#resolve(whole[1]!, pos, []);
    return resolved?.typed === undefined ? undefined : { value: resolved.typed };
  }

  #interpolate(text: string, pos: SourcePos | undefined, trail: readonly string[]): string {
    let out = "";
    let i = 0;
    const append = (piece: string) => {
      if (out.length + piece.length > MAX_EXPANSION_CHARS) {
        const owner = trail.at(-1);
        const what = owner === undefined ? "this value" : `the value of variable "${owner}"`;
        throw new ConfigError(
          `variable expansion of ${what} exceeds ${MAX_EXPANSION_CHARS} characters (nested \${...} references multiply); expected a smaller value`,
          pos,
        );
      }
      out += piece;
    };
    while (i < text.length) {
      const dollar = text.indexOf("$", i);
      if (dollar < 0) {
        append(text.slice(i));
        return out;
      }
      append(text.slice(i, dollar));
      if (text.startsWith("$${", dollar)) {
        append("${");
        i = dollar + 3;
      } else if (text.startsWith("${", dollar)) {
        const close = text.indexOf("}", dollar + 2);
        const name = close < 0 ? "" : text.slice(dollar + 2, close).trim();
        if (close < 0 || !VARIABLE_NAME.test(name)) {
          const shown = close < 0 ? text.slice(dollar) : text.slice(dollar, close + 1);
          throw new ConfigError(
            `invalid variable reference ${
              JSON.stringify(shown)
            }; expected \${name} (write $\${ for a literal \${)`,
            pos,
          );
        }
        const resolved = this.#resolve(name, pos, trail);
        if (!resolved) {
          const owner = trail.at(-1);
          const where = owner === undefined ? "" : ` in the value of variable "${owner}"`;
          throw new ConfigError(`unresolvable variable \${${name}}${where}; ${DEFINE_HINT}`, pos);
        }
        append(resolved.value);
        i = close + 1;
      } else {
        append("$");
        i = dollar + 1;
      }
    }
    return out;
  }

  #resolve(
    name: string,
    pos: SourcePos | undefined,
    trail: readonly string[],
  ): ResolvedVariable | undefined {
    const start = trail.indexOf(name);
    if (start >= 0) throw new VariableCycleError([...trail.slice(start), name], pos);
    const memo = this.#memo.get(name);
    if (memo) return memo;
    for (const layer of this.layers) {
      const def = layer.values.get(name);
      if (!def) continue;
      const value = def.literal
        ? def.value
        : this.#interpolate(def.value, def.pos ?? pos, [...trail, name]);
      const resolved = def.typed === undefined
        ? { value, layer: layer.label }
        : { value, layer: layer.label, typed: def.typed };
      this.#memo.set(name, resolved);
      this.#onResolve?.(name, layer.label);
      return resolved;
    }
    return undefined;
  }
}

/** Reads a text file; resolves to undefined when it does not exist. */
export type ReadTextFile = (path: string) => Promise<string | undefined>;

/** Everything the command-line part of the stack (sources 1 to 6) is built from. */
export interface StackInputs {
  /** Directory holding `.env.local`, `.env.test`, `.env`; base of relative `--env-file` paths. */
  readonly cwd: string;
  /** `--var KEY=VALUE`, in command-line order. */
  readonly vars?: readonly string[];
  /** `--env-file PATH`, in command-line order (later files win). */
  readonly envFiles?: readonly string[];
  /** The OS environment. */
  readonly env: Readonly<Record<string, string>>;
  /** File reader (tests inject one); defaults to the real file system. */
  readonly readTextFile?: ReadTextFile;
  /** Told every variable the stack (and the stacks built below it) resolves. */
  readonly onResolve?: VariableObserver;
}

/**
 * Read a UTF-8 text file, or undefined when it does not exist.
 * @throws {InvalidUtf8Error} when the file is not UTF-8 (never silently turned into U+FFFD)
 */
export const readTextFileIfExists: ReadTextFile = async (path) => {
  let bytes: Uint8Array;
  try {
    bytes = await Deno.readFile(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw error;
  }
  return decodeUtf8Strict(bytes);
};

/** Read an env file; a file that is not UTF-8 is a config error at its first bad byte. */
async function readEnvFile(
  read: ReadTextFile,
  path: string,
  shown: string,
): Promise<string | undefined> {
  try {
    return await read(path);
  } catch (error) {
    if (error instanceof InvalidUtf8Error) {
      throw new ConfigErrors([
        new ConfigError(error.message.replace(/ at line \d+, column \d+/, ""), {
          file: shown,
          line: error.line,
          col: error.col,
        }),
      ]);
    }
    throw error;
  }
}

/**
 * Build the stack of sources 1 to 6: `--var` > `--env-file` (later wins) > OS environment >
 * `.env.local` > `.env.test` > `.env`. Add each file's `variables:` below it with `withLower`.
 * @throws {ConfigErrors} a malformed `--var` or a missing `--env-file`
 */
export async function buildVariableStack(inputs: StackInputs): Promise<VariableStack> {
  const read = inputs.readTextFile ?? readTextFileIfExists;
  const errors: ConfigError[] = [];
  const cli = new Map<string, VariableDef>();
  for (const entry of inputs.vars ?? []) {
    const eq = entry.indexOf("=");
    const key = eq < 0 ? "" : entry.slice(0, eq).trim();
    if (!VARIABLE_NAME.test(key)) {
      errors.push(new ConfigError(`invalid --var ${JSON.stringify(entry)}; expected KEY=VALUE`));
      continue;
    }
    cli.set(key, { value: entry.slice(eq + 1) });
  }
  const fromEnvFiles = new Map<string, VariableDef>();
  for (const path of inputs.envFiles ?? []) {
    const full = isAbsolute(path) ? path : join(inputs.cwd, path);
    const text = await readEnvFile(read, full, path);
    if (text === undefined) {
      errors.push(new ConfigError(`env file not found: ${JSON.stringify(path)} (from --env-file)`));
      continue;
    }
    for (const [key, def] of await envFileValues(text, path)) fromEnvFiles.set(key, def);
  }
  if (errors.length > 0) throw new ConfigErrors(errors);
  const environment = new Map<string, VariableDef>(
    Object.entries(inputs.env).map(([key, value]) => [key, { value, literal: true }]),
  );
  const layers: VariableLayer[] = [
    { label: "--var", values: cli },
    { label: "--env-file", values: fromEnvFiles },
    { label: "environment", values: environment },
  ];
  for (const name of [".env.local", ".env.test", ".env"]) {
    const text = await readEnvFile(read, join(inputs.cwd, name), name);
    layers.push({
      label: name,
      values: text === undefined ? new Map() : await envFileValues(text, name),
    });
  }
  return new VariableStack(layers, inputs.onResolve);
}

/**
 * Parse an env file with dotenv, remembering the line each key is defined on. dotenv is loaded on
 * the first env file: a CommonJS package costs start-up (docs/performance.md) most runs never need.
 */
export async function envFileValues(text: string, file: string): Promise<Map<string, VariableDef>> {
  const { parse: parseDotenv } = await import("dotenv");
  const lines = text.split(/\r?\n/);
  const values = new Map<string, VariableDef>();
  for (const [key, value] of Object.entries(parseDotenv(text))) {
    const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const pattern = new RegExp(`^\\s*(?:export\\s+)?${escaped}\\s*[=:]`);
    const index = lines.findLastIndex((line) => pattern.test(line));
    values.set(key, index < 0 ? { value } : { value, pos: { file, line: index + 1, col: 1 } });
  }
  return values;
}
