/** @module The string matchers: regex, icontains, starts-with, contains-all, contains-any. */

import { badArg, type MatcherFactory } from "./_factory.ts";
import { asText, render } from "./_values.ts";

/** Translate a leading inline-flag group (`(?i)`, `(?ms)`) into JavaScript flags. */
export function compileRegex(pattern: string): RegExp {
  const inline = /^\(\?([imsu]+)\)/.exec(pattern);
  const flags = inline ? [...new Set(inline[1])].join("") : "";
  return new RegExp(inline ? pattern.slice(inline[0].length) : pattern, flags);
}

/** `regex`: the captured value (JSON text unless a string) matches anywhere, or fully when anchored. */
export const regex: MatcherFactory = (arg, spec) => {
  if (typeof arg !== "string") throw badArg(spec, `got ${render(arg)}, expected a pattern string`);
  let re: RegExp;
  try {
    re = compileRegex(arg);
  } catch (error) {
    throw badArg(spec, `invalid pattern ${JSON.stringify(arg)} (${(error as Error).message})`);
  }
  const expected = `text matching /${arg}/`;
  return {
    name: "regex",
    expected,
    match: (actual) => ({ pass: re.test(asText(actual)), expected, actual: render(actual) }),
  };
};

function stringArg(arg: unknown, spec: Parameters<MatcherFactory>[1]): string {
  if (typeof arg !== "string") throw badArg(spec, `got ${render(arg)}, expected a string`);
  return arg;
}

function stringList(arg: unknown, spec: Parameters<MatcherFactory>[1]): string[] {
  if (!Array.isArray(arg) || arg.length === 0 || !arg.every((s) => typeof s === "string")) {
    throw badArg(spec, `got ${render(arg)}, expected a non-empty list of strings`);
  }
  return arg;
}

/** `icontains`: case-insensitive substring. */
export const icontains: MatcherFactory = (arg, spec) => {
  const needle = stringArg(arg, spec).toLowerCase();
  const expected = `text containing ${JSON.stringify(arg)} (any case)`;
  return {
    name: "icontains",
    expected,
    match: (actual) => ({
      pass: asText(actual).toLowerCase().includes(needle),
      expected,
      actual: render(actual),
    }),
  };
};

/** `starts-with`: string prefix. */
export const startsWith: MatcherFactory = (arg, spec) => {
  const prefix = stringArg(arg, spec);
  const expected = `text starting with ${JSON.stringify(prefix)}`;
  return {
    name: "starts-with",
    expected,
    match: (actual) => ({
      pass: asText(actual).startsWith(prefix),
      expected,
      actual: render(actual),
    }),
  };
};

/** `contains-all`: every listed substring occurs. */
export const containsAll: MatcherFactory = (arg, spec) => {
  const needles = stringList(arg, spec);
  const expected = `text containing all of ${render(needles)}`;
  return {
    name: "contains-all",
    expected,
    match: (actual) => {
      const text = asText(actual);
      const missing = needles.filter((n) => !text.includes(n));
      return {
        pass: missing.length === 0,
        expected,
        actual: render(actual),
        ...(missing.length > 0 ? { message: `missing: ${render(missing)}` } : {}),
      };
    },
  };
};

/** `contains-any`: at least one listed substring occurs. */
export const containsAny: MatcherFactory = (arg, spec) => {
  const needles = stringList(arg, spec);
  const expected = `text containing any of ${render(needles)}`;
  return {
    name: "contains-any",
    expected,
    match: (actual) => {
      const text = asText(actual);
      return {
        pass: needles.some((n) => text.includes(n)),
        expected,
        actual: render(actual),
      };
    },
  };
};
