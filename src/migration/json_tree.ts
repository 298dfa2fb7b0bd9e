/** @module A strict JSON parser that keeps source offsets (JSON.parse keeps none). */

import { SourceSyntaxError, type TreeNode } from "./tree_types.ts";

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERALS: ReadonlyArray<readonly [string, unknown]> = [
  ["true", true],
  ["false", false],
  ["null", null],
];

/**
 * Parse one JSON text into a tree with offsets (a leading BOM is skipped).
 * @throws {SourceSyntaxError} at the offset of the first problem
 */
export function parseJsonTree(text: string): TreeNode {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const fail = (what: string): never => {
    const found = i >= text.length ? "end of input" : JSON.stringify(text[i]);
    throw new SourceSyntaxError(`invalid JSON: expected ${what}, found ${found}`, i);
  };
  const ws = () => {
    while (i < text.length && " \t\r\n".includes(text[i] as string)) i++;
  };
  const string = (): { value: string; start: number } => {
    const start = i;
    if (text[i] !== '"') fail("a string");
    i++;
    while (i < text.length && text[i] !== '"') {
      const c = text.charCodeAt(i);
      if (c < 0x20) fail("a closing quote");
      i += text[i] === "\\" ? 2 : 1;
    }
    if (i >= text.length) fail("a closing quote");
    i++;
    try {
      return { value: JSON.parse(text.slice(start, i)) as string, start };
    } catch {
      i = start;
      return fail("a valid string escape");
    }
  };
  const value = (depth: number): TreeNode => {
    if (depth > 512) fail("less nesting");
    ws();
    const start = i;
    const c = text[i];
    if (c === "{") {
      i++;
      const entries: Array<{ key: string; keyStart: number; value: TreeNode }> = [];
      ws();
      if (text[i] === "}") {
        i++;
        return { kind: "map", start, end: i, flow: true, entries };
      }
      for (;;) {
        ws();
        const key = string();
        ws();
        if (text[i] !== ":") fail("':'");
        i++;
        entries.push({ key: key.value, keyStart: key.start, value: value(depth + 1) });
        ws();
        if (text[i] === ",") {
          i++;
          continue;
        }
        if (text[i] === "}") break;
        fail("',' or '}'");
      }
      i++;
      return { kind: "map", start, end: i, flow: true, entries };
    }
    if (c === "[") {
      i++;
      const items: TreeNode[] = [];
      ws();
      if (text[i] === "]") {
        i++;
        return { kind: "seq", start, end: i, flow: true, items };
      }
      for (;;) {
        items.push(value(depth + 1));
        ws();
        if (text[i] === ",") {
          i++;
          continue;
        }
        if (text[i] === "]") break;
        fail("',' or ']'");
      }
      i++;
      return { kind: "seq", start, end: i, flow: true, items };
    }
    if (c === '"') {
      const s = string();
      return { kind: "scalar", start, end: i, flow: true, value: s.value, block: false };
    }
    NUMBER.lastIndex = i;
    const number = NUMBER.exec(text);
    if (number) {
      i += number[0].length;
      return { kind: "scalar", start, end: i, flow: true, value: Number(number[0]), block: false };
    }
    for (const [word, literal] of LITERALS) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return { kind: "scalar", start, end: i, flow: true, value: literal, block: false };
      }
    }
    return fail("a JSON value");
  };
  const tree = value(0);
  ws();
  if (i < text.length) fail("end of input");
  return tree;
}
