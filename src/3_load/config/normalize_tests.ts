/** @module Normalise the `tools:`, `resources:`, `prompts:` and `lists:` tests of one file into TestCases. */

import { ConfigError, formatPos, type SourcePos } from "../../0_base/errors/errors.ts";
import { interpolateValue } from "./interpolate.ts";
import { type CaptureSpec, deferCaptures, normalizeCapture } from "./captures.ts";
import { normalizeExpect, normalizeExpectError } from "./normalize_expect.ts";
import type {
  Call,
  ExpectError,
  ListKind,
  LoadWarning,
  ServerSpec,
  TestCase,
  TestKind,
} from "./types.ts";
import type { VariableStack } from "./variable_stack.ts";
import type { PositionLookup } from "../../0_base/yaml/yaml_source.ts";

/** The test blocks of a file and the kind each holds, in the order kinds are checked. */
export const TEST_BLOCKS: ReadonlyArray<readonly [block: string, kind: TestKind]> = [
  ["tools", "tool"],
  ["resources", "resource"],
  ["prompts", "prompt"],
  ["lists", "list"],
];

/** Picks the ServerSpec.key for a test's `server:` (undefined when omitted); throws a ConfigError. */
export type ServerResolver = (name: string | undefined, pos: SourcePos) => string;

/** What one file contributes before suite-wide ordering. */
export interface FileTests {
  /** Tests in file order, `order` still 0 (the suite numbers them). */
  readonly tests: TestCase[];
  readonly secrets: string[];
  readonly errors: ConfigError[];
}

type Raw = Readonly<Record<string, unknown>>;

/**
 * Interpolate and normalise every test of a schema-valid document.
 * @param file the file as shown (relative to the working directory), used in ids and positions
 */
export function normalizeTests(
  file: string,
  document: Raw,
  stack: VariableStack,
  positionOf: PositionLookup,
  resolveServer: ServerResolver,
): FileTests {
  const tests: TestCase[] = [];
  const secrets: string[] = [];
  const errors: ConfigError[] = [];
  const declared = captureDeclarations(document, positionOf);
  for (const [block, kind] of TEST_BLOCKS) {
    const items = document[block];
    if (!Array.isArray(items)) continue;
    const seen = new Map<string, (string | number)[]>();
    items.forEach((raw, i) => {
      const at = [block, i];
      // `${name}` of a capture declared by an earlier test of this file is left for run time.
      const earlier = declared.length === 0 ? new Set<string>() : new Set(
        declared.filter((d) => d.line < positionOf(at).line).flatMap((d) => d.names),
      );
      const deferred = deferCaptures(raw, earlier);
      const done = interpolateValue(deferred.value, at, stack, positionOf);
      secrets.push(...done.secrets);
      if (done.errors.length > 0) {
        errors.push(...done.errors);
        return;
      }
      const item = done.value as Raw;
      const name = String(item.name);
      // Positions of names are looked up only for a duplicate: a valid suite never pays for them.
      const namePath = [...at, "name"];
      const first = seen.get(name);
      if (first) {
        errors.push(
          new ConfigError(
            `duplicate ${kind} test name "${name}"; the first is at ${
              formatPos(positionOf(first))
            }`,
            positionOf(namePath),
          ),
        );
        return;
      }
      seen.set(name, namePath);
      const pos = positionOf(at);
      let serverKey: string;
      try {
        const server = typeof item.server === "string" ? item.server : undefined;
        serverKey = resolveServer(
          server,
          server === undefined ? pos : positionOf([...at, "server"]),
        );
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        errors.push(error);
        return;
      }
      const { assertions, budgets } = normalizeExpect(item.expect, [...at, "expect"], positionOf);
      let expectError: { expectError: ExpectError; assertions: TestCase["assertions"] } | undefined;
      if (item.expect_error !== undefined) {
        try {
          expectError = normalizeExpectError(
            item.expect_error,
            kind,
            [...at, "expect_error"],
            positionOf,
          );
        } catch (error) {
          if (!(error instanceof ConfigError)) throw error;
          errors.push(error);
          return;
        }
      }
      let capture: CaptureSpec | undefined;
      if (item.capture !== undefined) {
        try {
          capture = normalizeCapture(item.capture, (n) => positionOf([...at, "capture", n], "key"));
        } catch (error) {
          if (!(error instanceof ConfigError)) throw error;
          errors.push(error);
          return;
        }
      }
      tests.push({
        id: `${file}::${kind}::${name}`,
        name,
        kind,
        serverKey,
        call: callOf(kind, item),
        assertions: expectError ? [...expectError.assertions, ...assertions] : assertions,
        budgets,
        ...(expectError ? { expectError: expectError.expectError } : {}),
        ...(item.cache === false ? { noCache: true as const } : {}),
        ...runFields(item),
        ...(capture ? { capture } : {}),
        ...(deferred.uses.size > 0 ? { captureUses: [...deferred.uses] } : {}),
        file,
        pos,
        order: 0,
      });
    });
  }
  tests.sort((a, b) => a.pos.line - b.pos.line || a.pos.col - b.pos.col);
  return { tests, secrets, errors };
}

