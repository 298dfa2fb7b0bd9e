/**
 * @module The commands of mcptest's command line, declared with commander's API and types but not
 * built with commander: a valid command line is read from the declarations alone
 * (declared_parse.ts), and commander (with the Node layer Deno loads for it) is loaded only for
 * help, `--version` and errors (commander_fallback.ts). docs/performance.md, start-up.
 */

import { importLater } from "../util/import_later.ts";
import { parseDeclared } from "./declared_parse.ts";
import type {
  Command as TypedCommand,
  InvalidArgumentError as TypedInvalidArgumentError,
} from "@commander-js/extra-typings";

/** One builder call, kept to be made again on a commander command. */
export type DeclaredCall = readonly [method: string, args: readonly unknown[]];

/** An option as declared: its flags, how its value is read, its default. */
export interface DeclaredOption {
  /** The flags as written (`-u, --update-snapshots`, `--bail [n]`). */
  readonly flags: string;
  readonly short?: string;
  readonly long?: string;
  /** The key of its value (`--no-color` -> `color`, `--last-failed` -> `lastFailed`). */
  readonly key: string;
  /** A value must follow (`<v>`). */
  readonly required: boolean;
  /** A value may follow (`[v]`). */
  readonly optional: boolean;
  /** Takes every following non-option word (`<v...>`). */
  readonly variadic: boolean;
  /** `--no-...`. */
  readonly negate: boolean;
  /** `requiredOption`: a value is needed after parsing. */
  readonly mandatory: boolean;
  readonly parse?: (value: string, previous: unknown) => unknown;
  readonly defaultValue?: unknown;
}

/** A positional argument as declared (`<path>`, `[paths...]`). */
export interface DeclaredArgument {
  readonly name: string;
  readonly required: boolean;
  readonly variadic: boolean;
}

/** An action: the arguments, then the options, then the command. */
type Action = (...args: unknown[]) => unknown;

/**
 * A command declared through the subset of commander's builder that mcptest uses (its options
 * reach the action as an argument, as commander hands them; nothing reads them back). Every call
 * is also recorded, so that the same command can be built with commander when it must speak
 * (help, errors): see `materialize` in commander_fallback.ts.
 */
export class DeclaredCommand {
  readonly calls: DeclaredCall[] = [];
  readonly commands: DeclaredCommand[] = [];
  readonly options: DeclaredOption[] = [];
  readonly registeredArguments: DeclaredArgument[] = [];
  /** Events something listens to (`option:spec-version`): such an option is left to commander. */
  readonly listened = new Set<string>();
  handler: Action | undefined;
  excessArguments = false;
  /** The commander command built from this one, once commander handles the command line. */
  real: { setOptionValue(key: string, value: unknown): unknown } | undefined;

  constructor(readonly commandName: string) {}

  #record(method: string, args: readonly unknown[]): this {
    this.calls.push([method, args]);
    return this;
  }

  /** commander's `name()`. */
  name(): string {
    return this.commandName;
  }

  description(...args: unknown[]): this {
    return this.#record("description", args);
  }

  addHelpText(...args: unknown[]): this {
    return this.#record("addHelpText", args);
  }

  exitOverride(...args: unknown[]): this {
    return this.#record("exitOverride", args);
  }

  showHelpAfterError(...args: unknown[]): this {
    return this.#record("showHelpAfterError", args);
  }

  version(...args: unknown[]): this {
    return this.#record("version", args);
  }

  helpCommand(...args: unknown[]): this {
    return this.#record("helpCommand", args);
  }

  allowExcessArguments(allow = true): this {
    this.excessArguments = allow;
    return this.#record("allowExcessArguments", [allow]);
  }

  option(flags: string, description?: string, parse?: unknown, defaultValue?: unknown): this {
    this.options.push(declaredOption(flags, parse, defaultValue, false));
    return this.#record("option", [flags, description, parse, defaultValue]);
  }

  requiredOption(
    flags: string,
    description?: string,
    parse?: unknown,
    defaultValue?: unknown,
  ): this {
    this.options.push(declaredOption(flags, parse, defaultValue, true));
    return this.#record("requiredOption", [flags, description, parse, defaultValue]);
  }

  argument(spec: string, ...rest: unknown[]): this {
    if (rest.length > 1) {
      throw new Error(`argument ${spec}: parsers and defaults are not supported`);
    }
    this.registeredArguments.push(declaredArgument(spec));
    return this.#record("argument", [spec, ...rest]);
  }

  addCommand(command: DeclaredCommand): this {
    this.commands.push(command);
    return this.#record("addCommand", [command]);
  }

  action(handler: Action): this {
    this.handler = handler;
    return this.#record("action", [handler]);
  }

  on(event: string, listener: (...args: unknown[]) => void): this {
    this.listened.add(event);
    return this.#record("on", [event, listener]);
  }

  /**
   * Set an option's value from a listener: listeners run only under commander (the declarations
   * leave a listened-to option to it), so the value goes to the commander twin.
   */
  setOptionValue(key: string, value: unknown): this {
    if (this.real === undefined) throw new Error(`setOptionValue(${key}) before commander parsed`);
    this.real.setOptionValue(key, value);
    return this;
  }

  /**
   * Parse `argv` (the words after this command's name) and run the action it names: read from the
   * declarations when the command line is valid and plain, else by commander built from them.
   */
  async parseAsync(argv: readonly string[], _options?: { from: "user" }): Promise<this> {
    const parsed = parseDeclared(this, argv);
    if (parsed) {
      await parsed.run();
      return this;
    }
    const { parseWithCommander } = await importLater<typeof import("./commander_fallback.ts")>(
      import.meta.url,
      "./commander_fallback.ts",
    );
    await parseWithCommander(this, argv);
    return this;
  }
}

