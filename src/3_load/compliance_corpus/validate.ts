/** @module Validation of the corpus YAML: registry entries and per-revision rules (ids, probes, matchers, URLs). */

import { ConfigError, type SourcePos } from "../../0_base/errors/errors.ts";
import { compileMatcher } from "../../1_matchers/registry.ts";
import { parseTarget } from "../../1_matchers/target_path.ts";
import type { PositionLookup } from "../../0_base/yaml/yaml_source.ts";
import { citationFor, severitiesOfCitations, validateCitation } from "./citations.ts";
import type {
  Citation,
  RegistryEntry,
  RuleExpectation,
  RuleProbe,
  RuleSeverity,
  RuleSpec,
} from "./types.ts";
import { CORPUS_VERSIONS } from "./versions.ts";

/** Area prefixes of seed 004 section 7. */
export const AREAS: readonly string[] = [
  "PROTO",
  "SCHEMA",
  "SEQ",
  "TOOL",
  "RES",
  "PROMPT",
  "AUTH",
  "TRANSPORT",
  "HEADER",
  "REPLAY",
  "EDGE",
  "ELICIT",
  "COMPL",
  "RESTPL",
  "PROG",
  "ROOTS",
  "SAMPLE",
  "COMPAT",
  "APPS",
];
/** Probe kinds the engine implements. */
export const PROBE_KINDS: readonly string[] = [
  "handshake",
  "request",
  "notification",
  "raw",
  "fresh",
  "http",
  "client_capability",
  "ui_resources",
];
/** The client capabilities a `client_capability` probe exercises. */
const CLIENT_CAPABILITIES: readonly string[] = ["sampling", "elicitation", "roots"];
const HTTP_METHODS: readonly string[] = ["GET", "POST", "DELETE", "OPTIONS"];
const PICK_TRANSFORMS: readonly string[] = ["argument_values", "required_names"];
const REQUIREMENTS: readonly string[] = ["authorization", "response"];
const SPEC_URL =
  /^https:\/\/modelcontextprotocol\.io\/specification\/(\d{4}-\d{2}-\d{2}|draft)\/\S*$/;
const ID = /^([A-Z]+)-(\d{3})$/;

type Raw = Record<string, unknown>;
const isRecord = (v: unknown): v is Raw => typeof v === "object" && v !== null && !Array.isArray(v);

/** The url of the citation that covers the newest revision. */
function newestUrl(cites: readonly Citation[]): string {
  for (const version of [...CORPUS_VERSIONS].reverse()) {
    const cite = citationFor(cites, version);
    if (cite) return cite.url;
  }
  return cites[0]!.url;
}

/**
 * Check one registry entry: an active rule needs `cite:` (severity and spec_url follow from it); a
 * retired one (`deprecated:`) keeps its last `severity` and `spec_url`.
 * @throws {ConfigError} positioned at the offending field
 */
export function validateEntry(
  raw: unknown,
  at: (key?: string) => SourcePos,
  atPath?: (path: readonly (string | number)[]) => SourcePos,
): RegistryEntry {
  if (!isRecord(raw)) throw new ConfigError("registry entry must be a mapping", at());
  const { id, area } = idAndArea(raw, at);
  const title = str(raw, "title", at);
  const metadata = raw.cite !== undefined
    ? citedMetadata(id, raw, at, atPath)
    : retiredMetadata(id, raw, at);
  return {
    id,
    title,
    area,
    ...metadata,
    ...(raw.capability === undefined ? {} : { capability: str(raw, "capability", at) }),
    ...(raw.deprecated === undefined ? {} : { deprecated: deprecationOf(raw.deprecated, at) }),
  };
}

/**
 * The entry's `id` (PREFIX-NNN with a known prefix) and its `area` (the same prefix).
 * @throws {ConfigError} either is malformed, or they disagree
 */
function idAndArea(raw: Raw, at: (key?: string) => SourcePos): { id: string; area: string } {
  const id = str(raw, "id", at);
  const match = ID.exec(id);
  if (!match || !AREAS.includes(match[1]!)) {
    throw new ConfigError(
      `rule id "${id}" must be PREFIX-NNN with a prefix of: ${AREAS.join(", ")}`,
      at("id"),
    );
  }
  const area = str(raw, "area", at);
  if (area !== match[1]) {
    throw new ConfigError(`area "${area}" does not match the id prefix ${match[1]}`, at("area"));
  }
  return { id, area };
}

