/** @module YAML with positions: parse a file, report syntax errors at `file:line:col`, map key paths to source positions. */

import { importLater } from "../util/import_later.ts";
import { lazyModule } from "../util/lazy_module.ts";
import { ConfigError, ConfigErrors, type SourcePos } from "../errors/errors.ts";
import { MAX_NESTING, yamlNestingOverflow } from "../util/nesting.ts";
import { type FastDocument, fastParse, type LineCol } from "./fast_yaml.ts";
import { blockParse } from "./block_yaml.ts";
import { flowKeyOffset } from "./flow_key_position.ts";

/** One step of a path into a YAML value: a mapping key or a sequence index. */
export type PathSegment = string | number;

/**
 * Map a path of keys/indexes to a source position. `at: "value"` (default) gives the position of
 * the node at the path; `at: "key"` gives the position of the mapping key that leads to it (use it
 * for "unknown key" errors). A path that goes past the document gives the deepest node found.
 */
export type PositionLookup = (path: readonly PathSegment[], at?: "value" | "key") => SourcePos;

/** A parsed YAML file: its plain value and a position lookup into its source. */
export interface YamlSource {
  /** The file as shown in messages (relative to the working directory). */
  readonly file: string;
  readonly text: string;
  /** The plain JavaScript value of the document (aliases expanded), `null` for an empty file. */
  readonly value: unknown;
  readonly positionOf: PositionLookup;
}

/**
 * Parse YAML text. One document per file; YAML 1.2 core schema (so `2025-06-18` stays a string).
 * @param text the file's contents
 * @param file the file name used in positions and messages
 * @throws {ConfigErrors} one error per syntax problem, each at `file:line:col`
 */
export function parseYaml(text: string, file: string): YamlSource {
  // A CRLF line end is a line break as LF is (both parsers read either as "\n" in a value): the
  // fast paths read the text with LF ends, whose lines and columns are the same. A file saved on
  // Windows then loads as fast as any other (a lone CR still gives way).
  const lf = text.includes("\r\n") ? text.replaceAll("\r\n", "\n") : text;
  // The fast parse stops near the nesting limit; the careful path then checks the limit first.
  // The block subset parser first (most suites keep to it), then js-yaml.
  const fast = blockParse(lf) ?? fastParse(lf);
  if (!fast) return parseCarefully(text, file);
  // The careful parser runs only when a position it alone knows is asked for: a key, a scalar,
  // or anything on an error path. Loading a valid suite never needs it.
  let careful: YamlSource | undefined;
  const exact = () => (careful ??= parseCarefully(text, file));
  return {
    file,
    text,
    value: fast.value,
    positionOf(path, at = "value") {
      if (at === "value") {
        const node = nodeAt(fast.value, path);
        const pos = node !== null && typeof node === "object"
          ? fast.positionOf(node)
          : blockScalarPosition(fast, path);
        if (pos) return { file, line: pos.line, col: pos.col };
      } else {
        const pos = keyPosition(fast, path);
        if (pos) return { file, line: pos.line, col: pos.col };
      }
      return exact().positionOf(path, at);
    },
  };
}

/** The mapping a key path ends in: the key, where the mapping starts, and whether it is in flow style. */
interface KeyedMapping {
  readonly key: string;
  readonly start: LineCol;
  readonly flow: boolean;
}

function keyedMapping(fast: FastDocument, path: readonly PathSegment[]): KeyedMapping | undefined {
  const key = path.at(-1);
  if (typeof key !== "string") return undefined;
  const parent = nodeAt(fast.value, path.slice(0, -1));
  if (parent === null || typeof parent !== "object" || Array.isArray(parent)) return undefined;
  const start = fast.positionOf(parent);
  if (!start) return undefined;
  return { key, start, flow: fast.line(start.line)[start.col - 1] === "{" };
}

/**
 * The position of the key a path ends in, read from the text: in a block mapping, `name:` at the
 * start of a line at the mapping's indentation; in a flow mapping (a JSON suite's `"name":`), the
 * key read after its `{` (flow_key_position.ts). Undefined where that reading is not certain
 * (quoted block keys, keys it cannot decode), which the careful parser then answers.
 */
function keyPosition(fast: FastDocument, path: readonly PathSegment[]): LineCol | undefined {
  const mapping = keyedMapping(fast, path);
  if (!mapping?.flow) return mapping && blockKeyPosition(fast, mapping);
  const at = flowKeyOffset(fast.text, fast.offsetOf(mapping.start), mapping.key);
  return at === undefined ? undefined : fast.lineColOf(at);
}

