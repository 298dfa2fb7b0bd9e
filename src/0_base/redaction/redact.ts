/** @module Hides resolved secret values inside free text (every form, all lengths). */

import { createRedactor, redactJson } from "./redactor.ts";

/** The mark that replaces these secrets (`[REDACTED]` unless a one-letter secret could touch it). */
export function redactionMark(secrets: readonly string[]): string {
  return createRedactor(secrets).mark;
}

/** Replace every form of every secret in free `text` (all lengths, one letter included). */
export function redactText(text: string, secrets: readonly string[]): string {
  return createRedactor(secrets).text(text);
}

/**
 * Deep-copy plain JSON with the secrets hidden inside its string values; with `keys: "data"` (a
 * snapshot, a server's result) also inside its keys, protocol vocabulary excepted; by default a
 * document's keys are its structure and stay. Numbers and the shape are kept.
 */
export function redactJsonValue<T>(
  value: T,
  secrets: readonly string[],
  options: { readonly keys?: "structure" | "data" } = {},
): T {
  const redactor = createRedactor(secrets);
  if (!redactor.active) return value;
  const keys = options.keys === "data";
  return redactJson(value, redactor, () => undefined, () => keys) as T;
}
