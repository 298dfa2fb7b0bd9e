/** @module Determinism normalisation: the default rules and `cassette.normalize:` rules, applied before storing and before comparing. */

import { parseTarget, type PathSegment } from "../../1_matchers/target_path.ts";
import type { NormalizeRule } from "./format.ts";
import { canonicalJson } from "../../0_base/util/canonical_json.ts";

/** ISO-8601 date-times (with optional fraction and zone). */
const ISO_TIMESTAMP =
  /\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?\b/g;
/** RFC 4122 UUIDs, any version, any case. */
const UUID = /\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b/g;

/** Placeholders the default rules write. */
export const PLACEHOLDER = {
  timestamp: "<timestamp>",
  uuid: "<uuid>",
  sessionId: "<session-id>",
  date: "<date>",
  volatile: "<volatile>",
} as const;

/** Headers never stored: credentials, cookies, and framing facts that normalisation invalidates. */
export const DROPPED_HEADERS: ReadonlySet<string> = new Set([
  "authorization",
  "proxy-authorization",
  "cookie",
  "set-cookie",
  "set-cookie2",
  "x-api-key",
  "api-key",
  "x-auth-token",
  "content-length",
  "transfer-encoding",
  "connection",
  "keep-alive",
]);

/** Headers whose value changes per request or per process: stored as a placeholder. */
export const VOLATILE_HEADERS: Readonly<Record<string, string>> = {
  "mcp-session-id": PLACEHOLDER.sessionId,
  "date": PLACEHOLDER.date,
  "expires": PLACEHOLDER.date,
  "last-modified": PLACEHOLDER.date,
  "age": PLACEHOLDER.volatile,
  "etag": PLACEHOLDER.volatile,
  "x-request-id": PLACEHOLDER.volatile,
  "request-id": PLACEHOLDER.volatile,
  "x-correlation-id": PLACEHOLDER.volatile,
  "x-trace-id": PLACEHOLDER.volatile,
  "traceparent": PLACEHOLDER.volatile,
  "tracestate": PLACEHOLDER.volatile,
  "x-amzn-trace-id": PLACEHOLDER.volatile,
  "x-amzn-requestid": PLACEHOLDER.volatile,
  "x-amz-request-id": PLACEHOLDER.volatile,
  "cf-ray": PLACEHOLDER.volatile,
  "x-vercel-id": PLACEHOLDER.volatile,
  "x-runtime": PLACEHOLDER.volatile,
  "x-response-time": PLACEHOLDER.volatile,
  "server-timing": PLACEHOLDER.volatile,
};

/** The default rewrite of one string value: timestamps and UUIDs become placeholders. */
export function normalizeString(text: string): string {
  return text.replace(ISO_TIMESTAMP, PLACEHOLDER.timestamp).replace(UUID, PLACEHOLDER.uuid);
}

/** A compiled rule set (defaults + the suite's rules). */
export interface Normalizer {
  /** A deep copy of a JSON-RPC message with every rule applied. */
  message(message: unknown): unknown;
  /** Headers with credentials dropped, volatile values replaced and header rules applied. */
  headers(headers: Readonly<Record<string, string>>): Record<string, string>;
}

interface CompiledTarget {
  readonly segments: readonly PathSegment[];
  readonly pattern: RegExp | undefined;
  readonly replace: string;
}

/**
 * Check one user rule; returns what is wrong with it, or undefined when it is valid.
 * (The loader reports the message at the rule's position.)
 */
export function ruleProblem(rule: NormalizeRule): string | undefined {
  if ("target" in rule) {
    try {
      parseTarget(rule.target.replaceAll("[*]", ".*"));
    } catch (error) {
      return `invalid target ${JSON.stringify(rule.target)}: ${(error as Error).message}`;
    }
  }
  if (rule.pattern !== undefined) {
    try {
      new RegExp(rule.pattern, "g");
    } catch (error) {
      return `invalid pattern ${JSON.stringify(rule.pattern)}: ${(error as Error).message}`;
    }
  }
  return undefined;
}