/** The position of a plain `key:` of a block mapping, found from the mapping's start. */
function blockKeyPosition(fast: FastDocument, { key, start }: KeyedMapping): LineCol | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(key)) return undefined;
  for (let i = start.line - 1; i < fast.lineCount; i++) {
    const line = fast.line(i + 1);
    const at = start.col - 1;
    if (i > start.line - 1) {
      const body = line.trimStart();
      if (body === "" || body.startsWith("#")) continue;
      const indent = line.length - body.length;
      if (indent < at) return undefined;
      if (indent > at) continue;
    }
    if (isEntry(line, at, key)) return { line: i + 1, col: at + 1 };
  }
  return undefined;
}

/** Whether `line` holds `key:` at `at`, followed by a blank or the end of the line. */
function isEntry(line: string, at: number, key: string): boolean {
  if (!line.startsWith(key, at)) return false;
  let i = at + key.length;
  while (line[i] === " " || line[i] === "\t") i++;
  if (line[i] !== ":") return false;
  const next = line[i + 1];
  return next === undefined || next === " " || next === "\t";
}

/** A scalar's first character may be one of these only when it is a plain or quoted scalar. */
const NOT_INLINE_SCALAR = new Set(["", "#", "|", ">", "&", "*", "!", "{", "[", "\r"]);

/**
 * The position of a scalar written on the same line as its block-mapping key (`server: items`,
 * `text: "hello"`): its first character. Undefined for anything else (a value on the next line, a
 * block scalar, a tag, an alias, flow collections), which the careful parser then answers.
 */
function blockScalarPosition(
  fast: FastDocument,
  path: readonly PathSegment[],
): { line: number; col: number } | undefined {
  const mapping = keyedMapping(fast, path);
  const key = mapping && !mapping.flow ? blockKeyPosition(fast, mapping) : undefined;
  if (!key) return undefined;
  const line = fast.line(key.line);
  let i = line.indexOf(":", key.col - 1 + String(path.at(-1)).length) + 1;
  while (line[i] === " " || line[i] === "\t") i++;
  return NOT_INLINE_SCALAR.has(line[i] ?? "") ? undefined : { line: key.line, col: i + 1 };
}

function nodeAt(value: unknown, path: readonly PathSegment[]): unknown {
  let node = value;
  for (const segment of path) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

/** The careful parser (the `yaml` package): loaded only when a document or a message needs it. */
const careful = lazyModule(
  "the careful YAML parser",
  () => importLater<typeof import("./careful_yaml.ts")>(import.meta.url, "./careful_yaml.ts"),
);

/**
 * Load the careful parser. Loading a valid suite never needs it, so it is loaded only when a
 * document or a message does (docs/performance.md, loading); `withLazyModules` loads it for the
 * work that needs it.
 */
export function loadCarefulParser(): Promise<unknown> {
  return careful.load();
}

/** Whether the careful parser is loaded (a suite that loaded on the fast path leaves it unloaded). */
export function carefulParserLoaded(): boolean {
  return careful.loaded;
}

/**
 * The `yaml` package's parse: every position, precise syntax errors (the reference the fast path
 * is tested against).
 * @throws {ModuleNotLoaded} before {@link loadCarefulParser}
 * @throws {ConfigErrors} one error per syntax problem, each at `file:line:col`
 */
export function parseCarefully(text: string, file: string): YamlSource {
  refuseDeepNesting(text, file);
  return careful.get().parseDocumentCarefully(text, file);
}

/**
 * Refuse a document nested deeper than {@link MAX_NESTING} levels before a parser (or a later
 * recursive walk) can overflow the stack.
 * @throws {ConfigErrors} at the line and column where the limit is passed
 */
function refuseDeepNesting(text: string, file: string): void {
  const deep = yamlNestingOverflow(text);
  if (deep === undefined) return;
  throw new ConfigErrors([
    new ConfigError(
      `invalid YAML: nested deeper than ${MAX_NESTING} levels (the most a suite may nest)`,
      { file, ...deep },
    ),
  ]);
}

/** Decode a JSON pointer (an ajv `instancePath`) into path segments. */
export function pathFromPointer(pointer: string): string[] {
  if (pointer === "" || pointer === "/") return [];
  return pointer.slice(1).split("/").map((s) => s.replaceAll("~1", "/").replaceAll("~0", "~"));
}

/** Render a path for people: `tools[0].expect[1].max_duration_ms`. */
export function describePath(path: readonly PathSegment[]): string {
  let out = "";
  for (const segment of path) {
    if (typeof segment === "number" || /^\d+$/.test(segment)) out += `[${segment}]`;
    else out += out === "" ? segment : `.${segment}`;
  }
  return out;
}
