/** @module Redaction that knows the run record and capture shapes: enums and structure never change. */

import { redactUrlsInText } from "../0_base/util/redact_url.ts";
import {
  createRedactor,
  redactJson,
  type Redactor,
  type StringRule,
} from "../0_base/redaction/redactor.ts";
import type { RunRecord } from "./run_record.ts";

/**
 * String fields of the run record that hold a fixed vocabulary (or mcptest's own values), never
 * server or user text: redaction leaves them as they are, so a secret `pass` cannot turn a status
 * into `[REDACTED]`. Array indices are written `[]`.
 */
export const RECORD_ENUM_PATHS: ReadonlySet<string> = new Set([
  "tool.name",
  "tool.version",
  "startedAt",
  "servers[].source",
  "servers[].status",
  "servers[].failure.layer",
  "tests[].kind",
  "tests[].status",
  "tests[].failure.layer",
  "tests[].rule.severity",
  "tests[].assertions[].status",
  "tests[].assertions[].matcher",
  "tests[].budgets[].budget",
  "tests[].budgets[].status",
]);

/**
 * String fields of a capture (seed 003) that are protocol vocabulary: the JSON-RPC version, method
 * names and ids (a replay matches on them).
 */
export const CAPTURE_ENUM_PATHS: ReadonlySet<string> = new Set(
  [
    "exchanges[].request",
    "exchanges[].response",
    "server_messages[].message",
    "server_messages[].reply",
  ].flatMap((at) => [`${at}.jsonrpc`, `${at}.method`, `${at}.id`]),
);

/** Segments of a test id (`<file>::<kind>::<name>`) that are vocabulary, kept as they are. */
const ID_WORDS = new Set([
  "tool",
  "resource",
  "prompt",
  "list",
  "request",
  "sequence",
  "agent",
  "eval",
  "compliance",
  "gate",
]);

/**
 * Redact a test id (`<file>::<kind>::<name>`, `compliance::<rev>::<rule>`) around its kind, which is
 * kept: the parts before and after it are redacted as whole strings. The result is a function of
 * the id and the secrets only, so the same test gets the same redacted id in every run.
 */
export function redactTestId(id: string, redactor: Redactor): string {
  if (!redactor.active) return id;
  const parts = id.split("::");
  const at = parts.findIndex((part) => ID_WORDS.has(part));
  if (at === -1) return redactor.text(id);
  const before = parts.slice(0, at).join("::");
  const after = parts.slice(at + 1).join("::");
  return [
    ...(at > 0 ? [redactor.text(before)] : []),
    parts[at]!,
    ...(at < parts.length - 1 ? [redactor.text(after)] : []),
  ].join("::");
}

function urlThenSecrets(redactor: Redactor): (text: string) => string {
  return (text) => redactor.text(redactUrlsInText(text, { query: true }));
}

/**
 * Deep-copy a run record with the secrets hidden inside its free-text string values (messages,
 * expected/actual renderings, names, paths, targets, ids). Keys, numbers, the shape and the enum
 * fields of {@link RECORD_ENUM_PATHS} never change, so the result is a valid record with the same
 * summary. Server targets also lose URL credentials and query values.
 */
export function redactRecord(
  record: RunRecord,
  secrets: readonly string[],
  redactor: Redactor = createRedactor(secrets),
): RunRecord {
  const target = urlThenSecrets(redactor);
  if (!redactor.active) {
    // No secret to look for: only the targets change (URL credentials and query values), so the
    // tests, the bulk of a large record, are shared rather than copied.
    // (`redactTests` wraps a bare list of tests in a record without servers.)
    const servers = record.servers ?? [];
    return { ...record, servers: servers.map((s) => ({ ...s, target: target(s.target) })) };
  }
  const rule: StringRule = (path) => {
    if (RECORD_ENUM_PATHS.has(path)) return "keep";
    if (path === "servers[].target") return target;
    if (path === "tests[].id") return (id) => redactTestId(id, redactor);
    return undefined;
  };
  return redactJson(record, redactor, rule) as RunRecord;
}

/** Redact a list of test results (the `tests` of a record) like {@link redactRecord} does. */
export function redactTests<T>(
  tests: T,
  secrets: readonly string[],
  redactor: Redactor = createRedactor(secrets),
): T {
  const wrapped = { tests } as unknown as RunRecord;
  return (redactRecord(wrapped, secrets, redactor) as unknown as { tests: T }).tests;
}

/**
 * The objects of a capture whose keys are its own structure (the session, its exchanges, the
 * JSON-RPC envelopes); every other object's keys (results, params, capabilities) are server data.
 */
export const CAPTURE_ENVELOPE_PATHS: ReadonlySet<string> = new Set([
  "",
  "exchanges[]",
  "exchanges[].request",
  "exchanges[].response",
  "server_messages[]",
  "server_messages[].message",
  "server_messages[].reply",
]);

/**
 * Deep-copy a capture file value (one session or an array of them) with the secrets hidden in its
 * string values and in the keys of server data (a result's, a capability's); the envelope's keys,
 * JSON-RPC versions, method names and ids stay; the server label loses URL credentials and query
 * values.
 */
export function redactCapture<T>(capture: T, secrets: readonly string[]): T {
  const redactor = createRedactor(secrets);
  const label = urlThenSecrets(redactor);
  const unwrap = (raw: string) => raw === "[]" ? "" : raw.startsWith("[].") ? raw.slice(3) : raw;
  const rule: StringRule = (raw) => {
    const path = unwrap(raw);
    if (CAPTURE_ENUM_PATHS.has(path)) return "keep";
    if (path === "server_label") return label;
    return undefined;
  };
  const keys = (raw: string) => !CAPTURE_ENVELOPE_PATHS.has(unwrap(raw));
  return redactJson(capture, redactor, rule, keys) as T;
}
