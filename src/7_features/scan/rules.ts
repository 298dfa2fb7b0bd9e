/** @module The scan rules: id, name, the highest severity each can give, what it looks for, and its false-positive stance. */

import type { ScanSeverity } from "./types.ts";

/** One rule of the scan (docs/scan.md lists them with examples). */
export interface ScanRule {
  /** `SCAN-001`. */
  readonly id: string;
  /** A short kebab-case name (`hidden-characters`). */
  readonly name: string;
  /** The highest severity a finding of this rule can have (its SARIF default level). */
  readonly severity: ScanSeverity;
  /** What it looks for, in one sentence. */
  readonly summary: string;
  /** When it stays silent on purpose: its false-positive stance. */
  readonly stance: string;
}

/** Every rule, in id order. */
export const SCAN_RULES: readonly ScanRule[] = [
  {
    id: "SCAN-001",
    name: "hidden-characters",
    severity: "high",
    summary:
      "invisible or terminal-altering characters in any name, title, description or schema " +
      "text: Unicode tag characters, bidi overrides and isolates, control characters (high); " +
      "zero-width characters, soft hyphens, invisible operators and variation-selector runs (medium)",
    stance:
      "tab, newline and carriage return are text; a zero-width joiner or non-joiner next to " +
      "an emoji or a letter of a non-Latin script, and one variation selector after a character, " +
      "are how those scripts and emoji are written, so they are not reported",
  },
  {
    id: "SCAN-002",
    name: "model-instructions",
    severity: "high",
    summary: "text aimed at the model rather than at describing the item: pseudo tags such as " +
      "<IMPORTANT> or <SYSTEM>, chat-template markers, orders to ignore earlier instructions, " +
      "orders to keep something from the user",
    stance: 'ordinary second-person guidance ("use this tool when", "you should", ' +
      '"IMPORTANT:" as a word) is how good descriptions read and is never reported; only the ' +
      "tags, the override phrases and the concealment phrases are",
  },
  {
    id: "SCAN-003",
    name: "sensitive-files",
    severity: "high",
    summary: "a request for secrets or local files: SSH keys, .env files, cloud and package " +
      "credentials, shell history, other MCP clients' config files (high when an instruction " +
      "verb such as read, send or include is in the same sentence, medium for a bare mention); " +
      "a request to read, send or include a password, token or private key (medium)",
    stance: 'a parameter that merely is a password or token ("the user\'s password") is not ' +
      "reported: only an instruction to fetch or pass one on is",
  },
  {
    id: "SCAN-004",
    name: "exfiltration-instruction",
    severity: "high",
    summary: "an instruction to send data somewhere: a send/post/upload/forward verb with a " +
      "literal URL or e-mail address as destination (high), or with a webhook, endpoint or " +
      "server as destination, or an order to pass contents along in a side parameter (medium)",
    stance: 'a send verb alone ("sends an email to the given address") is not reported: a ' +
      "destination written into the description is",
  },
  {
    id: "SCAN-005",
    name: "url-in-text",
    severity: "low",
    summary: "a URL in a description or title, a place a model reads as guidance",
    stance: "links to documentation are common and harmless, so this is low (never fails under " +
      "the default --fail-on high); it exists so a reviewer sees every destination",
  },
  {
    id: "SCAN-006",
    name: "encoded-blob",
    severity: "high",
    summary: "a base64 or hex run of 40+ characters in text a model reads: high when it decodes " +
      "to readable text (a hidden message, shown decoded), low otherwise (a hash or an id)",
    stance: "hashes, keys and ids that decode to no text are low; words, paths and numbers are " +
      "not blobs (a base64 run needs upper case, lower case and a digit)",
  },
  {
    id: "SCAN-007",
    name: "tool-shadowing",
    severity: "high",
    summary: 'a description that tells the model how to use other tools ("before using any ' +
      'other tool", "instead of the send_email tool", "all tools must") (high), or names ' +
      "a tool of another scanned server (medium)",
    stance: 'naming a tool of the same server is normal ("use read_text_file instead"); a ' +
      "name of another server counts only when it looks like an identifier (it has _ - . a " +
      "digit or an inner capital) or is in backticks, so a plain word like search is no match",
  },
  {
    id: "SCAN-008",
    name: "name-collision",
    severity: "medium",
    summary: "the same tool or prompt name on two scanned servers: a client that merges them " +
      "calls one of the two (medium when the definitions differ, low when they are identical)",
    stance: "the same server scanned twice (identical definitions) is low",
  },
  {
    id: "SCAN-009",
    name: "near-duplicate-name",
    severity: "high",
    summary: "tool or prompt names on two servers that differ only by lookalike characters " +
      "(high: a homoglyph), by case or separators (send_email, send-email, sendEmail: medium), " +
      "or by one edit (low)",
    stance: "names under 6 characters are not compared by edit distance (get/set, add/sub)",
  },
  {
    id: "SCAN-010",
    name: "annotation-contradiction",
    severity: "high",
    summary: "annotations that contradict the tool's name: a destructive verb (delete, remove, " +
      "drop, purge, wipe, ...) marked readOnlyHint (high) or destructiveHint: false (medium), " +
      "a write verb (write, create, send, update, ...) marked readOnlyHint (medium)",
    stance: "only the verb of the name counts, its first or last word (undelete_file and " +
      "list_deleted_items are no match); a " +
      "tool without annotations is never reported (the spec's defaults are already the " +
      "cautious ones)",
  },
  {
    id: "SCAN-011",
    name: "pin-changed",
    severity: "high",
    summary: "the surface differs from the one pinned in the lock file: a tool, prompt or " +
      "resource template changed or appeared (high: a rug pull until reviewed), or disappeared " +
      "(low)",
    stance: "resources (a data listing that changes with the data) are scanned but not pinned; " +
      "only the fields a model reads or calls with are compared (names, titles, descriptions, " +
      "schemas, annotations, arguments, URI templates)",
  },
];

/** The rule with this id. */
export function ruleById(id: string): ScanRule | undefined {
  return SCAN_RULES.find((rule) => rule.id === id);
}
