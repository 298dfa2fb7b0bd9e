/** @module SCAN-007: descriptions that tell the model how to use other tools, or name another server's tools. */

import { findingAt } from "./_finding.ts";
import { type Phrase, phraseFindings } from "./_phrases.ts";
import { excerpt, normalizeText } from "./evidence.ts";
import type { TextField } from "./text_fields.ts";
import type { Finding, SurfaceItem } from "./types.ts";

const USING = String.raw`(?:using|calling|invoking|running|executing|use|call|invoke|run)`;

/** The cross-tool phrases of SCAN-007 (high). */
export const SHADOWING_PHRASES: readonly Phrase[] = [
  {
    pattern: new RegExp(
      String
        .raw`\b(?:when|whenever|before|after|each\s+time)\s+(?:you\s+)?${USING}\s+(?:any|all|every|each|the\s+other|other|another)\s+(?:other\s+)?(?:tools?|functions?|servers?)\b`,
      "gi",
    ),
    severity: "high",
    message: "tells the model what to do when it uses other tools",
  },
  {
    pattern: new RegExp(
      String
        .raw`\b(?:instead\s+of|rather\s+than|in\s+place\s+of)\s+(?:${USING}\s+)?(?:the\s+)?[\w.-]+\s+(?:tool|function|server)\b`,
      "gi",
    ),
    severity: "high",
    message: "tells the model to use this tool in place of another",
  },
  {
    pattern:
      /\b(?:all|every|any)\s+(?:other\s+)?(?:tools?|functions?)\s+(?:must|should|shall|need\s+to|are\s+required\s+to)\b/gi,
    severity: "high",
    message: "sets rules for other tools",
  },
  {
    pattern:
      /\b(?:must|should|always)\s+(?:be\s+)?(?:called|used|run|invoked|call|use|run|invoke)\s+(?:this\s+tool\s+)?(?:first|before\s+(?:any|every|all|each)\b)/gi,
    severity: "high",
    message: "demands to be called before every other tool",
  },
  {
    pattern:
      /\bthe\s+[\w.-]+\s+tool\s+(?:must|should|shall|will)\s+(?:now\s+|also\s+|always\s+|instead\s+)?(?:send|use|forward|redirect|include|add|never|always|be\s+used)\b/gi,
    severity: "high",
    message: "changes how another tool behaves",
  },
];

/** A name that reads as an identifier, not a plain word: `_`, `-`, `.`, a digit or an inner capital. */
export function isIdentifierLike(name: string): boolean {
  return /[_.\-0-9]/.test(name) || /[a-z][A-Z]/.test(name);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * SCAN-007 findings in the prose of `item`: the cross-tool phrases, and every tool name of
 * another scanned server (`foreign`: name -> server) written as an identifier or in backticks.
 */
export function shadowing(
  server: string,
  item: SurfaceItem,
  fields: readonly TextField[],
  foreign: ReadonlyMap<string, string>,
): Finding[] {
  const findings = phraseFindings("SCAN-007", SHADOWING_PHRASES, server, item, fields);
  if (foreign.size === 0) return findings;
  for (const field of fields) {
    if (!field.prose) continue;
    const text = normalizeText(field.text);
    for (const [name, owner] of foreign) {
      const quoted = new RegExp("`" + escapeRegExp(name) + "`");
      const bare = new RegExp(`(?<![\\w.-])${escapeRegExp(name)}(?![\\w-]|\\.\\w)`);
      const match = quoted.exec(text) ?? (isIdentifierLike(name) ? bare.exec(text) : null);
      if (!match) continue;
      findings.push(findingAt(
        server,
        item,
        field.path,
        "SCAN-007",
        "medium",
        `names the tool "${name}" of server "${owner}"`,
        excerpt(text, match.index, match.index + match[0].length),
      ));
    }
  }
  return findings;
}
