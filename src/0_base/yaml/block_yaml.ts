/**
 * @module The quickest YAML path: one pass, line by line, over the subset suites are written in
 * (block mappings and sequences, one-line scalars and flow collections, comments). It gives way
 * (undefined) on anything outside that subset, and js-yaml then parses the document; where it
 * answers, it answers exactly what js-yaml does (tests/0_base/yaml/block_yaml_test.ts holds it to
 * that on generated documents).
 */

import { MAX_NESTING } from "../util/nesting.ts";
import { expansionLimit } from "./alias_limits.ts";
import { documentOf, type FastDocument, lineStartsOf, PLACE_LINE } from "./fast_yaml.ts";
import { CAN_RESOLVE_PLAIN, resolvePlain } from "./yaml_schema.ts";

/** Thrown (one shared value, no stack) where the subset ends: js-yaml decides instead. */
const GIVE_WAY: unique symbol = Symbol("give way to js-yaml");

/** What js-yaml refuses outright (YAML's non-printable characters, lone surrogates). */
const NON_PRINTABLE =
  // deno-lint-ignore no-control-regex
  /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x84\x86-\x9F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:[^\uD800-\uDBFF]|^)[\uDC00-\uDFFF]/;

/**
 * Characters the subset leaves to js-yaml wherever they appear: tabs and carriage returns (they
 * change how indentation and line ends read), NEL and the Unicode line and paragraph separators.
 */
const OUTSIDE = /[\t\r\x85\u2028\u2029]/;

/** Anything but line feeds and printable ASCII: a text without any needs neither check above. */
const NOT_PLAIN_ASCII = /[^\n\x20-\x7e]/;

/** What the subset takes in an anchor or alias name. */
const NAME_CHAR = /[A-Za-z0-9_-]/;

/** A plain scalar longer than this is searched for its end by native searches of its line. */
const LONG_SCALAR = 64;

// Character codes.
const SPACE = 0x20, LF = 0x0a, HASH = 0x23, DASH = 0x2d, COLON = 0x3a, QUOTE = 0x27, DQUOTE = 0x22;
const LBRACKET = 0x5b, RBRACKET = 0x5d, LBRACE = 0x7b, RBRACE = 0x7d, COMMA = 0x2c;
const BACKSLASH = 0x5c, PIPE = 0x7c, PLUS = 0x2b, GT = 0x3e, AMP = 0x26, STAR = 0x2a, LT = 0x3c;

/** The single-character escapes of a double-quoted scalar (YAML 1.2, as js-yaml reads them). */
const ESCAPES: Readonly<Record<string, string>> = {
  "0": "\x00",
  a: "\x07",
  b: "\x08",
  t: "\x09",
  n: "\x0a",
  v: "\x0b",
  f: "\x0c",
  r: "\x0d",
  e: "\x1b",
  " ": " ",
  '"': '"',
  "/": "/",
  "\\": "\\",
  N: "\x85",
  _: "\xa0",
  L: "\u2028",
  P: "\u2029",
};
const HEX_DIGITS: Readonly<Record<string, number>> = { x: 2, u: 4, U: 8 };

/**
 * Parse `text` if it keeps to the block subset; undefined otherwise (tags, folded block scalars
 * with more-indented lines, multi-line plain and quoted scalars, explicit keys, several documents,
 * duplicate keys, tabs, anchors and aliases other than those below, aliases that expand the
 * document too far, anything invalid), which js-yaml then parses. Literal and folded block scalars
 * (`|`, `>`, with `-` or `+`) and flow collections over several lines are in the subset, and so
 * are the anchors suites share settings with: an anchor on a mapping or sequence entry's value
 * (`base: &base` then the node, `key: &a value`), an alias as a value (`key: *a`, `- *a`) and a
 * merge key naming one mapping (`<<: *base`).
 */
export function blockParse(text: string): FastDocument | undefined {
  if (!CAN_RESOLVE_PLAIN || text.charCodeAt(0) === 0xfeff) return undefined;
  if (NOT_PLAIN_ASCII.test(text) && (OUTSIDE.test(text) || NON_PRINTABLE.test(text))) {
    return undefined;
  }
  const parser = new BlockParser(text);
  try {
    const value = parser.document();
    if (!parser.aliasesTame(value)) return undefined;
    return documentOf(text, parser.starts, value, parser.offsets, parser.places);
  } catch (error) {
    if (error === GIVE_WAY) return undefined;
    throw error;
  }
}

/**
 * A mapping's merge key (`<<: *base`): the mapping it names, and where the keys it took went in the
 * mapping's key order (one run of `count` keys from `first`; no set of keys kept per mapping, which
 * a suite merging one base into every test would hold for each), less those a later entry
 * overrode.
 */
interface Merge {
  readonly source: object;
  readonly first: number;
  readonly count: number;
  overridden?: Set<string>;
}