/**
 * Compile the defaults plus `rules`. Target rules are rooted at the JSON-RPC message
 * (`result.content[*].text`, `params.arguments.when`); `*` or `[*]` matches every item or key.
 * @throws {Error} on an invalid rule (the loader checks rules first: see {@link ruleProblem})
 */
export function createNormalizer(rules: readonly NormalizeRule[] = []): Normalizer {
  const targets: CompiledTarget[] = [];
  const headerRules = new Map<string, { pattern: RegExp | undefined; replace: string }[]>();
  for (const rule of rules) {
    const problem = ruleProblem(rule);
    if (problem) throw new Error(problem);
    const pattern = rule.pattern === undefined ? undefined : new RegExp(rule.pattern, "g");
    if ("target" in rule) {
      const { segments } = parseTarget(rule.target.replaceAll("[*]", ".*"));
      targets.push({ segments, pattern, replace: rule.replace });
    } else {
      const name = rule.header.toLowerCase();
      headerRules.set(name, [...headerRules.get(name) ?? [], { pattern, replace: rule.replace }]);
    }
  }
  return {
    message(message) {
      const copy = deepNormalize(message);
      for (const target of targets) applyTarget(copy, target.segments, target);
      return copy;
    },
    headers(headers) {
      const out: Record<string, string> = {};
      for (const [rawName, value] of Object.entries(headers)) {
        const name = rawName.toLowerCase();
        if (DROPPED_HEADERS.has(name)) continue;
        let next = VOLATILE_HEADERS[name] ?? normalizeString(value);
        for (const rule of headerRules.get(name) ?? []) next = rewrite(next, rule);
        out[name] = next;
      }
      return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a < b ? -1 : 1));
    },
  };
}

function rewrite(value: string, rule: { pattern: RegExp | undefined; replace: string }): string {
  if (rule.pattern === undefined) return rule.replace;
  rule.pattern.lastIndex = 0;
  return value.replace(rule.pattern, rule.replace);
}

function deepNormalize(value: unknown): unknown {
  if (typeof value === "string") return normalizeString(value);
  if (Array.isArray(value)) return value.map(deepNormalize);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, deepNormalize(v)]));
  }
  return value;
}

function applyTarget(
  node: unknown,
  segments: readonly PathSegment[],
  rule: CompiledTarget,
): void {
  const [head, ...rest] = segments;
  if (head === undefined || node === null || typeof node !== "object") return;
  const container = node as Record<string, unknown>;
  const keys: (string | number)[] = "key" in head
    ? head.key === "*" ? Object.keys(container).map((k) => Array.isArray(node) ? Number(k) : k) : [
      head.key,
    ]
    : Array.isArray(node)
    ? [head.index < 0 ? node.length + head.index : head.index]
    : [];
  for (const key of keys) {
    if (!Object.hasOwn(container, key)) continue;
    const inner = container[key as string];
    if (rest.length > 0) {
      applyTarget(inner, rest, rule);
    } else if (typeof inner === "string") {
      container[key as string] = rewrite(inner, rule);
    } else if (inner !== undefined && rule.pattern === undefined) {
      container[key as string] = rule.replace;
    }
  }
}

/**
 * The part of a request replay matches on: the method and the normalised params, without `_meta`
 * (progress tokens, client info of stateless revisions). `initialize` matches on its
 * `protocolVersion` only (client info and capabilities change with the mcptest version).
 */
export function matchParams(method: string, params: unknown): unknown {
  if (params === null || typeof params !== "object" || Array.isArray(params)) return params;
  const record = params as Record<string, unknown>;
  if (method === "initialize") return { protocolVersion: record["protocolVersion"] };
  const { _meta: _, ...rest } = record;
  return rest;
}

/** JSON with object keys sorted, so equal values give equal text (the one shared implementation). */
export { canonicalJson };

/** The replay key of a normalised request: method + canonical matched params. */
export function requestKey(method: string, params: unknown): string {
  return `${method} ${canonicalJson(matchParams(method, params))}`;
}
