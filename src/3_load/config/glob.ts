/** @module Minimal glob matching for `suites:` entries: `**`, `*`, `?` and `{a,b}` over `/`-separated paths. */

/** Whether `pattern` uses any glob syntax. */
export function isGlob(pattern: string): boolean {
  return /[*?{]/.test(pattern);
}

/**
 * Compile a glob to a RegExp matching whole `/`-separated relative paths. `**` spans directories
 * (`a/**` + `/b` also matches `a/b`), `*` and `?` stay inside one segment, `{x,y}` is alternation.
 */
export function globToRegExp(pattern: string): RegExp {
  let out = "";
  let depth = 0;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i] as string;
    if (ch === "*" && pattern[i + 1] === "*") {
      const slash = pattern[i + 2] === "/";
      out += slash ? "(?:.*/)?" : ".*";
      i += slash ? 2 : 1;
    } else if (ch === "*") out += "[^/]*";
    else if (ch === "?") out += "[^/]";
    else if (ch === "{") {
      out += "(?:";
      depth++;
    } else if (ch === "}" && depth > 0) {
      out += ")";
      depth--;
    } else if (ch === "," && depth > 0) out += "|";
    else out += ch.replace(/[.+^$()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${out}$`);
}

/** The leading directory of a glob that has no glob syntax (where a walk can start). */
export function globBase(pattern: string): string {
  const segments = pattern.split("/");
  const fixed: string[] = [];
  for (const segment of segments.slice(0, -1)) {
    if (isGlob(segment)) break;
    fixed.push(segment);
  }
  return fixed.join("/");
}
