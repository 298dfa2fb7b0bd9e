/** @module `WWW-Authenticate` challenges (RFC 9110 section 11.6.1) as data: each scheme with its parameters, the DPoP one (RFC 9449) found by name. */

/** One challenge: its scheme (lower-cased) and parameters (names lower-cased). */
export interface Challenge {
  readonly scheme: string;
  readonly params: Readonly<Record<string, string>>;
}

const TOKEN = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;

/** Split on commas outside quoted strings. */
function splitOutsideQuotes(header: string): string[] {
  const parts: string[] = [];
  let current = "";
  let quoted = false;
  for (let i = 0; i < header.length; i++) {
    const char = header[i]!;
    if (quoted && char === "\\" && i + 1 < header.length) {
      current += char + header[++i];
      continue;
    }
    if (char === '"') quoted = !quoted;
    if (char === "," && !quoted) {
      parts.push(current);
      current = "";
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts.map((part) => part.trim()).filter((part) => part !== "");
}

/** `name=value` (token or quoted string), or undefined. */
function param(text: string): [string, string] | undefined {
  const at = text.indexOf("=");
  if (at <= 0) return undefined;
  const name = text.slice(0, at).trim();
  let value = text.slice(at + 1).trim();
  if (!TOKEN.test(name)) return undefined;
  if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) {
    value = value.slice(1, -1).replace(/\\(.)/g, "$1");
  }
  return [name.toLowerCase(), value];
}

/**
 * Every challenge of a `WWW-Authenticate` value, in order: `Bearer realm="x", DPoP algs="ES256"`
 * gives `bearer` and `dpop`. A part that is neither a scheme nor a parameter is skipped.
 */
export function parseChallenges(header: string | undefined): Challenge[] {
  const challenges: Array<{ scheme: string; params: Record<string, string> }> = [];
  for (const part of splitOutsideQuotes(header ?? "")) {
    const scheme = /^([A-Za-z0-9!#$%&'*+.^_`|~-]+)(?:\s+(.*))?$/s.exec(part);
    if (scheme && !/^[^\s=]+\s*=/.test(part)) {
      const entry = { scheme: scheme[1]!.toLowerCase(), params: {} as Record<string, string> };
      challenges.push(entry);
      const first = scheme[2] === undefined ? undefined : param(scheme[2]);
      if (first) entry.params[first[0]] = first[1];
      continue;
    }
    const pair = param(part);
    const current = challenges.at(-1);
    if (pair && current) current.params[pair[0]] = pair[1];
  }
  return challenges;
}

/** The `DPoP` challenge of a header value, if any. */
export function dpopChallenge(header: string | undefined): Challenge | undefined {
  return parseChallenges(header).find((challenge) => challenge.scheme === "dpop");
}

/** `resource_metadata="..."` of a `WWW-Authenticate: Bearer ...` challenge, if any. */
export function resourceMetadataOf(challenge: string | null): string | undefined {
  if (!challenge) return undefined;
  const match = /(?:^|[\s,])resource_metadata\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/i.exec(
    challenge,
  );
  const value = match?.[1]?.replace(/\\(.)/g, "$1") ?? match?.[2];
  return value === undefined || value === "" ? undefined : value;
}
