/** @module The response token estimate behind `max_response_tokens`. */

/**
 * Estimate the tokens of a response: one token per 4 UTF-8 bytes of the raw JSON-RPC response
 * text, rounded up. It is the common rule of thumb for English text and JSON with BPE tokenizers
 * (about 4 bytes a token); it is deterministic, needs no model, and is documented in docs/yaml-reference.md.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(new TextEncoder().encode(text).length / 4);
}