/** The plain values {@link BlockParser} remembers, less one (a mask: a power of two, less one). */
const PLAIN_SLOTS = 63;

function giveWay(): never {
  throw GIVE_WAY;
}

/** A recursive-descent parser over the lines of one document (state: the next line to read). */
class BlockParser {
  readonly starts: Uint32Array;
  /** Where each flow mapping and sequence starts (its first significant character). */
  readonly offsets = new Map<object, number>();
  /** Where each block mapping and sequence starts, as a line and column (documentOf's place). */
  readonly places = new Map<object, number>();
  readonly #text: string;
  readonly #lines: number;
  /** The next line not yet consumed (a significant one, or {@link #lines}). */
  #line = 0;
  #depth = 0;
  /** The indentation of each content line, measured as {@link #significant} finds it. */
  readonly #indents: Int32Array;
  /**
   * Whether the document is one flow collection starting at column 0 (a JSON suite): its lines
   * may then start at column 0 too, as js-yaml reads a root flow collection.
   */
  #rootFlow = false;
  /** The last {@link #eol} answer, and the offset it was asked from (no line break between). */
  #eolFrom = 0;
  #eolAt = -1;
  /** Each plain key met, as written (up to its colon) to as stored. */
  readonly #keys = new Map<string, string>();
  /** Plain values last met, by a hash of their length and ends ({@link #plain}), and their values. */
  readonly #plainRaw: (string | undefined)[] = new Array(PLAIN_SLOTS + 1).fill(undefined);
  readonly #plainValue: unknown[] = new Array(PLAIN_SLOTS + 1).fill(undefined);
  /** Each anchor's node, set once the node is read (an alias names one read before it). */
  readonly #anchors = new Map<string, unknown>();
  /** The merge key of each mapping that has one. */
  readonly #merges = new Map<object, Merge>();
  /** Whether any alias was read (the document is then measured with them expanded). */
  #aliased = false;
  /** How many aliases named a scalar (a value with no identity: counted apart from the rest). */
  #scalarAliases = 0;

  constructor(text: string) {
    this.#text = text;
    this.starts = lineStartsOf(text);
    // A text that ends with a line break has an empty last line: #significant skips it.
    this.#lines = this.starts.length;
    this.#indents = new Int32Array(this.#lines);
  }

  document(): unknown {
    const first = this.#significant(0);
    if (first === this.#lines) return null;
    const indent = this.#indent(first);
    const c = this.#text.charCodeAt(this.starts[first]!);
    this.#rootFlow = indent === 0 && (c === LBRACE || c === LBRACKET);
    const value = this.#blockNode(first, indent);
    // (A flow collection as a root key, `{a: 1}: x`, gives way: no key starts with a bracket.)
    if (this.#line !== this.#lines) giveWay();
    return value;
  }

  /** The offset just past the end of `line` (its line break, or the end of the text). */
  #end(line: number): number {
    return line + 1 < this.#lines ? this.starts[line + 1]! - 1 : this.#text.length;
  }

  /** The indentation of a content line (one {@link #significant} returned: it measured it). */
  #indent(line: number): number {
    return this.#indents[line]!;
  }

  /**
   * The first line at or after `line` that holds content (not blank, not only a comment), or
   * {@link #lines}. A document marker there is left to js-yaml (a directive, `%`, cannot start
   * anything the subset reads).
   */
  #significant(line: number): number {
    const text = this.#text;
    for (let l = line; l < this.#lines; l++) {
      const start = this.starts[l]!;
      const end = this.#end(l);
      let i = start;
      while (i < end && text.charCodeAt(i) === SPACE) i++;
      if (i === end || text.charCodeAt(i) === HASH) continue;
      this.#indents[l] = i - start;
      if (i === start && this.#marker(i)) giveWay();
      return l;
    }
    return this.#lines;
  }

