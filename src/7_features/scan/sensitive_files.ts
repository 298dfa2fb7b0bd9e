/** @module SCAN-003: requests for secrets or local files (SSH keys, .env, credentials, other clients' MCP config). */

import { type Phrase, phraseFindings } from "./_phrases.ts";
import type { TextField } from "./text_fields.ts";
import type { Finding, ScanSeverity, SurfaceItem } from "./types.ts";

/** Files that hold secrets, and other MCP clients' config files. */
const SENSITIVE_PATHS = [
  String.raw`~?\/?\.ssh\b`,
  String.raw`\bid_(?:rsa|dsa|ecdsa|ed25519)\b`,
  String.raw`\bauthorized_keys\b`,
  String.raw`(?<![\w.])\.env(?:\.[a-z]+)?\b`,
  String.raw`\.aws\/(?:credentials|config)\b`,
  String.raw`\.(?:netrc|npmrc|pypirc|pgpass|git-credentials)\b`,
  String.raw`\.docker\/config\.json\b`,
  String.raw`\.kube\/config\b`,
  String.raw`\.gnupg\b`,
  String.raw`\.config\/gcloud\b`,
  String.raw`\/etc\/(?:passwd|shadow|sudoers)\b`,
  String.raw`\.(?:bash|zsh)_history\b`,
  String.raw`\bwallet\.dat\b`,
  String.raw`\bclaude_desktop_config\.json\b`,
  String.raw`\.claude\.json\b`,
  String.raw`\.cursor\/mcp\.json\b`,
  String.raw`\.vscode\/mcp\.json\b`,
  String.raw`\bmcp_config\.json\b`,
  String.raw`\bcline_mcp_settings\.json\b`,
  String.raw`(?<![\w.-])mcp\.json\b`,
];

/** Verbs that turn a mention into an instruction. */
const INSTRUCTION =
  /\b(?:read|open|cat|load|include|pass|send|attach|provide|upload|copy|append|add|extract|collect|retrieve|fetch|get|grab|share|paste|forward|give)\b/i;

/** High when the sentence also holds an instruction verb; medium for a bare mention. */
function graded(sentence: string): ScanSeverity {
  return INSTRUCTION.test(sentence) ? "high" : "medium";
}

/** The patterns of SCAN-003. */
export const SENSITIVE_PHRASES: readonly Phrase[] = [
  {
    pattern: new RegExp(SENSITIVE_PATHS.join("|"), "gi"),
    severity: graded,
    message: "names a file that holds secrets or another client's MCP config",
  },
  {
    pattern:
      /\b(?:read|send|include|pass|provide|share|extract|collect|retrieve|upload|attach|copy|paste|forward)\s+(?:(?:the|your|their|all|any|user'?s?|its)\s+)*(?:private\s+keys?|ssh\s+keys?|api\s+keys?|access\s+tokens?|auth(?:entication)?\s+tokens?|session\s+(?:tokens?|cookies?)|passwords?|secret\s+keys?|credentials|seed\s+phrases?|mnemonics?|environment\s+variables)\b/gi,
    severity: "medium",
    message: "asks for a secret to be read or passed on",
  },
];

/** SCAN-003 findings in the prose of `item`. */
export function sensitiveFiles(
  server: string,
  item: SurfaceItem,
  fields: readonly TextField[],
): Finding[] {
  return phraseFindings("SCAN-003", SENSITIVE_PHRASES, server, item, fields);
}
