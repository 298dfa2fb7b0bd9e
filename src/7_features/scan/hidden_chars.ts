/** @module SCAN-001: invisible and terminal-altering characters in any text of an item. */

import { findingAt } from "./_finding.ts";
import { excerpt } from "./evidence.ts";
import type { TextField } from "./text_fields.ts";
import type { Finding, ScanSeverity, SurfaceItem } from "./types.ts";

/** One class of hidden character: how it is found, what it is called, how bad it is. */
interface HiddenClass {
  readonly name: string;
  readonly pattern: RegExp;
  readonly severity: ScanSeverity;
}

const CLASSES: readonly HiddenClass[] = [
  { name: "Unicode tag characters", pattern: /(?:\uDB40[\uDC00-\uDC7F])+/g, severity: "high" },
  {
    name: "bidi override or isolate characters",
    pattern: /[\u202A-\u202E\u2066-\u2069]+/g,
    severity: "high",
  },
  {
    name: "control characters",
    // deno-lint-ignore no-control-regex
    pattern: /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]+/g,
    severity: "high",
  },
  {
    name: "zero-width or invisible characters",
    pattern: /[\u00AD\u034F\u061C\u115F\u1160\u180E\u200B-\u200F\u2060-\u2064\u3164\uFEFF\uFFA0]+/g,
    severity: "medium",
  },
  {
    name: "variation selectors",
    pattern: /(?:\uDB40[\uDD00-\uDDEF])+|[\uFE00-\uFE0F]{2,}/g,
    severity: "medium",
  },
];

/** A letter of a script other than Latin, or an emoji: where ZWJ and ZWNJ are part of writing. */
const JOINABLE = /[\p{Extended_Pictographic}\p{Emoji_Modifier}]|(?![\p{Script=Latin}])\p{L}/u;

/** A lone ZWJ/ZWNJ between characters of a script or emoji that use them. */
function isLegitJoiner(text: string, start: number, match: string): boolean {
  if (!/^[\u200C\u200D]$/.test(match)) return false;
  const before = [...text.slice(Math.max(0, start - 2), start)].at(-1) ?? "";
  const after = [...text.slice(start + 1, start + 3)][0] ?? "";
  return JOINABLE.test(before) || JOINABLE.test(after);
}

/** The ASCII text that a run of tag characters spells (U+E0020..E007E map to ASCII). */
function decodeTags(run: string): string {
  return [...run].map((c) => {
    const code = c.codePointAt(0)! - 0xE0000;
    return code >= 0x20 && code < 0x7F ? String.fromCharCode(code) : "";
  }).join("");
}

/** SCAN-001 findings in the fields of `item`: one per class per field. */
export function hiddenCharacters(server: string, item: SurfaceItem, fields: readonly TextField[]) {
  const findings: Finding[] = [];
  for (const field of fields) {
    for (const klass of CLASSES) {
      const hits = [...field.text.matchAll(klass.pattern)]
        .filter((m) => !isLegitJoiner(field.text, m.index, m[0]));
      if (hits.length === 0) continue;
      const first = hits[0]!;
      const count = hits.reduce((n, m) => n + [...m[0]].length, 0);
      const decoded = klass.severity === "high" && klass.pattern === CLASSES[0]!.pattern
        ? hits.map((m) => decodeTags(m[0])).join("")
        : "";
      const spelled = decoded === "" ? "" : `; they spell ${JSON.stringify(decoded)}`;
      findings.push(findingAt(
        server,
        item,
        field.path,
        "SCAN-001",
        klass.severity,
        `${count} ${klass.name} in ${field.key ? "a key" : "the text"}${spelled}`,
        excerpt(field.text, first.index, first.index + first[0].length),
      ));
    }
  }
  return findings;
}
