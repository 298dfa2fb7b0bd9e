/** @module The spec sentence each rule rests on, per revision range, and the severity its RFC 2119 keyword sets. */

import { ConfigError, type SourcePos } from "../../0_base/errors/errors.ts";
import type { Citation, RegistryEntry, RuleSeverity } from "./types.ts";
import { CORPUS_VERSIONS } from "./versions.ts";

const KEYWORDS =
  /\b(MUST NOT|MUST|SHALL NOT|SHALL|REQUIRED|SHOULD NOT|SHOULD|NOT RECOMMENDED|RECOMMENDED|MAY|OPTIONAL)\b/g;
const SPEC_URL =
  /^https:\/\/modelcontextprotocol\.io\/specification\/(\d{4}-\d{2}-\d{2}|draft)\/\S*$/;
/**
 * An official extension's own versioned specification (`ext-apps` for MCP Apps): it is dated on
 * its own, applies across core revisions, and so is never newer than a range.
 */
const EXTENSION_SPEC_URL =
  /^https:\/\/github\.com\/modelcontextprotocol\/ext-[a-z0-9-]+\/blob\/main\/specification\/(\d{4}-\d{2}-\d{2}|draft)\/\S+$/;

/** Whether `url` is an official extension's specification page (MCP Apps' `apps.mdx`). */
export function isExtensionSpecUrl(url: string): boolean {
  return EXTENSION_SPEC_URL.test(url);
}

type Raw = Record<string, unknown>;
const isRecord = (v: unknown): v is Raw => typeof v === "object" && v !== null && !Array.isArray(v);

/** The severity an RFC 2119 keyword sets (MUST NOT -> MUST, RECOMMENDED -> SHOULD, OPTIONAL -> MAY). */
export function severityOfKeyword(word: string): RuleSeverity {
  if (word.startsWith("SHOULD") || word.endsWith("RECOMMENDED")) return "SHOULD";
  if (word === "MAY" || word === "OPTIONAL") return "MAY";
  return "MUST";
}

/** The distinct severities the upper-case RFC 2119 keywords of `sentence` set, strongest first. */
export function keywordSeverities(sentence: string): RuleSeverity[] {
  const found = new Set<RuleSeverity>();
  for (const match of sentence.matchAll(KEYWORDS)) found.add(severityOfKeyword(match[1]!));
  return (["MUST", "SHOULD", "MAY"] as const).filter((s) => found.has(s));
}

/**
 * Expand a revision range: `v2025-06-18` (one), `v2024-11-05..v2025-11-25` (inclusive, corpus
 * order), `v2026-07-28..draft`. Undefined when either end is not a corpus version or the range
 * runs backwards.
 */
export function expandRange(range: string): string[] | undefined {
  const [from, to, ...rest] = range.split("..");
  if (from === undefined || rest.length > 0) return undefined;
  const a = CORPUS_VERSIONS.indexOf(from);
  const b = CORPUS_VERSIONS.indexOf(to ?? from);
  if (a < 0 || b < a) return undefined;
  return CORPUS_VERSIONS.slice(a, b + 1);
}

/**
 * Check one `cite:` entry: `{revisions, url, sentence}`; a sentence without an RFC 2119 keyword
 * needs `note:` (why the rule is kept) and sets SHOULD (or `severity: MAY`); a sentence with
 * keywords of several strengths names the one the rule rests on in `keyword:`.
 * @throws {ConfigError} positioned at the citation
 */
export function validateCitation(
  id: string,
  raw: unknown,
  at: (key?: string) => SourcePos,
): Citation {
  if (!isRecord(raw)) {
    throw new ConfigError(`${id}: a cite entry must be {revisions, url, sentence}`, at());
  }
  const text = (key: string): string => citedText(id, raw, key, at);
  const revisions = checkedRevisions(id, text("revisions"), at);
  const url = checkedUrl(id, text("url"), revisions, at);
  const sentence = text("sentence");
  const note = raw.note === undefined ? undefined : text("note");
  const severity = citedSeverity(id, raw, keywordSeverities(sentence), note !== undefined, at);
  return { revisions, url, sentence, severity, ...(note === undefined ? {} : { note }) };
}