/** Why a response-header budget cannot apply to a stdio server (the load warning and the SKIP say it). */
export const STDIO_HEADERS_SKIP = "response headers are not available over stdio";

/**
 * One load warning per header budget (`response_headers`, `response_headers_absent`) of a test
 * whose server is stdio: such a budget can never be checked, so it is reported as skipped.
 * @param servers the resolved servers by key (after `--server` overrides)
 */
export function headerBudgetWarnings(
  tests: readonly TestCase[],
  servers: Readonly<Record<string, ServerSpec>>,
): LoadWarning[] {
  const warnings: LoadWarning[] = [];
  for (const test of tests) {
    const server = Object.hasOwn(servers, test.serverKey) ? servers[test.serverKey] : undefined;
    if (server?.target.kind !== "stdio") continue;
    for (const budget of test.budgets) {
      if (budget.kind !== "response_headers" && budget.kind !== "response_headers_absent") continue;
      warnings.push({
        message:
          `${budget.kind} budget of ${test.kind} test "${test.name}" will be skipped: server "${server.name}" is stdio, and ${STDIO_HEADERS_SKIP}`,
        file: budget.pos.file,
        line: budget.pos.line,
        col: budget.pos.col,
      });
    }
  }
  return warnings;
}

/** The `capture:` names each test of the document declares, with the test's line. */
function captureDeclarations(
  document: Raw,
  positionOf: PositionLookup,
): { line: number; names: string[] }[] {
  const out: { line: number; names: string[] }[] = [];
  for (const [block] of TEST_BLOCKS) {
    const items = document[block];
    if (!Array.isArray(items)) continue;
    items.forEach((raw, i) => {
      const capture = (raw as Raw | null)?.capture;
      if (capture === null || typeof capture !== "object") return;
      out.push({ line: positionOf([block, i]).line, names: Object.keys(capture) });
    });
  }
  return out;
}

/** The selection and run fields of a test (`tags`, `skip`, `only`, `retries`, `timeout_ms`), as data. */
function runFields(item: Raw): Partial<
  Pick<TestCase, "tags" | "skip" | "only" | "retries" | "timeoutMs">
> {
  const fields: {
    tags?: string[];
    skip?: string;
    only?: true;
    retries?: number;
    timeoutMs?: number;
  } = {};
  if (Array.isArray(item.tags) && item.tags.length > 0) fields.tags = item.tags.map(String);
  if (item.skip === true) fields.skip = "skipped";
  else if (typeof item.skip === "string") fields.skip = item.skip;
  if (item.only === true) fields.only = true;
  if (typeof item.retries === "number") fields.retries = item.retries;
  if (typeof item.timeout_ms === "number") fields.timeoutMs = item.timeout_ms;
  return fields;
}

function callOf(kind: TestKind, item: Raw): Call {
  const args = (item.args ?? {}) as Record<string, unknown>;
  switch (kind) {
    case "tool":
      return { kind, tool: String(item.tool), args };
    case "resource":
      return { kind, uri: String(item.uri) };
    case "prompt":
      return { kind, prompt: String(item.prompt), args };
    case "list":
      return { kind, list: String(item.list) as ListKind };
  }
}
