/** @module Error messages in one case style (docs/contributing.md): scans src/ for `new XError("...")` literals. */

import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";

const SRC = fileURLToPath(new URL("../../src/", import.meta.url));

/**
 * Files that still hold messages breaking the rule, with how many; the lead fixes them with their
 * owners. The count may only go down: a new offender anywhere fails, and so does a fixed file still
 * listed here (lower or drop its entry).
 */
const KNOWN_OFFENDERS: Record<string, number> = {};

/** Capitalised words that are names, written that way everywhere (HTTP header names, products). */
const PROPER_NAMES = new Set(["Accept", "Authorization", "Deno", "Origin"]);

/** One error message literal found in the source. */
interface Message {
  readonly file: string;
  readonly line: number;
  readonly errorClass: string;
  /** The literal's text; each `${...}` of a template is kept as `${}`. */
  readonly text: string;
}

/** Why `text` breaks the rule, or undefined when it follows it. */
function violation(text: string): string | undefined {
  const word = /^[A-Za-z][A-Za-z0-9_-]*/.exec(text)?.[0];
  if (word !== undefined && /^[A-Z][a-z]+$/.test(word) && !PROPER_NAMES.has(word)) {
    return `starts with the capitalised word "${word}" (start lower-case: "${word.toLowerCase()}")`;
  }
  if (/[^.]\.$/.test(text)) return "ends with a period";
  return undefined;
}

/** The string literal at `start` (a quote or backtick) and where it ends; templates keep `${}`. */
function readLiteral(source: string, start: number): { text: string; end: number } | undefined {
  const quote = source[start];
  if (quote !== '"' && quote !== "'" && quote !== "`") return undefined;
  let text = "";
  let i = start + 1;
  while (i < source.length) {
    const c = source[i] as string;
    if (c === "\\") {
      text += source.slice(i, i + 2);
      i += 2;
    } else if (c === quote) {
      return { text, end: i + 1 };
    } else if (quote === "`" && c === "$" && source[i + 1] === "{") {
      i = skipInterpolation(source, i + 2);
      text += "${}";
    } else {
      text += c;
      i++;
    }
  }
  return undefined;
}

/** The index after the `}` that closes an interpolation whose body starts at `start`. */
function skipInterpolation(source: string, start: number): number {
  let depth = 1;
  let i = start;
  while (i < source.length && depth > 0) {
    const c = source[i] as string;
    if (c === '"' || c === "'" || c === "`") {
      i = readLiteral(source, i)?.end ?? source.length;
      continue;
    }
    if (c === "{") depth++;
    if (c === "}") depth--;
    i++;
  }
  return i;
}

/** Every `new SomethingError(<string literal>` in `source`. */
function messagesOf(file: string, source: string): Message[] {
  const found: Message[] = [];
  for (const match of source.matchAll(/new\s+([A-Z]\w*Error)\(\s*/g)) {
    const at = match.index + match[0].length;
    const literal = readLiteral(source, at);
    if (literal === undefined) continue;
    const line = source.slice(0, match.index).split("\n").length;
    found.push({ file, line, errorClass: match[1]!, text: literal.text });
  }
  return found;
}

async function* sourceFiles(dir: string, base = ""): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(dir)) {
    const rel = `${base}${entry.name}`;
    if (entry.isDirectory && entry.name !== "_generated") {
      yield* sourceFiles(`${dir}${entry.name}/`, `${rel}/`);
    } else if (entry.isFile && entry.name.endsWith(".ts")) yield rel;
  }
}

Deno.test("violation() accepts lower-case, value-first and name-first messages only", async (t) => {
  const good = [
    'unknown reporter "xml"; expected one of: pretty, json',
    "${}: run record not found",
    '"command" must be a string',
    "--server needs a URL or a command",
    "HTTP ${} from ${}",
    "GitHub API rate limit exceeded",
    "Authorization header refused",
    "expected https://<host>/<owner>/<repo>/...",
    "",
  ];
  for (const text of good) {
    await t.step(`ok: ${text}`, () => assert.equal(violation(text), undefined));
  }
  const bad: Array<[string, RegExp]> = [
    ["Cannot parse capture ${}: ${}", /capitalised word "Cannot".*"cannot"/],
    ["The tarball is larger than the cap", /"The"/],
    ["no servers to check.", /ends with a period/],
  ];
  for (const [text, why] of bad) {
    await t.step(`bad: ${text}`, () => assert.match(violation(text) ?? "", why));
  }
});

Deno.test("messagesOf() finds string, template and multi-line message literals", () => {
  const source = [
    'throw new UsageError("plain");',
    "throw new ConfigError(",
    '  `tmpl ${a ? `x` : "y"} end`,',
    "  at,",
    ");",
    "throw new Error(message);",
    "errors.push(new ConfigError('single', pos));",
  ].join("\n");
  assert.deepEqual(messagesOf("f.ts", source), [
    { file: "f.ts", line: 1, errorClass: "UsageError", text: "plain" },
    { file: "f.ts", line: 2, errorClass: "ConfigError", text: "tmpl ${} end" },
    { file: "f.ts", line: 7, errorClass: "ConfigError", text: "single" },
  ]);
});

Deno.test("error messages under src/ start lower-case and have no trailing period", async () => {
  const offenders = new Map<string, Message[]>();
  let scanned = 0;
  for await (const file of sourceFiles(SRC)) {
    for (const message of messagesOf(file, await Deno.readTextFile(`${SRC}${file}`))) {
      scanned++;
      if (violation(message.text) === undefined) continue;
      offenders.set(file, [...offenders.get(file) ?? [], message]);
    }
  }
  assert.ok(scanned > 100, `only ${scanned} messages found: the scanner is broken`);
  const problems: string[] = [];
  for (const [file, messages] of offenders) {
    const known = KNOWN_OFFENDERS[file] ?? 0;
    if (messages.length > known) {
      problems.push(
        ...messages.map((m) => `src/${m.file}:${m.line} ${m.errorClass}: ${violation(m.text)}`),
      );
    }
  }
  for (const [file, known] of Object.entries(KNOWN_OFFENDERS)) {
    const now = offenders.get(file)?.length ?? 0;
    if (now < known) {
      problems.push(`src/${file} has ${now} offenders, KNOWN_OFFENDERS says ${known}: lower it`);
    }
  }
  assert.deepEqual(
    problems,
    [],
    `error message style (docs/contributing.md):\n${problems.join("\n")}`,
  );
});