/** What an active rule's `cite:` sets: severity (and overrides) and spec_url, from its citations. */
type EntryMetadata = Pick<RegistryEntry, "severity" | "spec_url" | "cite" | "severities">;

/**
 * An active rule's metadata, derived from its `cite:` list.
 * @throws {ConfigError} a `severity`, `severities` or `spec_url` written beside it, an empty list,
 *   a bad citation
 */
function citedMetadata(
  id: string,
  raw: Raw,
  at: (key?: string) => SourcePos,
  atPath?: (path: readonly (string | number)[]) => SourcePos,
): EntryMetadata {
  for (const key of ["severity", "severities", "spec_url"]) {
    if (raw[key] !== undefined) {
      throw new ConfigError(
        `${id}: ${key} comes from the cited sentences (cite:); remove ${key}:`,
        at(key),
      );
    }
  }
  if (!Array.isArray(raw.cite) || raw.cite.length === 0) {
    throw new ConfigError(`${id}: cite must be a non-empty list`, at("cite"));
  }
  const cite = raw.cite.map((c, i) =>
    validateCitation(
      id,
      c,
      (key) => atPath?.(key === undefined ? ["cite", i] : ["cite", i, key]) ?? at("cite"),
    )
  );
  const derived = severitiesOfCitations(cite);
  return {
    severity: derived.severity,
    spec_url: newestUrl(cite),
    cite,
    ...(derived.severities ? { severities: derived.severities } : {}),
  };
}

/**
 * A retired rule's metadata (`deprecated:`, no `cite:`): its last `severity`, `spec_url` and
 * `severities`, as written; it runs in no revision.
 * @throws {ConfigError} an entry with neither `cite:` nor `deprecated:`, a bad severity or URL
 */
function retiredMetadata(id: string, raw: Raw, at: (key?: string) => SourcePos): EntryMetadata {
  if (raw.deprecated === undefined) {
    throw new ConfigError(
      `${id} has no cited spec sentence: add cite: [{revisions, url, sentence}] with the ` +
        "sentence it rests on, or retire it (deprecated: {since, reason})",
      at("id"),
    );
  }
  const severity = severityOf(raw.severity, at("severity"));
  const specUrl = str(raw, "spec_url", at);
  if (!SPEC_URL.test(specUrl)) {
    throw new ConfigError(
      `spec_url "${specUrl}" must be https://modelcontextprotocol.io/specification/<revision>/...`,
      at("spec_url"),
    );
  }
  return {
    severity,
    spec_url: specUrl,
    ...(raw.severities === undefined ? {} : { severities: severitiesOf(raw.severities, at) }),
  };
}

/**
 * `deprecated:` as `{since, reason}`.
 * @throws {ConfigError} when it is not that shape
 */
function deprecationOf(
  value: unknown,
  at: (key?: string) => SourcePos,
): NonNullable<RegistryEntry["deprecated"]> {
  if (!isRecord(value) || typeof value.since !== "string" || typeof value.reason !== "string") {
    throw new ConfigError(
      "deprecated must be {since: <corpus version>, reason: <text>}",
      at("deprecated"),
    );
  }
  return { since: value.since, reason: value.reason };
}

/**
 * Check one rule of a revision against the registry.
 * @throws {ConfigError} unknown id, unknown probe kind, unknown matcher or bad argument, bad target
 */
