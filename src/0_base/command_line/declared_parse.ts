/**
 * @module Reads a plain, valid command line from the declared commands alone, the way commander
 * reads it. Anything else (help, `--version`, an unknown word or option, a missing or refused
 * value, a listened-to option) is left to commander: the reader then prints nothing, and commander
 * reads the line from the commands declared afresh (a parser may keep what it saw) and gives its
 * usual output. tests/8_cli/declared_parse_test.ts holds the two equal on generated command lines.
 */

import type { DeclaredCommand, DeclaredOption } from "./declared_command.ts";

/** A command line read: the command it names, and how to run that command's action. */
export interface DeclaredParse {
  readonly command: DeclaredCommand;
  /** The action's positional arguments, as commander hands them over. */
  readonly args: readonly unknown[];
  /** The option values, as commander's `opts()` would return them. */
  readonly values: Readonly<Record<string, unknown>>;
  /** Call the command's action with the arguments and values. */
  run(): Promise<void>;
}

/** Something the reader leaves to commander. */
class LeftToCommander extends Error {}

const leave = (): never => {
  throw new LeftToCommander();
};

/** commander's test for a word that may be an option. */
const maybeOption = (word: string) => word.length > 1 && word[0] === "-";

/**
 * Read `argv` (the words after `root`'s name) against `root` and its subcommands.
 * @returns the parse, or undefined when commander must read it (nothing was changed then)
 */
export function parseDeclared(
  root: DeclaredCommand,
  argv: readonly string[],
): DeclaredParse | undefined {
  try {
    return parse(root, argv);
  } catch (error) {
    if (error instanceof LeftToCommander) return undefined;
    throw error;
  }
}

function parse(root: DeclaredCommand, argv: readonly string[]): DeclaredParse {
  const end = argv.indexOf("--");
  const options = end === -1 ? argv : argv.slice(0, end);
  // `--version` (or -V, alone or leading a group of short flags) anywhere before `--` is the
  // program's; help flags are no declared option, so they are left below as unknown options.
  if (options.some((w) => /^-V/.test(w) || w.startsWith("--version"))) leave();
  let command = root;
  let words = argv;
  while (command.commands.length > 0) {
    // A group: the next word must name one of its commands (a bare group, `help`, an option
    // before the command name, or a mistyped name is commander's to handle).
    const next = command.commands.find((c) => c.commandName === words[0]);
    if (next === undefined) leave();
    command = next!;
    words = words.slice(1);
  }
  if (command.handler === undefined) leave();
  const values = initialValues(command);
  const operands = readWords(command, words, values);
  for (const option of command.options) {
    if (option.mandatory && values[option.key] === undefined) leave();
  }
  const args = positional(command, operands);
  const leaf = command;
  return {
    command: leaf,
    args,
    values,
    async run() {
      await leaf.handler!(...args, { ...values }, leaf);
    },
  };
}

/** The values before the words are read: declared defaults, then a lone `--no-x` as true. */
function initialValues(command: DeclaredCommand): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const option of command.options) {
    if (option.defaultValue !== undefined) values[option.key] = option.defaultValue;
  }
  for (const option of command.options) {
    if (!option.negate || option.defaultValue !== undefined) continue;
    if (values[option.key] !== undefined) continue;
    const positive = option.long!.replace(/^--no-/, "--");
    if (!command.options.some((o) => o.short === positive || o.long === positive)) {
      values[option.key] = true;
    }
  }
  return values;
}

/** Read the options among `words` into `values`; returns the operands, in order. */
function readWords(
  command: DeclaredCommand,
  words: readonly string[],
  values: Record<string, unknown>,
): string[] {
  const operands: string[] = [];
  const find = (flag: string) => command.options.find((o) => o.short === flag || o.long === flag);
  let i = 0;
  while (i < words.length) {
    const word = words[i++]!;
    if (word === "--") {
      operands.push(...words.slice(i));
      break;
    }
    if (!maybeOption(word)) {
      operands.push(word);
      continue;
    }
    const eq = word.startsWith("--") ? word.indexOf("=") : -1;
    const option = find(eq === -1 ? word : word.slice(0, eq));
    if (option === undefined) leave(); // unknown, a group of short flags, a negative number
    if (command.listened.has(`option:${nameOf(option!)}`) || option!.variadic) leave();
    if (eq !== -1) {
      if (!option!.required && !option!.optional) leave(); // `--flag=x` of a plain flag
      assign(option!, word.slice(eq + 1), values);
    } else if (option!.required) {
      if (i >= words.length) leave();
      assign(option!, words[i++]!, values);
    } else if (option!.optional) {
      const next = words[i];
      if (next !== undefined && maybeOption(next)) {
        if (/^-(\d+|\d*\.\d+)([eE][+-]?\d+)?$/.test(next)) leave(); // a negative number value
        assign(option!, null, values);
      } else if (next !== undefined) {
        i++;
        assign(option!, next, values);
      } else {
        assign(option!, null, values);
      }
    } else {
      assign(option!, undefined, values);
    }
  }
  return operands;
}

/** commander's option name: the long flag without dashes, else the short one's letter. */
function nameOf(option: DeclaredOption): string {
  return option.long !== undefined ? option.long.slice(2) : option.short!.slice(1);
}

/**
 * Set an option's value as commander's handler does: the parser with the previous value; no value
 * means `false` for `--no-x` and `true` for a flag or an optional value. A parser that refuses is
 * left to commander (it words the error).
 */
function assign(
  option: DeclaredOption,
  given: string | null | undefined,
  values: Record<string, unknown>,
): void {
  let value: unknown = given;
  if (given !== null && option.parse) {
    try {
      // A plain flag's parser gets no value, as commander calls it.
      value = option.parse(given as string, values[option.key]);
    } catch {
      leave();
    }
  }
  if (value == null) value = option.negate ? false : true;
  values[option.key] = value;
}

/** The action's positional arguments from the operands, or left to commander when they do not fit. */
function positional(command: DeclaredCommand, operands: readonly string[]): unknown[] {
  const declared = command.registeredArguments;
  declared.forEach((arg, i) => {
    if (arg.required && operands[i] === undefined) leave();
  });
  const variadic = declared.at(-1)?.variadic === true;
  if (!variadic && !command.excessArguments && operands.length > declared.length) leave();
  return declared.map((arg, i) => arg.variadic ? operands.slice(i) : operands[i]);
}
