/** @module The offending text made safe to show: hidden characters as `\u{...}`, controls escaped, cut around the match. */

import { escapeControls } from "../../0_base/util/escape.ts";

/**
 * Characters a reader cannot see or that change how text around them shows: zero-width and
 * invisible format characters, bidi controls, Unicode tags, variation selectors, soft hyphen,
 * and the controls (C0 but tab and newline, DEL, C1).
 */
const INVISIBLE =
  // deno-lint-ignore no-control-regex
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFFB]|\uDB40[\uDC00-\uDDEF]/g;

/** `\u{200b}` for one character. */
function codeOf(c: string): string {
  return `\\u{${c.codePointAt(0)!.toString(16)}}`;
}

/** Show every invisible character as `\u{...}` and every other control as `\uXXXX`, newline as `\n`. */
export function visible(text: string): string {
  return escapeControls(
    text.replace(INVISIBLE, codeOf).replace(/\n/g, "\\n").replace(/\r/g, "\\r"),
  );
}

/** Strip invisible characters and fold compatibility forms (NFKC): the text the phrase rules read. */
export function normalizeText(text: string): string {
  return text.replace(INVISIBLE, "").normalize("NFKC");
}

/** How many characters of context an excerpt keeps on each side of the match. */
const CONTEXT = 40;
/** The longest matched part an excerpt shows before cutting it. */
const MAX_MATCH = 160;

/**
 * The part of `text` around `[start, end)`, made visible: up to 40 characters either side, `...`
 * where it was cut, a long match cut in its middle.
 */
export function excerpt(text: string, start = 0, end = text.length): string {
  const from = Math.max(0, start - CONTEXT);
  const to = Math.min(text.length, end + CONTEXT);
  let middle = text.slice(start, end);
  if (middle.length > MAX_MATCH) {
    middle = `${middle.slice(0, MAX_MATCH / 2)}...${middle.slice(-MAX_MATCH / 2)}`;
  }
  const head = (from > 0 ? "..." : "") + text.slice(from, start);
  const tail = text.slice(end, to) + (to < text.length ? "..." : "");
  return visible(head + middle + tail);
}