export function validateRule(
  raw: unknown,
  registry: Readonly<Record<string, RegistryEntry>>,
  positionOf: PositionLookup,
  base: readonly (string | number)[],
): RuleSpec {
  const at = (...path: (string | number)[]) => positionOf([...base, ...path]);
  if (!isRecord(raw)) throw new ConfigError("rule must be a mapping", at());
  const id = raw.id;
  if (typeof id !== "string" || !Object.hasOwn(registry, id)) {
    throw new ConfigError(
      `rule id ${JSON.stringify(id) ?? "(missing)"} is not in compliance/registry.yml`,
      at("id"),
    );
  }
  const probe = raw.probe;
  if (!isRecord(probe) || typeof probe.kind !== "string" || !PROBE_KINDS.includes(probe.kind)) {
    throw new ConfigError(
      `${id}: unknown probe kind ${
        JSON.stringify(isRecord(probe) ? probe.kind : probe) ?? "(missing)"
      }, expected one of: ${PROBE_KINDS.join(", ")}`,
      at("probe"),
    );
  }
  validateProbe(id, probe, at);
  const transport = raw.transport ?? "any";
  if (transport !== "any" && transport !== "http" && transport !== "stdio") {
    throw new ConfigError(`${id}: transport must be any, http or stdio`, at("transport"));
  }
  if (probe.kind === "http" && transport !== "http") {
    throw new ConfigError(`${id}: an http probe needs transport: http`, at("transport"));
  }
  if (!Array.isArray(raw.expect) || raw.expect.length === 0) {
    throw new ConfigError(
      `${id}: expect must be a non-empty list of {target, matcher}`,
      at("expect"),
    );
  }
  const expect = raw.expect.map((e, i) => validateExpectation(id, e, () => at("expect", i)));
  if (
    raw.verified_when !== undefined &&
    (!Array.isArray(raw.verified_when) || raw.verified_when.length === 0)
  ) {
    throw new ConfigError(
      `${id}: verified_when must be a non-empty list of {target, matcher}`,
      at("verified_when"),
    );
  }
  const verified = (raw.verified_when as unknown[] | undefined)?.map((e, i) =>
    validateExpectation(id, e, () => at("verified_when", i))
  );
  if (raw.setup !== undefined) validateSetup(id, raw.setup, (...p) => at("setup", ...p));
  if (raw.requires !== undefined && !REQUIREMENTS.includes(String(raw.requires))) {
    throw new ConfigError(
      `${id}: requires ${JSON.stringify(raw.requires)}, expected one of: ${
        REQUIREMENTS.join(", ")
      }`,
      at("requires"),
    );
  }
  return {
    id,
    probe: probe as unknown as RuleProbe,
    expect,
    ...(transport === "any" ? {} : { transport }),
    ...(raw.setup === undefined
      ? {}
      : { setup: raw.setup as unknown as NonNullable<RuleSpec["setup"]> }),
    ...(raw.requires === undefined
      ? {}
      : { requires: raw.requires as NonNullable<RuleSpec["requires"]> }),
    ...(verified === undefined ? {} : { verified_when: verified }),
  };
}

type At = (...path: (string | number)[]) => SourcePos;

function validateProbe(id: string, probe: Raw, at: At): void {
  const fail = (message: string, ...path: (string | number)[]) => {
    throw new ConfigError(`${id}: ${message}`, at("probe", ...path));
  };
  if (
    (probe.kind === "request" || probe.kind === "notification") && typeof probe.method !== "string"
  ) {
    fail(`a ${probe.kind} probe needs a method`);
  }
  if ((probe.kind === "raw" || probe.kind === "fresh") && typeof probe.frame !== "string") {
    fail(`a ${probe.kind} probe needs a frame string`);
  }
  if (
    probe.kind === "client_capability" && !CLIENT_CAPABILITIES.includes(String(probe.capability))
  ) {
    fail(
      `a client_capability probe needs capability: ${CLIENT_CAPABILITIES.join(", ")}`,
      "capability",
    );
  }
  if (probe.repeat !== undefined) {
    if (probe.kind !== "request" && probe.kind !== "raw") {
      fail("repeat is only for request and raw probes", "repeat");
    }
    if (
      !Number.isInteger(probe.repeat) || (probe.repeat as number) < 1 ||
      (probe.repeat as number) > 10
    ) {
      fail(`repeat ${JSON.stringify(probe.repeat)} must be an integer from 1 to 10`, "repeat");
    }
  }
  if (probe.kind !== "http") return;
  validateHttpRequest(id, probe, (...p) => at("probe", ...p));
  if (probe.before !== undefined) {
    if (!Array.isArray(probe.before)) fail("before must be a list of HTTP requests", "before");
    (probe.before as unknown[]).forEach((step, i) => {
      if (!isRecord(step)) fail("each before step must be a mapping", "before", i);
      validateHttpRequest(id, step as Raw, (...p) => at("probe", "before", i, ...p));
    });
  }
}

