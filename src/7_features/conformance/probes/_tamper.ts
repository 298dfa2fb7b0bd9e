/** @module Alters an opaque requestState the way an attacker would: edit its JSON payload when one can be read, else change one character. */

/** A forged state and how it was made (for details). */
export interface Tampered {
  readonly state: string;
  readonly how: string;
}

const FIELD = "mcptest-tampered";

/**
 * A state that differs from `state` in a way only an integrity check can catch: a field added to a
 * JSON payload (plain JSON, base64/base64url JSON, or one such segment of a dotted token, the
 * other segments such as a signature kept), else one character of the middle changed within its
 * own class (digit for digit, letter for letter), so the encoding still parses.
 */
export function tamper(state: string): Tampered {
  const json = editJson(state);
  if (json !== undefined) return { state: json, how: "a field added to its JSON" };
  const segments = state.split(".");
  for (const [index, segment] of segments.entries()) {
    const edited = editEncoded(segment);
    if (edited === undefined) continue;
    const forged = segments.with(index, edited).join(".");
    const where = segments.length > 1 ? ` (segment ${index + 1} of ${segments.length})` : "";
    return { state: forged, how: `a field added to its base64 JSON payload${where}` };
  }
  return { state: flipMiddle(state), how: "one character changed" };
}

function editJson(text: string): string | undefined {
  const value = parseObject(text);
  return value === undefined ? undefined : JSON.stringify({ ...value, [FIELD]: true });
}

/** A base64 or base64url segment whose bytes are a JSON object, edited and re-encoded alike. */
function editEncoded(segment: string): string | undefined {
  if (segment.length < 4 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(segment)) return undefined;
  const url = /[-_]/.test(segment) || !segment.endsWith("=") && segment.length % 4 !== 0;
  const edited = editJson(decode(segment) ?? "");
  if (edited === undefined) return undefined;
  const encoded = encode(edited);
  if (!url) return encoded;
  return encoded.replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function decode(segment: string): string | undefined {
  const standard = segment.replaceAll("-", "+").replaceAll("_", "/");
  const padded = standard + "=".repeat((4 - standard.length % 4) % 4);
  try {
    const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

function encode(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function parseObject(text: string): Record<string, unknown> | undefined {
  if (!text.trimStart().startsWith("{")) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? value as Record<string, unknown>
      : undefined;
  } catch {
    return undefined;
  }
}

/** Change the middle character to another of its class (a state of one character gets a suffix). */
function flipMiddle(state: string): string {
  if (state.length === 0) return "x";
  const at = Math.floor(state.length / 2);
  const char = state[at]!;
  const swap = /[0-9]/.test(char)
    ? char === "0" ? "1" : "0"
    : /[a-z]/.test(char)
    ? char === "a" ? "b" : "a"
    : /[A-Z]/.test(char)
    ? char === "A" ? "B" : "A"
    : char === "x"
    ? "y"
    : "x";
  return state.slice(0, at) + swap + state.slice(at + 1);
}
