/** @module SCAN-002: text aimed at the model: pseudo tags, chat-template markers, overrides, concealment from the user. */

import { type Phrase, phraseFindings } from "./_phrases.ts";
import type { TextField } from "./text_fields.ts";
import type { Finding, SurfaceItem } from "./types.ts";

const TAGS = "important|system|sys|instructions?|secret|hidden|admin|override|critical|" +
  "system[-_ ]?prompt|assistant[-_]?instructions?|ai[-_]?instructions?|note[-_]to[-_](?:ai|model|assistant)";

/** The patterns of SCAN-002. */
export const MODEL_INSTRUCTION_PHRASES: readonly Phrase[] = [
  {
    pattern: new RegExp(`<\\s*\\/?\\s*(?:${TAGS})\\s*(?:\\s[^<>]*)?>`, "gi"),
    severity: "high",
    message: "a pseudo tag that addresses the model (like <IMPORTANT>)",
  },
  {
    pattern: /<\|(?:im_start|im_end|system|endoftext)\|>|\[\/?INST\]|<<\/?SYS>>/gi,
    severity: "high",
    message: "a chat-template marker (a forged turn of the conversation)",
  },
  {
    pattern:
      /\b(?:ignore|disregard|forget|override|bypass)\s+(?:(?:all|any|the|your|of|these)\s+)*(?:previous|prior|above|earlier|preceding|former|original|system|other)\s+(?:instructions?|prompts?|rules|directions|directives|guidelines|messages|context)\b/gi,
    severity: "high",
    message: "an order to ignore earlier instructions",
  },
  {
    pattern:
      /\b(?:do\s+not|don'?t|never|must\s+not|should\s+not|shall\s+not)\s+(?:ever\s+)?(?:tell|inform|notify|mention|reveal|show|disclose|alert|warn|explain)\b[^.\n]{0,40}?\b(?:the\s+)?(?:user|human|operator)s?\b/gi,
    severity: "high",
    message: "an order to keep something from the user",
  },
  {
    pattern:
      /\bwithout\s+(?:telling|informing|notifying|alerting|asking|warning)\s+(?:the\s+)?(?:user|human|operator)s?\b/gi,
    severity: "high",
    message: "an order to act without the user knowing",
  },
  {
    pattern:
      /\b(?:hide|conceal|keep)\s+(?:this|it|that|these)\s+(?:secret\s+)?from\s+(?:the\s+)?(?:user|human|operator)s?\b|\bthe\s+(?:user|human)\s+(?:must|should|shall)\s+not\s+(?:know|see|notice|be\s+told)\b/gi,
    severity: "high",
    message: "an order to keep something from the user",
  },
  {
    pattern: /\byou\s+are\s+now\s+(?:a|an|in|the)\b|\bnew\s+(?:system\s+)?instructions?\s*:/gi,
    severity: "high",
    message: "an attempt to give the model a new role or new instructions",
  },
];

/** SCAN-002 findings in the prose of `item`. */
export function modelInstructions(
  server: string,
  item: SurfaceItem,
  fields: readonly TextField[],
): Finding[] {
  return phraseFindings("SCAN-002", MODEL_INSTRUCTION_PHRASES, server, item, fields);
}
