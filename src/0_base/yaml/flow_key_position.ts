/**
 * @module Where a key of a flow mapping (`{ "name": ..., tool: ... }`, a JSON suite) starts, read
 * from the text: the fast path's answer to a key position in flow style, which would otherwise
 * take the careful parser (seconds for a large JSON suite). Anything it does not read for certain
 * (a complex, aliased, tagged or multi-line key, a merge, escapes JSON lacks) is left to it.
 */

/** Plain keys read here: a name that resolves to itself (not a number, a boolean or null). */
const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/;
const NOT_A_STRING = /^(?:true|false|null)$/i;

/**
 * The offset of the key `key` of the flow mapping whose `{` is at `open` in `text`: its first
 * character (the quote of a quoted key). Undefined when the mapping does not hold it as a key
 * read for certain.
 */
export function flowKeyOffset(text: string, open: number, key: string): number | undefined {
  if (text[open] !== "{") return undefined;
  const scan = new FlowScan(text, open + 1);
  for (;;) {
    scan.blank();
    if (scan.at("}")) return undefined;
    const start = scan.i;
    const name = scan.key();
    if (name === null) return undefined;
    scan.blank();
    if (!scan.at(":")) return undefined;
    // A key read for certain is the one: another key not read (`undefined`) cannot be the same,
    // as js-yaml refuses a duplicate key.
    if (name === key) return start;
    scan.i++;
    if (!scan.skipValue()) return undefined;
    scan.blank();
    if (scan.at(",")) scan.i++;
    else return undefined; // the end (`}`) holds no such key, or anything unexpected
  }
}

/**
 * Whether a double-quoted scalar (`raw`, quotes included) uses only escapes JSON reads as YAML
 * does (YAML's others, `\x41`, `\e`, `\N`, ..., are left to the careful parser), and no raw tab
 * (the only control character js-yaml takes there).
 */
function jsonEscapesOnly(raw: string): boolean {
  for (let j = 1; j < raw.length - 1; j++) {
    const c = raw.charCodeAt(j);
    if (c < 0x20) return false; // a raw tab: YAML reads it, JSON.parse does not
    if (raw[j] !== "\\") continue;
    const next = raw[++j];
    if (next === "u") {
      if (!/^[0-9a-fA-F]{4}$/.test(raw.slice(j + 1, j + 5))) return false;
      j += 4;
    } else if (next === undefined || !'"\\/bfnrt'.includes(next)) return false;
  }
  return true;
}

/** A cursor over flow-style text. */
class FlowScan {
  constructor(readonly text: string, public i: number) {}

  at(c: string): boolean {
    return this.text[this.i] === c;
  }

  /**
   * Skip blanks, line breaks and comments: a `#` after a blank. (js-yaml also takes one right
   * after a `,`, the careful parser refuses it: such a key is left to the careful parser.)
   */
  blank(): void {
    const text = this.text;
    while (this.i < text.length) {
      const c = text[this.i];
      if (c === " " || c === "\t" || c === "\n" || c === "\r") this.i++;
      else if (c === "#" && /\s/.test(text[this.i - 1] ?? " ")) {
        while (this.i < text.length && text[this.i] !== "\n") this.i++;
      } else return;
    }
  }

  /**
   * The key at the cursor, moved past it: its value when read for certain (a one-line quoted key,
   * or a plain name); undefined for a quoted key whose value is not (it is skipped); null for
   * anything else (the mapping is not read further).
   */
  key(): string | undefined | null {
    const c = this.text[this.i];
    if (c === '"' || c === "'") {
      const end = this.quotedEnd();
      if (end === undefined) return null;
      const raw = this.text.slice(this.i, end + 1);
      this.i = end + 1;
      if (raw.includes("\n")) return undefined;
      if (c === "'") return raw.slice(1, -1).replaceAll("''", "'");
      return jsonEscapesOnly(raw) ? JSON.parse(raw) as string : undefined;
    }
    const rest = /^[^\s:,{}[\]#]+/.exec(this.text.slice(this.i, this.i + 256))?.[0];
    if (rest === undefined || !PLAIN_KEY.test(rest) || NOT_A_STRING.test(rest)) return null;
    this.i += rest.length;
    // A plain key's `:` must be followed by a blank (`{a:1}` is the one key `a:1`).
    if (this.at(":") && !/[\s,}\]]/.test(this.text[this.i + 1] ?? " ")) return null;
    return rest;
  }

  /** The offset of the quote that closes the quoted scalar opening at {@link i}. */
  quotedEnd(): number | undefined {
    const text = this.text;
    const quote = text[this.i];
    for (let j = this.i + 1; j < text.length; j++) {
      const c = text[j];
      if (quote === '"' && c === "\\") j++;
      else if (c === quote) {
        if (quote === "'" && text[j + 1] === "'") j++;
        else return j;
      }
    }
    return undefined;
  }

  /** Skip one value: a quoted scalar, a flow collection, or a plain scalar up to `,` or `}`. */
  skipValue(): boolean {
    this.blank();
    const c = this.text[this.i];
    if (c === '"' || c === "'") {
      const end = this.quotedEnd();
      if (end === undefined) return false;
      this.i = end + 1;
      return true;
    }
    if (c === "{" || c === "[") return this.skipCollection();
    if (c === "&" || c === "*" || c === "!" || c === "|" || c === ">") return false;
    const text = this.text;
    while (this.i < text.length) {
      const d = text[this.i];
      if (d === "," || d === "}" || d === "]") return true;
      if (d === "#" && /\s/.test(text[this.i - 1]!)) return true;
      if (d === "{" || d === "[") return false;
      this.i++;
    }
    return false;
  }

  /**
   * Skip a flow collection from its opening bracket to its matching close. A quote opens a quoted
   * scalar only where a scalar starts (after `[`, `{`, `,` or `:`); inside a plain one (`it's`) it
   * is a character.
   */
  skipCollection(): boolean {
    const text = this.text;
    let depth = 0;
    let last = "";
    while (this.i < text.length) {
      const c = text[this.i]!;
      if ((c === '"' || c === "'") && "[{,:".includes(last)) {
        const end = this.quotedEnd();
        if (end === undefined) return false;
        this.i = end + 1;
        last = c;
        continue;
      }
      if (c === " " || c === "\t" || c === "\n" || c === "\r") {
        this.i++;
        continue;
      }
      if (c === "#" && /\s/.test(text[this.i - 1]!)) {
        while (this.i < text.length && text[this.i] !== "\n") this.i++;
        continue;
      }
      last = c;
      if (c === "{" || c === "[") depth++;
      else if (c === "}" || c === "]") {
        depth--;
        if (depth === 0) {
          this.i++;
          return true;
        }
      }
      this.i++;
    }
    return false;
  }
}