  /** Record that the block node `node` starts on `line` at column `col` (0-based). */
  #place(node: object, line: number, col: number): void {
    if (col >= PLACE_LINE) this.offsets.set(node, this.starts[line]! + col);
    else this.places.set(node, line * PLACE_LINE + col);
  }

  #enter(): void {
    // Well short of the limit: near it the careful parser decides (and refuses past it).
    if (++this.#depth >= MAX_NESTING - 2) giveWay();
  }

  /** Whether `line` holds a sequence entry at `at` (`-` then a space or the line end). */
  #isDash(at: number, end: number): boolean {
    if (this.#text.charCodeAt(at) !== DASH) return false;
    return at + 1 === end || this.#text.charCodeAt(at + 1) === SPACE;
  }

  /**
   * The node whose first line is `line`, indented `indent`: a block sequence, a block mapping, or
   * a scalar or flow collection on that line alone.
   */
  #blockNode(line: number, indent: number): unknown {
    const at = this.starts[line]! + indent;
    const end = this.#end(line);
    if (this.#isDash(at, end)) return this.#sequence(line, indent);
    const colon = this.#keyEnd(at, end);
    if (colon !== undefined) return this.#mapping(line, indent, at, colon);
    return this.#inlineValue(line, at, end);
  }

  /** A block sequence whose entries start at column `indent` (0-based), the first on `line`. */
  #sequence(line: number, indent: number): unknown[] {
    const text = this.#text;
    const items: unknown[] = [];
    this.#enter();
    let l = line;
    for (;;) {
      const end = this.#end(l);
      let at = this.starts[l]! + indent + 1;
      while (at < end && text.charCodeAt(at) === SPACE) at++;
      if (at === end || text.charCodeAt(at) === HASH) {
        // js-yaml reads an empty entry its own way where an outer sequence's entry follows it.
        if (this.#outerDashFollows(l, indent)) giveWay();
        items.push(this.#nextLinesValue(l, indent, false));
      } else if (text.charCodeAt(at) === AMP || text.charCodeAt(at) === STAR) {
        items.push(this.#propertyValue(l, indent, at, end, false));
      } else if (this.#isDash(at, end)) {
        items.push(this.#sequence(l, at - this.starts[l]!)); // a compact nested sequence (`- - a`)
      } else {
        const colon = this.#keyEnd(at, end);
        items.push(
          colon !== undefined
            ? this.#mapping(l, at - this.starts[l]!, at, colon)
            : this.#scalarValue(l, indent, at, end),
        );
      }
      l = this.#line;
      if (l === this.#lines) break;
      const next = this.#indent(l);
      if (next > indent) giveWay();
      if (next < indent || !this.#isDash(this.starts[l]! + next, this.#end(l))) break;
    }
    this.#depth--;
    // A sequence kept by the suite holds its entries in an array of their number: the one it
    // grew (pushing reserves room for 17) would keep that room for as long as the suite lives.
    const exact = items.slice();
    this.#place(exact, line, indent);
    return exact;
  }

  /** Whether the next content line after `line` is a sequence entry indented less than `indent`. */
  #outerDashFollows(line: number, indent: number): boolean {
    const next = this.#significant(line + 1);
    if (next === this.#lines) return false;
    const nextIndent = this.#indent(next);
    return nextIndent < indent && this.#isDash(this.starts[next]! + nextIndent, this.#end(next));
  }

  /**
   * A block mapping whose keys start at column `indent`; the first key is at offset `at` of `line`
   * (after a sequence's `- `, or at the indentation), its colon at `firstColon`.
   */
  #mapping(
    line: number,
    indent: number,
    at: number,
    firstColon: number,
  ): Record<string, unknown> {
    const text = this.#text;
    const entries: Record<string, unknown> = {};
    this.#place(entries, line, indent);
    this.#enter();
    let l = line;
    let keyAt = at;
    let colon = firstColon;
    let size = 0; // the keys set so far
    for (;;) {
      const end = this.#end(l);
      let valueAt = colon + 1;
      while (valueAt < end && text.charCodeAt(valueAt) === SPACE) valueAt++;
      if (
        colon === keyAt + 2 && text.charCodeAt(keyAt) === LT && text.charCodeAt(keyAt + 1) === LT
      ) {
        size += this.#merge(entries, size, l, valueAt, end);
      } else {
        const key = this.#key(keyAt, colon);
        // js-yaml refuses a duplicate key, but one a merge key set is overridden (once).
        if (!Object.hasOwn(entries, key)) size++;
        else if (!this.#override(entries, key)) giveWay();
        const first = text.charCodeAt(valueAt);
        entries[key] = valueAt === end || first === HASH
          ? this.#nextLinesValue(l, indent, true)
          : first === AMP || first === STAR
          ? this.#propertyValue(l, indent, valueAt, end, true)
          : this.#scalarValue(l, indent, valueAt, end);
      }
      l = this.#line;
      if (l === this.#lines) break;
      const next = this.#indent(l);
      if (next > indent) giveWay();
      if (next < indent) break;
      keyAt = this.starts[l]! + next; // (a sequence entry there is no key: it gives way)
      const nextColon = this.#keyEnd(keyAt, this.#end(l));
      if (nextColon === undefined) giveWay();
      colon = nextColon;
    }
    this.#depth--;
    return entries;
  }

  /**
   * An entry's value that starts with an anchor (`&name`, then the node: on the next lines when
   * nothing but a comment follows on this one, else a scalar or flow collection on it) or is an
   * alias (`*name`) of a node anchored before it. An anchor on a key (`- &a key: value`), an
   * anchor named again and an alias of a name not anchored yet give way.
   */
  #propertyValue(
    line: number,
    indent: number,
    at: number,
    end: number,
    inMapping: boolean,
  ): unknown {
    const text = this.#text;
    if (text.charCodeAt(at) === STAR) return this.#alias(line, at, end);
    const nameEnd = this.#nameEnd(at + 1, end);
    const name = text.slice(at + 1, nameEnd);
    if (this.#anchors.has(name)) giveWay();
    let valueAt = nameEnd;
    while (valueAt < end && text.charCodeAt(valueAt) === SPACE) valueAt++;
    let value: unknown;
    if (valueAt === end || text.charCodeAt(valueAt) === HASH) {
      if (!inMapping && this.#outerDashFollows(line, indent)) giveWay();
      value = this.#nextLinesValue(line, indent, inMapping);
    } else {
      const c = text.charCodeAt(valueAt);
      if (c === AMP || c === STAR || this.#keyEnd(valueAt, end) !== undefined) giveWay();
      value = this.#scalarValue(line, indent, valueAt, end);
    }
    this.#anchors.set(name, value);
    return value;
  }

  /** The node the alias `*name` at `at` names; nothing but a comment may follow it on its line. */
  #alias(line: number, at: number, end: number): unknown {
    const nameEnd = this.#nameEnd(at + 1, end);
    const name = this.#text.slice(at + 1, nameEnd);
    if (!this.#anchors.has(name)) giveWay();
    this.#restIsComment(nameEnd, end);
    this.#aliased = true;
    const node = this.#anchors.get(name);
    if (node === null || typeof node !== "object") this.#scalarAliases++;
    this.#line = this.#significant(line + 1);
    return node;
  }

  /**
   * Where an anchor or alias name from `at` ends: letters, digits, `_` and `-`, then a space or the
   * line end (anything else, a name YAML allows included, gives way).
   */
  #nameEnd(at: number, end: number): number {
    const text = this.#text;
    let i = at;
    while (i < end && NAME_CHAR.test(text[i]!)) i++;
    if (i === at || (i < end && text.charCodeAt(i) !== SPACE)) giveWay();
    return i;
  }

  /**
   * A merge key's entry (`<<: *base`) of `entries`, which has `size` keys: the keys of the mapping
   * the alias names that `entries` has not set yet, in that mapping's order, as js-yaml merges them
   * (a key written after the merge key overrides one it set). Anything else as its value, and a
   * second merge key in one mapping, give way.
   * @returns how many keys it set
   */
  #merge(
    entries: Record<string, unknown>,
    size: number,
    line: number,
    at: number,
    end: number,
  ): number {
    if (at === end || this.#text.charCodeAt(at) !== STAR || this.#merges.has(entries)) giveWay();
    const source = this.#alias(line, at, end);
    if (source === null || typeof source !== "object" || Array.isArray(source)) giveWay();
    let count = 0;
    for (const key of Object.keys(source)) {
      if (Object.hasOwn(entries, key)) continue;
      entries[key] = (source as Record<string, unknown>)[key];
      count++;
    }
    this.#merges.set(entries, { source, first: size, count });
    return count;
  }

  /**
   * Whether `key`, which `entries` has, is one its merge key set and no entry overrode yet (the
   * entry writing it now overrides it); false: a key written twice.
   */
  #override(entries: Record<string, unknown>, key: string): boolean {
    const merge = this.#merges.get(entries);
    if (merge === undefined || merge.overridden?.has(key)) return false;
    if (!isMerged(merge, Object.keys(entries).indexOf(key), key)) return false;
    (merge.overridden ??= new Set()).add(key);
    return true;
  }

  /**
   * Whether the document `value` (read by this parser) is surely one the careful parser accepts
   * with its aliases expanded: nesting short of the limit, and at most half the nodes its
   * aliases may expand it to. Nodes are counted as the careful parser counts them
   * (alias_expansion.ts): each key and value written is one, a mapping or sequence one more than
   * its keys and values, an alias (not written again) the expanded size of the node it names, and
   * a merge key is a key and an alias. A document without aliases needs no count.
   */
  aliasesTame(value: unknown): boolean {
    if (!this.#aliased) return true;
    const extents = new Map<object, { size: number; depth: number }>();
    // An alias of a scalar is met as a scalar: written once, however many times it is met.
    let own = -this.#scalarAliases;
    /** The expanded size and depth of `node`; `own` counts the nodes of its first reading. */
    const measure = (node: unknown): { size: number; depth: number } => {
      if (node === null || typeof node !== "object") {
        own++;
        return { size: 1, depth: 1 };
      }
      const known = extents.get(node);
      if (known) return known; // an alias: its node's extent, none of it written again
      own++;
      let size = 1, depth = 0;
      const add = (child: { size: number; depth: number }) => {
        size += child.size;
        if (child.depth > depth) depth = child.depth;
      };
      if (Array.isArray(node)) {
        for (const item of node) add(measure(item));
      } else {
        const merge = this.#merges.get(node);
        if (merge) {
          own++; // the merge key, then its alias
          add({ size: 1, depth: 1 });
          add(measure(merge.source));
        }
        const keys = Object.keys(node);
        for (let i = 0; i < keys.length; i++) {
          const key = keys[i]!;
          if (merge && isMerged(merge, i, key)) continue;
          const child = (node as Record<string, unknown>)[key];
          own++;
          add({ size: 1, depth: 1 });
          add(measure(child));
        }
      }
      const extent = { size, depth: depth + 1 };
      extents.set(node, extent);
      return extent;
    };
    const { size, depth } = measure(value);
    return depth <= MAX_NESTING - 2 && size <= expansionLimit(own) / 2;
  }

  /**
   * The value of an entry whose line ends after its indicator (`key:` or `-`): the block node on
   * the next lines, indented deeper than `indent` (or, for a mapping key, a sequence at the same
   * indentation), else null.
   */
  #nextLinesValue(line: number, indent: number, sequenceMayAlign: boolean): unknown {
    const next = this.#significant(line + 1);
    this.#line = next;
    if (next === this.#lines) return null;
    const nextIndent = this.#indent(next);
    if (nextIndent > indent) return this.#blockNode(next, nextIndent);
    const at = this.starts[next]! + nextIndent;
    if (sequenceMayAlign && nextIndent === indent && this.#isDash(at, this.#end(next))) {
      return this.#sequence(next, indent);
    }
    return null;
  }

  /**
   * The value of an entry of a collection indented `indent` (its keys' or its dashes' column) that
   * starts on the entry's line at `at`: a block scalar (`|` literal, `>` folded), else
   * {@link #inlineValue}.
   */
  #scalarValue(line: number, indent: number, at: number, end: number): unknown {
    const first = this.#text.charCodeAt(at);
    return first === PIPE || first === GT
      ? this.#blockScalar(line, indent, at, end, first === GT)
      : this.#inlineValue(line, at, end);
  }

  /**
   * A block scalar whose `|` (or `>`, `folded`) is at `at` of `line`, in a collection indented
   * `indent`, read as js-yaml reads one: its indentation is that of its first line with content
   * (or deeper, after blank lines with more spaces), at least `indent + 1`; it ends at the first
   * line with content indented less, or the end of the text; then it is chomped (`|` keeps one
   * final line break, `|-` none, `|+` all). A literal keeps every line break; a folded scalar
   * joins two lines with content by a space, and between lines with empty ones keeps just those.
   * An explicit indentation (`|2`) or anything else after the indicators but a comment gives way,
   * as does a more-indented line of a folded scalar (whose breaks YAML keeps).
   */
  #blockScalar(line: number, indent: number, at: number, end: number, folded: boolean): string {
    const text = this.#text;
    let i = at + 1;
    const chomp = text.charCodeAt(i);
    if (chomp === DASH || chomp === PLUS) i++;
    if (i < end && text.charCodeAt(i) !== SPACE) giveWay(); // `|2`, `|x`, `|#`, `|-+`
    while (i < end && text.charCodeAt(i) === SPACE) i++;
    if (i < end && text.charCodeAt(i) !== HASH) giveWay();
    let textIndent = indent + 1;
    let detected = false;
    let value = "";
    let empty = 0;
    let l = line + 1;
    // The text always ends with a line break for js-yaml: a last line that is empty is its end.
    const last = text.length === this.starts[this.#lines - 1] ? this.#lines - 1 : this.#lines;
    for (; l < last; l++) {
      const start = this.starts[l]!;
      const lineEnd = this.#end(l);
      let j = start;
      while (j < lineEnd && text.charCodeAt(j) === SPACE && (!detected || j - start < textIndent)) {
        j++;
      }
      if (!detected && j - start > textIndent) textIndent = j - start;
      if (j === lineEnd) {
        empty++;
        continue;
      }
      if (j - start < textIndent) break;
      if (!folded) value += "\n".repeat(detected ? 1 + empty : empty);
      else if (text.charCodeAt(j) === SPACE) giveWay(); // more indented: its breaks are kept
      else value += detected && empty === 0 ? " " : "\n".repeat(empty);
      value += text.slice(j, lineEnd);
      detected = true;
      empty = 0;
    }
    if (chomp === PLUS) value += "\n".repeat(detected ? 1 + empty : empty);
    else if (chomp !== DASH && detected) value += "\n";
    this.#line = this.#significant(l);
    return value;
  }

  /**
   * A value that starts on its entry's line, from `at`: a quoted or plain scalar on that line, or a
   * flow collection (which may end on a later line), then nothing but a comment.
   */
  #inlineValue(line: number, at: number, end: number): unknown {
    const [value, after] = this.#scalarOrFlow(at, end, false);
    let last = line;
    while (last + 1 < this.#lines && this.starts[last + 1]! <= after) last++;
    this.#restIsComment(after, this.#end(last));
    // The caller refuses a next content line indented deeper (it would continue the scalar).
    this.#line = this.#significant(last + 1);
    return value;
  }

  /**
   * From `at` to `end`: only spaces, then optionally a comment. (After a quoted scalar or a flow
   * collection js-yaml takes a `#` as a comment even without a space before it.)
   */
  #restIsComment(at: number, end: number): void {
    const text = this.#text;
    let i = at;
    while (i < end && text.charCodeAt(i) === SPACE) i++;
    if (i < end && text.charCodeAt(i) !== HASH) giveWay();
  }

  /**
   * Where the key that starts at `at` ends: the offset of its `:` (followed by a space or the line
   * end); undefined when the line from `at` is not a simple key and its colon.
   */
  #keyEnd(at: number, end: number): number | undefined {
    const text = this.#text;
    const c = text.charCodeAt(at);
    if (c === DQUOTE || c === QUOTE) {
      const close = this.#quotedEnd(at, end);
      if (close === undefined || text.charCodeAt(close + 1) !== COLON) return undefined;
      return close + 2 === end || text.charCodeAt(close + 2) === SPACE ? close + 1 : undefined;
    }
    if (!this.#plainMayStart(at, end, false)) return undefined;
    for (let i = at; i < end; i++) {
      const ch = text.charCodeAt(i);
      if (ch === COLON) {
        if (i + 1 === end || text.charCodeAt(i + 1) === SPACE) return i;
      } else if (ch === HASH && text.charCodeAt(i - 1) === SPACE) {
        return undefined;
      }
    }
    return undefined;
  }

  /** The key from `at` to its colon, as js-yaml stores it (a plain key resolved, then as text). */
  #key(at: number, colon: number): string {
    const text = this.#text;
    const c = text.charCodeAt(at);
    if (c === DQUOTE || c === QUOTE) return this.#checkedKey(this.#quoted(at, colon)[0]);
    // Suites repeat the same few keys: a key written as one met before is that key again (one
    // string, already resolved, for every mapping that uses it).
    const raw = text.slice(at, colon);
    let key = this.#keys.get(raw);
    if (key === undefined) {
      key = this.#checkedKey(String(resolvePlain(this.#trimEnd(at, colon))));
      this.#keys.set(raw, key);
    }
    return key;
  }

  /** A key as js-yaml stores it, unless it takes one of js-yaml's special paths. */
  #checkedKey(key: string): string {
    // A merge key and `__proto__` take js-yaml's special paths: it decides them.
    if (key === "<<" || key === "__proto__") giveWay();
    return key;
  }

  /** The text from `at` to `end` without the spaces it ends with. */
  #trimEnd(at: number, end: number): string {
    return this.#text.slice(at, this.#endBeforeSpaces(at, end));
  }

  /** Where the text from `at` to `end` ends without the spaces it ends with. */
  #endBeforeSpaces(at: number, end: number): number {
    let e = end;
    while (e > at && this.#text.charCodeAt(e - 1) === SPACE) e--;
    return e;
  }

  /**
   * Whether a plain scalar may start at `at` (js-yaml's rule): not at an indicator, and `-` or `?`
   * only before a character that cannot end it. A `:` start is left to js-yaml.
   */
  #plainMayStart(at: number, end: number, flow: boolean): boolean {
    if (at >= end) return false;
    const text = this.#text;
    switch (text[at]) {
      case " ":
      case ",":
      case "[":
      case "]":
      case "{":
      case "}":
      case "#":
      case "&":
      case "*":
      case "!":
      case "|":
      case ">":
      case "'":
      case '"':
      case "%":
      case "@":
      case "`":
      case ":":
        return false;
      case "-":
      case "?": {
        if (at + 1 === end) return false;
        const next = text.charCodeAt(at + 1);
        return next !== SPACE && !(flow && isFlowIndicator(next));
      }
      default:
        return true;
    }
  }

  /**
   * A scalar or flow collection at `at` (on one line, before `end`): its value and the offset
   * after it. `flow`: inside a flow collection (a plain scalar then ends at a flow indicator).
   */
  #scalarOrFlow(at: number, end: number, flow: boolean): [unknown, number] {
    const c = this.#text.charCodeAt(at);
    if (c === DQUOTE || c === QUOTE) return this.#quoted(at, end);
    if (c === LBRACKET) return this.#flowSequence(at);
    if (c === LBRACE) return this.#flowMapping(at);
    if (!this.#plainMayStart(at, end, flow)) giveWay();
    const stop = this.#plainEnd(at, end, flow);
    return [this.#plain(at, stop), stop];
  }

  /**
   * The plain scalar from `at` to `stop` (its trailing spaces left out), resolved. Suites repeat
   * a few values on every test (`server: items`, `tool: echo`, a target path): a value written as
   * the one last met with its length and first and last characters is that value again, one
   * string kept by all of them however many tests there are, not one each.
   */
  #plain(at: number, stop: number): unknown {
    const text = this.#text;
    const e = this.#endBeforeSpaces(at, stop);
    const length = e - at;
    const slot = (length * 31 + text.charCodeAt(at) * 7 + text.charCodeAt(e - 1)) & PLAIN_SLOTS;
    const seen = this.#plainRaw[slot];
    if (seen !== undefined && seen.length === length && text.startsWith(seen, at)) {
      return this.#plainValue[slot];
    }
    const raw = text.slice(at, e);
    const value = resolvePlain(raw);
    // Only a primitive is shared (a timestamp resolves to a Date, an object of its own).
    if (typeof value !== "object" || value === null) {
      this.#plainRaw[slot] = raw;
      this.#plainValue[slot] = value;
    }
    return value;
  }

  /**
   * Where a plain scalar from `at` ends: at a comment, at the line end, and inside a flow
   * collection at a flow indicator. A `: ` inside it is a key indicator, left to the caller (in a
   * flow mapping) or to js-yaml (a block value holding one is not in the subset).
   */
  #plainEnd(at: number, end: number, flow: boolean): number {
    const text = this.#text;
    // A long block scalar is searched natively; a short one (most) is read here, allocating nothing.
    if (!flow && end - at > LONG_SCALAR) return this.#blockPlainEnd(at, end);
    for (let i = at; i < end; i++) {
      const ch = text.charCodeAt(i);
      if (ch === COLON) {
        const next = i + 1 === end ? SPACE : text.charCodeAt(i + 1);
        if (next === SPACE || (flow && isFlowIndicator(next))) {
          if (!flow) giveWay();
          return i;
        }
      } else if (ch === HASH) {
        if (text.charCodeAt(i - 1) === SPACE) return i;
      } else if (flow && isFlowIndicator(ch)) {
        return i;
      }
    }
    // In a flow collection the entry then goes on: a second line of the scalar is not an
    // indicator, and the collection gives way there.
    return end;
  }

  /**
   * {@link #plainEnd} outside a flow collection, by native searches of the line for the only two
   * characters that can end it early (a scalar of a few kilobytes is not read character by
   * character): a `#` after a space starts a comment; a `:` before it followed by a space (or the
   * line end) gives way.
   */
  #blockPlainEnd(at: number, end: number): number {
    // The line alone is searched: a search of the text could run to the end of the file.
    const line = this.#text.slice(at, end);
    let stop = line.length;
    for (let hash = line.indexOf("#"); hash !== -1; hash = line.indexOf("#", hash + 1)) {
      const before = hash > 0 ? line.charCodeAt(hash - 1) : this.#text.charCodeAt(at - 1);
      if (before === SPACE) {
        stop = hash;
        break;
      }
    }
    for (
      let colon = line.indexOf(":");
      colon !== -1 && colon < stop;
      colon = line.indexOf(":", colon + 1)
    ) {
      if (colon + 1 === line.length || line.charCodeAt(colon + 1) === SPACE) giveWay();
    }
    return at + stop;
  }

  /** The offset of the closing quote of the quoted scalar at `at`, or undefined (not on this line). */
  #quotedEnd(at: number, end: number): number | undefined {
    const text = this.#text;
    const quote = text.charCodeAt(at);
    for (let i = at + 1; i < end; i++) {
      const ch = text.charCodeAt(i);
      if (quote === DQUOTE && ch === BACKSLASH) i++;
      else if (ch === quote) {
        if (quote === QUOTE && text.charCodeAt(i + 1) === QUOTE && i + 1 < end) i++;
        else return i;
      }
    }
    return undefined;
  }

  /** The quoted scalar at `at` (closed on this line): its text and the offset after it. */
  #quoted(at: number, end: number): [string, number] {
    const text = this.#text;
    const close = this.#quotedEnd(at, end);
    if (close === undefined) giveWay();
    const body = text.slice(at + 1, close);
    if (text.charCodeAt(at) === QUOTE) return [body.replaceAll("''", "'"), close + 1];
    if (!body.includes("\\")) return [body, close + 1];
    let out = "";
    for (let i = 0; i < body.length; i++) {
      const ch = body[i]!;
      if (ch !== "\\") {
        out += ch;
        continue;
      }
      const code = body[++i]!;
      const simple = ESCAPES[code];
      if (simple !== undefined) {
        out += simple;
        continue;
      }
      const digits = HEX_DIGITS[code];
      const hex = digits === undefined ? "" : body.slice(i + 1, i + 1 + digits);
      if (digits === undefined || !/^[0-9a-fA-F]+$/.test(hex) || hex.length !== digits) giveWay();
      const point = parseInt(hex, 16);
      if (point > 0x10ffff) giveWay();
      out += String.fromCodePoint(point);
      i += digits;
    }
    return [out, close + 1];
  }

  /** Whether a document marker (`---` or `...`, then a blank or the line's end) starts at `at`. */
  #marker(at: number): boolean {
    const text = this.#text;
    if (!text.startsWith("---", at) && !text.startsWith("...", at)) return false;
    const after = text.charCodeAt(at + 3);
    return Number.isNaN(after) || after === SPACE || after === LF;
  }

  /** The offset of the end of the line `at` is on (its line break, or the end of the text). */
  #eol(at: number): number {
    // Within the line last looked up the answer is the same: a one-line JSON suite asks it for
    // every scalar of a line megabytes long.
    if (at >= this.#eolFrom && at <= this.#eolAt) return this.#eolAt;
    const lf = this.#text.indexOf("\n", at);
    this.#eolFrom = at;
    this.#eolAt = lf === -1 ? this.#text.length : lf;
    return this.#eolAt;
  }

  /**
   * The offset of the next character of a flow collection at or after `at`: spaces, line breaks
   * and comments skipped. A line of it at column 0, or the end of the text, gives way.
   */
  #flowSpace(at: number): number {
    const text = this.#text;
    let i = at;
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === SPACE) i++;
      else if (c === LF) {
        const next = text.charCodeAt(++i);
        if (next !== SPACE && next !== LF && !(this.#rootFlow && !this.#marker(i))) giveWay();
      } else if (c === HASH) {
        // A comment (where a flow collection expects an entry or a separator, a `#` starts one
        // even right after a `,` or a quote, as js-yaml reads it).
        i = this.#eol(i);
      } else return i;
    }
  }

  /**
   * A flow sequence `[a, b]`; it may go on over lines, but each scalar in it stays on one line
   * (and a plain one ends at a flow indicator on its line).
   */
  #flowSequence(at: number): [unknown[], number] {
    const text = this.#text;
    const items: unknown[] = [];
    this.#enter();
    let i = this.#flowSpace(at + 1);
    if (text.charCodeAt(i) !== RBRACKET) {
      for (;;) {
        // An empty entry (`[a, , b]`, `[,]`) starts at a flow indicator: it gives way there.
        const [item, after] = this.#scalarOrFlow(i, this.#eol(i), true);
        items.push(item);
        i = this.#flowSpace(after);
        const ch = text.charCodeAt(i);
        if (ch === RBRACKET) break;
        if (ch !== COMMA) giveWay(); // a single-pair mapping (`[a: b]`)
        i = this.#flowSpace(i + 1);
        if (text.charCodeAt(i) === RBRACKET) break; // a trailing comma
      }
    }
    this.#depth--;
    const exact = items.slice(); // room for its entries only (#sequence)
    this.offsets.set(exact, at);
    return [exact, i + 1];
  }

  /** A flow mapping `{a: 1, b: 2}`, every key with a value (over lines as a flow sequence). */
  #flowMapping(at: number): [Record<string, unknown>, number] {
    const text = this.#text;
    const entries: Record<string, unknown> = {};
    this.offsets.set(entries, at);
    this.#enter();
    let i = this.#flowSpace(at + 1);
    if (text.charCodeAt(i) !== RBRACE) {
      for (;;) {
        const end = this.#eol(i);
        const c = text.charCodeAt(i);
        let key: string;
        if (c === DQUOTE || c === QUOTE) {
          const [quoted, after] = this.#quoted(i, end);
          key = quoted;
          i = after;
          if (text.charCodeAt(i) !== COLON) giveWay();
        } else {
          // `? a` (an explicit key) and an empty entry (`{a: 1,, b: 2}`) give way here.
          if (!this.#plainMayStart(i, end, true)) giveWay();
          const stop = this.#plainEnd(i, end, true);
          if (text.charCodeAt(stop) !== COLON || text.charCodeAt(stop + 1) !== SPACE) giveWay();
          key = String(resolvePlain(this.#trimEnd(i, stop)));
          i = stop;
        }
        if (key === "<<" || key === "__proto__" || Object.hasOwn(entries, key)) giveWay();
        // A key without a value (`{a: }`, `{a: , b: 1}`) gives way where no value starts.
        i = this.#flowSpace(i + 1);
        const [value, after] = this.#scalarOrFlow(i, this.#eol(i), true);
        entries[key] = value;
        i = this.#flowSpace(after);
        const next = text.charCodeAt(i);
        if (next === RBRACE) break;
        if (next !== COMMA) giveWay();
        i = this.#flowSpace(i + 1);
        if (text.charCodeAt(i) === RBRACE) break; // a trailing comma
      }
    }
    this.#depth--;
    return [entries, i + 1];
  }
}

/** Whether the key at `index` of its mapping's key order came from `merge` and is still its. */
function isMerged(merge: Merge, index: number, key: string): boolean {
  return index >= merge.first && index < merge.first + merge.count && !merge.overridden?.has(key);
}

function isFlowIndicator(c: number): boolean {
  return c === COMMA || c === LBRACKET || c === RBRACKET || c === LBRACE || c === RBRACE;
}