function validateHttpRequest(id: string, spec: Raw, at: At): void {
  if (!HTTP_METHODS.includes(String(spec.method))) {
    throw new ConfigError(
      `${id}: an http request needs method ${HTTP_METHODS.join(", ")}`,
      at("method"),
    );
  }
  if (spec.path !== undefined && (typeof spec.path !== "string" || !spec.path.startsWith("/"))) {
    throw new ConfigError(`${id}: path must be a string starting with /`, at("path"));
  }
  if (spec.omit_credentials !== undefined && typeof spec.omit_credentials !== "boolean") {
    throw new ConfigError(`${id}: omit_credentials must be true or false`, at("omit_credentials"));
  }
  if (spec.headers !== undefined) {
    const headers = spec.headers;
    if (!isRecord(headers) || Object.values(headers).some((v) => typeof v !== "string")) {
      throw new ConfigError(`${id}: headers must map names to strings`, at("headers"));
    }
  }
  if (spec.body !== undefined && typeof spec.body !== "string") {
    throw new ConfigError(`${id}: body must be a string (the exact bytes sent)`, at("body"));
  }
}

function validateSetup(id: string, setup: unknown, at: At): void {
  if (!isRecord(setup) || typeof setup.method !== "string") {
    throw new ConfigError(`${id}: setup needs method: <request> and pick: {name: <target>}`, at());
  }
  if (setup.params !== undefined && !isRecord(setup.params)) {
    throw new ConfigError(`${id}: setup params must be a mapping`, at("params"));
  }
  if (!isRecord(setup.pick) || Object.keys(setup.pick).length === 0) {
    throw new ConfigError(`${id}: setup pick must map placeholder names to targets`, at("pick"));
  }
  for (const [name, pick] of Object.entries(setup.pick)) {
    const path = typeof pick === "string" ? pick : isRecord(pick) ? pick.path : undefined;
    const as = isRecord(pick) ? pick.as : undefined;
    if (typeof path !== "string" || (isRecord(pick) && !PICK_TRANSFORMS.includes(String(as)))) {
      throw new ConfigError(
        `${id}: pick ${name} must be a target or {path: <target>, as: ${
          PICK_TRANSFORMS.join(" | ")
        }}`,
        at("pick", name),
      );
    }
    try {
      parseTarget(path);
    } catch (error) {
      throw new ConfigError(
        `${id}: bad pick target "${path}": ${(error as Error).message}`,
        at("pick", name),
      );
    }
  }
}

function validateExpectation(id: string, raw: unknown, at: () => SourcePos): RuleExpectation {
  if (!isRecord(raw) || typeof raw.target !== "string" || !isRecord(raw.matcher)) {
    throw new ConfigError(
      `${id}: each expectation needs target: <path> and matcher: {<name>: <arg>}`,
      at(),
    );
  }
  try {
    parseTarget(raw.target);
  } catch (error) {
    throw new ConfigError(`${id}: bad target "${raw.target}": ${(error as Error).message}`, at());
  }
  const names = Object.keys(raw.matcher);
  if (names.length !== 1) throw new ConfigError(`${id}: matcher must have exactly one name`, at());
  compileMatcher({ name: names[0]!, arg: raw.matcher[names[0]!], pos: at() });
  return { target: raw.target, matcher: raw.matcher };
}

const SEVERITIES: readonly string[] = ["MUST", "SHOULD", "MAY"];

function severityOf(value: unknown, pos: SourcePos): RuleSeverity {
  if (typeof value !== "string" || !SEVERITIES.includes(value)) {
    throw new ConfigError(
      `severity ${JSON.stringify(value) ?? "(missing)"} must be MUST, SHOULD or MAY`,
      pos,
    );
  }
  return value as RuleSeverity;
}

/** `severities: {<corpus version>: <severity>}`: the per-revision overrides. */
function severitiesOf(
  value: unknown,
  at: (key?: string) => SourcePos,
): Record<string, RuleSeverity> {
  if (!isRecord(value) || Object.keys(value).length === 0) {
    throw new ConfigError(
      "severities must be a non-empty mapping of corpus version to MUST, SHOULD or MAY",
      at("severities"),
    );
  }
  const out: Record<string, RuleSeverity> = {};
  for (const [version, severity] of Object.entries(value)) {
    if (!CORPUS_VERSIONS.includes(version)) {
      throw new ConfigError(
        `severities: unknown corpus version "${version}", expected one of: ${
          CORPUS_VERSIONS.join(", ")
        }`,
        at("severities"),
      );
    }
    out[version] = severityOf(severity, at("severities"));
  }
  return out;
}

function str(raw: Raw, key: string, at: (key?: string) => SourcePos): string {
  const value = raw[key];
  if (typeof value !== "string" || value === "") {
    throw new ConfigError(`${key} must be a non-empty string`, at(key));
  }
  return value;
}
