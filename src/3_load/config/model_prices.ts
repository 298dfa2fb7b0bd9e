/** @module The shipped model price table (USD per million tokens) and cost arithmetic; docs/models.md lists it. */

import type { ModelPrice } from "./agent_types.ts";

/**
 * List prices per million tokens (input, output) of known models, as the providers published
 * them when this table was written. Override any of them in YAML (`providers.<name>.prices`).
 */
export const PRICE_TABLE: Readonly<Record<string, readonly [input: number, output: number]>> = {
  "claude-opus-4-7": [15, 75],
  "claude-opus-4-1": [15, 75],
  "claude-opus-4": [15, 75],
  "claude-sonnet-4-5": [3, 15],
  "claude-sonnet-4": [3, 15],
  "claude-3-7-sonnet": [3, 15],
  "claude-3-5-sonnet": [3, 15],
  "claude-haiku-4-5": [1, 5],
  "claude-3-5-haiku": [0.8, 4],
  "gpt-5": [1.25, 10],
  "gpt-5-mini": [0.25, 2],
  "gpt-5-nano": [0.05, 0.4],
  "gpt-4.1": [2, 8],
  "gpt-4.1-mini": [0.4, 1.6],
  "gpt-4.1-nano": [0.1, 0.4],
  "gpt-4o": [2.5, 10],
  "gpt-4o-mini": [0.15, 0.6],
  "o3": [2, 8],
  "o4-mini": [1.1, 4.4],
  "o3-mini": [1.1, 4.4],
  "gemini-2.5-pro": [1.25, 10],
  "gemini-2.5-flash": [0.3, 2.5],
  "gemini-2.5-flash-lite": [0.1, 0.4],
  "gemini-2.0-flash": [0.1, 0.4],
  "mistral-large-latest": [2, 6],
  "mistral-medium-latest": [0.4, 2],
  "mistral-small-latest": [0.1, 0.3],
  "codestral-latest": [0.3, 0.9],
  "magistral-medium-latest": [2, 5],
  "devstral-medium-latest": [0.4, 2],
};

/**
 * The shipped price of a model: its exact id, else the longest table key it starts with followed
 * by `-` (dated ids: `claude-sonnet-4-5-20250929`), after dropping a `models/` prefix.
 */
export function priceOf(id: string): ModelPrice | undefined {
  const bare = id.replace(/^models\//, "");
  let best: string | undefined;
  for (const key of Object.keys(PRICE_TABLE)) {
    if (bare === key) {
      best = key;
      break;
    }
    if (bare.startsWith(`${key}-`) && (!best || key.length > best.length)) best = key;
  }
  if (!best) return undefined;
  const [input, output] = PRICE_TABLE[best]!;
  return { inputUsdPerMtok: input, outputUsdPerMtok: output };
}

/** The USD cost of a call's usage. */
export function costUsd(price: ModelPrice, usage: { input: number; output: number }): number {
  return (usage.input * price.inputUsdPerMtok + usage.output * price.outputUsdPerMtok) / 1_000_000;
}
