/** @module SCAN-004 (send-to instructions), SCAN-005 (URLs) and SCAN-006 (encoded blobs) in the prose of an item. */

import { findingAt } from "./_finding.ts";
import { type Phrase, phraseFindings } from "./_phrases.ts";
import { excerpt, normalizeText, visible } from "./evidence.ts";
import type { TextField } from "./text_fields.ts";
import type { Finding, ScanSeverity, SurfaceItem } from "./types.ts";

/** RFC 2606 example domains and loopback: an example in a description is not a destination. */
const EXAMPLE_HOST = String
  .raw`(?!(?:[\w-]+\.)*example\.(?:com|org|net)\b|[\w.-]*\.(?:example|test|invalid|localhost)\b|localhost\b|127\.0\.0\.1\b)`;

const SEND = String
  .raw`\b(?:send|sends|post|posts|upload|uploads|forward|forwards|transmit|transmits|exfiltrate|leak|email|mail|report|relay|sync|beacon|copy|submit)\b`;

/** The patterns of SCAN-004. */
export const EXFILTRATION_PHRASES: readonly Phrase[] = [
  {
    pattern: new RegExp(
      String
        .raw`${SEND}[^.\n]{0,80}?\b(?:to|at|via|into)\s+(?:(?:https?|wss?|ftp):\/\/${EXAMPLE_HOST}|[\w.+-]+@${EXAMPLE_HOST}[\w-]+\.[\w.-]+)`,
      "gi",
    ),
    severity: "high",
    message: "an instruction to send data to a destination written into the text",
  },
  {
    pattern: new RegExp(
      String
        .raw`${SEND}[^.\n]{0,80}?\b(?:to|at|via)\s+(?:(?:the|this|our|a|an)\s+)?(?:following\s+|remote\s+|external\s+)?(?:webhook|endpoint|server|collector|address)\b`,
      "gi",
    ),
    severity: "medium",
    message: "an instruction to send data to a webhook, endpoint or server",
  },
  {
    pattern:
      /\b(?:pass|put|include|add|append|embed|encode)\s+(?:(?:its|the|their|this|that|all|full|entire|complete)\s+)+(?:content|contents|text|output|result|data|value)s?\s+(?:as|in|into|inside)\s+(?:the\s+)?(?:a\s+)?[`'"]?\w+[`'"]?\s+(?:parameter|argument|field|param)\b/gi,
    severity: "medium",
    message: "an order to pass contents along in a side parameter",
  },
];

/** SCAN-004 findings in the prose of `item`. */
export function exfiltration(server: string, item: SurfaceItem, fields: readonly TextField[]) {
  return phraseFindings("SCAN-004", EXFILTRATION_PHRASES, server, item, fields);
}

const URL_PATTERN = /\b(?:https?|wss?|ftp):\/\/[^\s<>"'`)\]]+/gi;

/** SCAN-005: every URL in prose (low), one finding per field. */
export function urlsInText(server: string, item: SurfaceItem, fields: readonly TextField[]) {
  const findings: Finding[] = [];
  for (const field of fields) {
    if (!field.prose) continue;
    const text = normalizeText(field.text);
    const urls = [...text.matchAll(URL_PATTERN)];
    if (urls.length === 0) continue;
    const first = urls[0]!;
    const more = urls.length > 1 ? ` (and ${urls.length - 1} more)` : "";
    findings.push(findingAt(
      server,
      item,
      field.path,
      "SCAN-005",
      "low",
      `a URL in text the model reads${more}`,
      excerpt(text, first.index, first.index + first[0].length),
    ));
  }
  return findings;
}

const BASE64_RUN = /[A-Za-z0-9+/_-]{40,}={0,2}/g;
const HEX_RUN = /\b(?:0x)?[0-9a-fA-F]{40,}\b/g;

/** The text a blob decodes to when most of it is printable, else undefined. */
export function decodedText(blob: string): string | undefined {
  let bytes: Uint8Array;
  try {
    if (/^(?:0x)?[0-9a-fA-F]+$/.test(blob)) {
      const hex = blob.replace(/^0x/, "");
      if (hex.length % 2 !== 0) return undefined;
      bytes = new Uint8Array(hex.match(/../g)!.map((b) => parseInt(b, 16)));
    } else {
      const std = blob.replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, "");
      const padded = std + "=".repeat((4 - std.length % 4) % 4);
      bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
    }
  } catch {
    return undefined;
  }
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  const printable = [...text].filter((c) => /[\p{L}\p{N}\p{P}\p{Zs}\n\t]/u.test(c)).length;
  const letters = [...text].filter((c) => /\p{L}/u.test(c)).length;
  const chars = [...text].length;
  return chars > 0 && printable / chars >= 0.9 && letters / chars >= 0.5 ? text : undefined;
}

/** A base64 run needs upper case, lower case and a digit (words and paths are not blobs). */
function isBlob(run: string): boolean {
  if (/^(?:0x)?[0-9a-fA-F]+$/.test(run)) return true;
  return /[A-Z]/.test(run) && /[a-z]/.test(run) && /[0-9]/.test(run);
}

/** SCAN-006: base64 or hex runs in prose; high when they decode to readable text. */
export function encodedBlobs(server: string, item: SurfaceItem, fields: readonly TextField[]) {
  const findings: Finding[] = [];
  for (const field of fields) {
    if (!field.prose) continue;
    const text = normalizeText(field.text);
    const runs = [...text.matchAll(HEX_RUN), ...text.matchAll(BASE64_RUN)]
      .filter((m) => isBlob(m[0]));
    if (runs.length === 0) continue;
    const decoded = runs.map((m) => ({ m, text: decodedText(m[0]) }));
    const readable = decoded.find((d) => d.text !== undefined);
    const chosen = readable ?? decoded[0]!;
    const severity: ScanSeverity = readable ? "high" : "low";
    const message = readable
      ? `an encoded blob that decodes to text: "${visible(readable.text!.slice(0, 200))}"`
      : "an encoded blob (base64 or hex) that decodes to no text";
    findings.push(findingAt(
      server,
      item,
      field.path,
      "SCAN-006",
      severity,
      message,
      excerpt(text, chosen.m.index, chosen.m.index + chosen.m[0].length),
    ));
  }
  return findings;
}