/**
 * The non-empty string `key` of a cite entry.
 * @throws {ConfigError} when it is missing, empty or not a string
 */
function citedText(id: string, raw: Raw, key: string, at: (key?: string) => SourcePos): string {
  const value = raw[key];
  if (typeof value !== "string" || value.trim() === "") {
    throw new ConfigError(`${id}: cite needs a non-empty string ${key}`, at(key));
  }
  return value;
}

/**
 * `revisions`, when it is a corpus version or a range of them.
 * @throws {ConfigError} otherwise, listing the versions
 */
function checkedRevisions(id: string, revisions: string, at: (key?: string) => SourcePos): string {
  if (expandRange(revisions)) return revisions;
  throw new ConfigError(
    `${id}: cite revisions "${revisions}" must be a corpus version or FROM..TO of: ${
      CORPUS_VERSIONS.join(", ")
    }`,
    at("revisions"),
  );
}

/**
 * `url`, when it is a spec page no newer than the oldest revision of `revisions`.
 * @throws {ConfigError} otherwise
 */
function checkedUrl(
  id: string,
  url: string,
  revisions: string,
  at: (key?: string) => SourcePos,
): string {
  if (!SPEC_URL.test(url) && !isExtensionSpecUrl(url)) {
    throw new ConfigError(
      `${id}: cite url "${url}" must be https://modelcontextprotocol.io/specification/<revision>/... ` +
        "(or an official extension's https://github.com/modelcontextprotocol/ext-<name>/blob/main/specification/<date>/...)",
      at("url"),
    );
  }
  const newer = urlNewerThanRange(url, revisions);
  if (newer) throw new ConfigError(`${id}: ${newer}`, at("url"));
  return url;
}

/**
 * The severity a citation sets: its sentence's keyword (`keyword:` picks among several); for a
 * sentence without one (`found` empty), `severity:` (SHOULD or MAY, default SHOULD), which needs
 * a `note:`.
 * @throws {ConfigError} a `severity:` beside a keyword, a missing `keyword:` or `note:`, a
 *   severity stronger than SHOULD without a keyword
 */
function citedSeverity(
  id: string,
  raw: Raw,
  found: readonly RuleSeverity[],
  hasNote: boolean,
  at: (key?: string) => SourcePos,
): RuleSeverity {
  if (found.length === 0) return severityWithoutKeyword(id, raw, hasNote, at);
  if (raw.severity !== undefined) {
    throw new ConfigError(
      `${id}: severity comes from the sentence's keyword (${found.join(", ")}); remove severity:`,
      at("severity"),
    );
  }
  if (found.length === 1) return found[0]!;
  const keyword = raw.keyword;
  if (typeof keyword !== "string" || !found.includes(keyword as RuleSeverity)) {
    throw new ConfigError(
      `${id}: the sentence has keywords of several strengths (${found.join(", ")}); name the ` +
        "one the rule rests on with keyword:",
      at("keyword"),
    );
  }
  return keyword as RuleSeverity;
}

/**
 * The severity of a citation whose sentence has no RFC 2119 keyword.
 * @throws {ConfigError} no `note:`, or a `severity:` other than SHOULD or MAY
 */
function severityWithoutKeyword(
  id: string,
  raw: Raw,
  hasNote: boolean,
  at: (key?: string) => SourcePos,
): RuleSeverity {
  if (!hasNote) {
    throw new ConfigError(
      `${id}: the cited sentence has no RFC 2119 keyword; add note: saying why the rule is ` +
        "kept (it is then at most SHOULD)",
      at("sentence"),
    );
  }
  const severity = raw.severity ?? "SHOULD";
  if (severity !== "SHOULD" && severity !== "MAY") {
    throw new ConfigError(
      `${id}: a sentence without an RFC 2119 keyword supports at most SHOULD, got ${
        JSON.stringify(severity)
      }`,
      at("severity"),
    );
  }
  return severity;
}

