/** @module A strict JSON parser that keeps source offsets (JSON.parse keeps none). */

import { SourceSyntaxError, type TreeNode } from "./tree_types.ts";

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERALS: ReadonlyArray<readonly [string, unknown]> = [
  ["true", true],
  ["false", false],
  ["null", null],
];
const MAX_DEPTH = 512;

type MapEntry = { key: string; keyStart: number; value: TreeNode };

/** A cursor over one JSON text: one method per production, `i` is the offset read so far. */
class JsonTreeParser {
  private i: number;

  constructor(private readonly text: string) {
    this.i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  }

  /** The whole text: one value, then nothing but whitespace. */
  document(): TreeNode {
    const tree = this.value(0);
    this.ws();
    if (this.i < this.text.length) this.fail("end of input");
    return tree;
  }

  private fail(what: string): never {
    const found = this.i >= this.text.length ? "end of input" : JSON.stringify(this.text[this.i]);
    throw new SourceSyntaxError(`invalid JSON: expected ${what}, found ${found}`, this.i);
  }

  private ws(): void {
    while (this.i < this.text.length && " \t\r\n".includes(this.text[this.i] as string)) this.i++;
  }

  /** Consume `char` when it comes next. */
  private eat(char: string): boolean {
    if (this.text[this.i] !== char) return false;
    this.i++;
    return true;
  }

  private string(): { value: string; start: number } {
    const { text } = this;
    const start = this.i;
    if (text[this.i] !== '"') this.fail("a string");
    this.i++;
    while (this.i < text.length && text[this.i] !== '"') {
      if (text.charCodeAt(this.i) < 0x20) this.fail("a closing quote");
      this.i += text[this.i] === "\\" ? 2 : 1;
    }
    if (this.i >= text.length) this.fail("a closing quote");
    this.i++;
    try {
      return { value: JSON.parse(text.slice(start, this.i)) as string, start };
    } catch {
      this.i = start;
      return this.fail("a valid string escape");
    }
  }

  private value(depth: number): TreeNode {
    if (depth > MAX_DEPTH) this.fail("less nesting");
    this.ws();
    const c = this.text[this.i];
    if (c === "{") return this.object(depth);
    if (c === "[") return this.array(depth);
    return this.scalar();
  }

  /** Items up to `close`, separated by commas; `item` reads one. */
  private list(close: string, item: () => void): void {
    this.ws();
    if (this.eat(close)) return;
    for (;;) {
      item();
      this.ws();
      if (this.eat(",")) continue;
      if (this.eat(close)) return;
      this.fail(`',' or '${close}'`);
    }
  }

  private object(depth: number): TreeNode {
    const start = this.i++;
    const entries: MapEntry[] = [];
    this.list("}", () => {
      this.ws();
      const key = this.string();
      this.ws();
      if (!this.eat(":")) this.fail("':'");
      entries.push({ key: key.value, keyStart: key.start, value: this.value(depth + 1) });
    });
    return { kind: "map", start, end: this.i, flow: true, entries };
  }

  private array(depth: number): TreeNode {
    const start = this.i++;
    const items: TreeNode[] = [];
    this.list("]", () => items.push(this.value(depth + 1)));
    return { kind: "seq", start, end: this.i, flow: true, items };
  }

  private scalar(): TreeNode {
    const start = this.i;
    const scalar = (value: unknown): TreeNode => ({
      kind: "scalar",
      start,
      end: this.i,
      flow: true,
      value,
      block: false,
    });
    if (this.text[this.i] === '"') return scalar(this.string().value);
    NUMBER.lastIndex = this.i;
    const number = NUMBER.exec(this.text);
    if (number) {
      this.i += number[0].length;
      return scalar(Number(number[0]));
    }
    for (const [word, literal] of LITERALS) {
      if (this.text.startsWith(word, this.i)) {
        this.i += word.length;
        return scalar(literal);
      }
    }
    return this.fail("a JSON value");
  }
}

/**
 * Parse one JSON text into a tree with offsets (a leading BOM is skipped).
 * @throws {SourceSyntaxError} at the offset of the first problem
 */
export function parseJsonTree(text: string): TreeNode {
  return new JsonTreeParser(text).document();
}
