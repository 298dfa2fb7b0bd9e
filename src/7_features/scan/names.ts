/** @module SCAN-008 (the same name on two servers) and SCAN-009 (names that differ by lookalikes, case, separators or one edit). */

import distance from "leven";
import { canonicalJson } from "../../0_base/util/canonical_json.ts";
import { findingAt } from "./_finding.ts";
import { visible } from "./evidence.ts";
import { pinnedFields } from "./pinned_fields.ts";
import type { Finding, ScanSeverity, ServerSurface, SurfaceItem } from "./types.ts";

/** Common lookalikes of Latin letters (Cyrillic, Greek, and a few others), folded to Latin. */
const CONFUSABLES: Readonly<Record<string, string>> = {
  "а": "a",
  "е": "e",
  "о": "o",
  "р": "p",
  "с": "c",
  "у": "y",
  "х": "x",
  "і": "i",
  "ј": "j",
  "ѕ": "s",
  "ԁ": "d",
  "ɡ": "g",
  "һ": "h",
  "ӏ": "l",
  "ԛ": "q",
  "ԝ": "w",
  "ь": "b",
  "т": "t",
  "А": "A",
  "В": "B",
  "Е": "E",
  "К": "K",
  "М": "M",
  "Н": "H",
  "О": "O",
  "Р": "P",
  "С": "C",
  "Т": "T",
  "Х": "X",
  "Α": "A",
  "Β": "B",
  "Ε": "E",
  "Ζ": "Z",
  "Η": "H",
  "Ι": "I",
  "Κ": "K",
  "Μ": "M",
  "Ν": "N",
  "Ο": "O",
  "Ρ": "P",
  "Τ": "T",
  "Υ": "Y",
  "Χ": "X",
  "ο": "o",
  "ν": "v",
  "ι": "i",
  "α": "a",
  "κ": "k",
  "ı": "i",
  "ℓ": "l",
};

/** Lookalikes folded, compatibility forms folded, lower case. */
function fold(name: string): string {
  return [...name.normalize("NFKC")].map((c) => CONFUSABLES[c] ?? c).join("").toLowerCase();
}

/** `fold` without separators: send_email, send-email and sendEmail have one skeleton. */
function skeleton(name: string): string {
  return fold(name).replace(/[-_.\s]/g, "");
}

/** How two different names relate, or undefined when they are unrelated. */
export function nameRelation(
  a: string,
  b: string,
): { severity: ScanSeverity; why: string } | undefined {
  if (a === b) return undefined;
  const nonAscii = /[^\p{ASCII}]/u.test(a + b);
  if (fold(a) === fold(b) && nonAscii) {
    return { severity: "high", why: "differ only by lookalike characters (a homoglyph)" };
  }
  if (skeleton(a) === skeleton(b)) {
    return nonAscii
      ? { severity: "high", why: "differ only by lookalike characters, case or separators" }
      : { severity: "medium", why: "differ only by case or separators" };
  }
  const [x, y] = [skeleton(a), skeleton(b)];
  if (Math.min(x.length, y.length) >= 6 && distance(x, y) === 1) {
    return { severity: "low", why: "differ by one character" };
  }
  return undefined;
}

/** A name with every non-ASCII character shown as `\u{...}`, so a homoglyph is seen. */
function spelled(name: string): string {
  return visible(name).replace(/[^\p{ASCII}]/gu, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);
}

/** A named item (tool or prompt) and its server. */
interface Named {
  readonly server: string;
  readonly item: SurfaceItem;
}

/** SCAN-008 and SCAN-009 across the servers: each pair reported once, at the later server's item. */
export function nameFindings(surfaces: readonly ServerSurface[]): Finding[] {
  const findings: Finding[] = [];
  const seen: Named[] = [];
  for (const surface of surfaces) {
    const mine = surface.items.filter((i) => i.kind === "tool" || i.kind === "prompt");
    for (const item of mine) {
      for (const other of seen) {
        if (other.server === surface.server || other.item.kind !== item.kind) continue;
        const finding = compare(surface.server, item, other);
        if (finding) findings.push(finding);
      }
    }
    for (const item of mine) seen.push({ server: surface.server, item });
  }
  return findings;
}

function compare(server: string, item: SurfaceItem, other: Named): Finding | undefined {
  const what = `${item.kind} "${visible(item.key)}"`;
  const theirs = `${other.item.kind} "${visible(other.item.key)}" of server "${
    visible(other.server)
  }"`;
  if (item.key === other.item.key) {
    const same = canonicalJson(pinnedFields(item)) === canonicalJson(pinnedFields(other.item));
    return findingAt(
      server,
      item,
      "name",
      "SCAN-008",
      same ? "low" : "medium",
      same
        ? `${what} is also on server "${visible(other.server)}", defined the same way`
        : `${what} is also on server "${visible(other.server)}", defined differently`,
      visible(item.key),
    );
  }
  const relation = nameRelation(item.key, other.item.key);
  if (!relation) return undefined;
  return findingAt(
    server,
    item,
    "name",
    "SCAN-009",
    relation.severity,
    `${what} and ${theirs} ${relation.why}`,
    `${spelled(item.key)} / ${spelled(other.item.key)}`,
  );
}