/** The revision a spec URL names: `2025-11-25`, or `draft`. */
export function revisionOfSpecUrl(url: string): string | undefined {
  return SPEC_URL.exec(url)?.[1];
}

/**
 * Whether spec revision `a` (`2025-11-25`, `draft`; a corpus version's `v` is dropped) is newer
 * than `b`: dated revisions in date order, `draft` newest.
 */
export function isNewerRevision(a: string, b: string): boolean {
  const key = (r: string) => r.replace(/^v/, "") === "draft" ? "9999" : r.replace(/^v/, "");
  return key(a) > key(b);
}

/**
 * Why a cite's `url` cannot serve every revision of its range, or undefined when it can. A verdict
 * links to the page of the revision it judged, or of an older revision with the same sentence,
 * never a newer one: so the page's revision must not be newer than the oldest of the range (which
 * also keeps it within the newest).
 */
export function urlNewerThanRange(url: string, revisions: string): string | undefined {
  const page = revisionOfSpecUrl(url);
  const range = expandRange(revisions);
  const oldest = range?.[0];
  if (page === undefined || oldest === undefined || !isNewerRevision(page, oldest)) {
    return undefined;
  }
  const where = range!.length > 1 ? `, the oldest revision of "${revisions}"` : "";
  return `cite url names revision ${page}, newer than ${oldest}${where}: a verdict must link ` +
    `to a page of the revision it judged or an older one with the same sentence; cite the ` +
    `${oldest.replace(/^v/, "")} page, or split the range`;
}

/**
 * The spec page a verdict in corpus version `version` links to: the url of the citation whose
 * range holds `version` (its page is never newer than `version`); the entry's `spec_url` when no
 * citation covers it (a retired rule).
 */
export function specUrlIn(entry: RegistryEntry, version: string): string {
  return citationFor(entry.cite, version)?.url ?? entry.spec_url;
}

/** The citation that covers corpus version `version`, if any. */
export function citationFor(
  cites: readonly Citation[] | undefined,
  version: string,
): Citation | undefined {
  return cites?.find((c) => expandRange(c.revisions)?.includes(version));
}

/**
 * The severity and per-revision overrides the citations set: the newest revision's severity is the
 * default, every other revision whose severity differs is an override.
 */
export function severitiesOfCitations(
  cites: readonly Citation[],
): { severity: RuleSeverity; severities?: Record<string, RuleSeverity> } {
  const per: Record<string, RuleSeverity> = {};
  for (const cite of cites) {
    for (const version of expandRange(cite.revisions) ?? []) per[version] = cite.severity;
  }
  const newest = [...CORPUS_VERSIONS].reverse().find((v) => per[v] !== undefined);
  const severity = per[newest!]!;
  const overrides = Object.fromEntries(Object.entries(per).filter(([, s]) => s !== severity));
  return Object.keys(overrides).length > 0 ? { severity, severities: overrides } : { severity };
}

/** Problems of a rule's citation coverage: overlapping ranges, and revisions the rule runs in with no sentence. */
export function coverageProblems(
  id: string,
  cites: readonly Citation[],
  presentIn: readonly string[],
): string[] {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  for (const cite of cites) {
    for (const version of expandRange(cite.revisions) ?? []) {
      const other = seen.get(version);
      if (other !== undefined) {
        problems.push(`${id}: ${version} is cited twice (${other} and ${cite.revisions})`);
      }
      seen.set(version, cite.revisions);
    }
  }
  for (const version of presentIn) {
    if (!seen.has(version)) {
      problems.push(`${id}: no cited spec sentence for ${version}, where the rule runs`);
    }
  }
  return problems;
}