/**
 * commander's `Command` as mcptest declares its commands: commander's types (so options are typed
 * as before), a {@link DeclaredCommand} at run time.
 */
export const Command = DeclaredCommand as unknown as typeof TypedCommand;

/**
 * A parser's refusal of an option value: commander reports it as `error: option '<flags>' argument
 * '<value>' is invalid. <message>` (it recognises the error by its `code`).
 */
class DeclaredInvalidArgumentError extends Error {
  readonly code = "commander.invalidArgument";
  readonly exitCode = 1;

  constructor(message: string) {
    super(message);
    this.name = "InvalidArgumentError";
  }
}

/** A command with any arguments and options (a subcommand handed to a group). */
// deno-lint-ignore no-explicit-any
export type AnyCommand = TypedCommand<any[], any, any>;

/** commander's `InvalidArgumentError`, without loading commander. */
export const InvalidArgumentError =
  DeclaredInvalidArgumentError as unknown as typeof TypedInvalidArgumentError;

/** commander's `camelcase` of an option name (`last-failed` -> `lastFailed`). */
function camelCase(name: string): string {
  return name.split("-").reduce((out, word) => out + word[0]!.toUpperCase() + word.slice(1));
}

/** Read `flags` as commander does (a short flag and/or a long one, then the value's form). */
export function declaredOption(
  flags: string,
  parse: unknown,
  defaultValue: unknown,
  mandatory: boolean,
): DeclaredOption {
  const parts = flags.split(/[ |,]+/);
  const short = /^-[^-]$/.test(parts[0] ?? "") ? parts.shift() : undefined;
  const long = /^--[^-]/.test(parts[0] ?? "") ? parts.shift() : undefined;
  if (parts[0]?.startsWith("-") || (short === undefined && long === undefined)) {
    throw new Error(`option flags not supported here: ${flags}`);
  }
  const negate = long?.startsWith("--no-") ?? false;
  const name = long !== undefined ? long.slice(2) : short!.slice(1);
  const hasParser = typeof parse === "function";
  return {
    flags,
    ...(short !== undefined ? { short } : {}),
    ...(long !== undefined ? { long } : {}),
    key: camelCase(negate ? name.replace(/^no-/, "") : name),
    required: flags.includes("<"),
    optional: flags.includes("["),
    variadic: /\p{ID_Continue}\.\.\.[>\]]$/u.test(flags),
    negate,
    mandatory,
    ...(hasParser ? { parse: parse as NonNullable<DeclaredOption["parse"]> } : {}),
    ...((hasParser ? defaultValue : parse) !== undefined
      ? { defaultValue: hasParser ? defaultValue : parse }
      : {}),
  };
}

/** Read an argument's form as commander does (`<x>` required, `[x]` optional, `...` variadic). */
export function declaredArgument(spec: string): DeclaredArgument {
  const required = spec.startsWith("<");
  const inner = spec.slice(1, -1);
  const variadic = inner.endsWith("...");
  return { name: variadic ? inner.slice(0, -3) : inner, required, variadic };
}
