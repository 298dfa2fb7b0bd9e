/** @module Normalise the `tools:`, `resources:`, `prompts:`, `lists:`, `requests:` and `sequences:` tests of one file into TestCases. */

import { ConfigError, formatPos, type SourcePos } from "../../0_base/errors/errors.ts";
import { interpolateValue, SECRET_SUFFIX } from "./interpolate.ts";
import { type CaptureSpec, deferCaptureUses, normalizeCapture } from "./captures.ts";
import { normalizeExpect, normalizeExpectError } from "./normalize_expect.ts";
import { NO_PROTOCOL_PARTS, readProtocolParts } from "./protocol_options.ts";
import type { ExpectError, LoadWarning, ServerSpec, TestCase, TestKind } from "./types.ts";
import type { VariableStack } from "./variable_stack.ts";
import { type LoadSpec, normalizeLoad } from "./load_block.ts";
import type { PathSegment, PositionLookup } from "../../0_base/yaml/yaml_source.ts";
import { callOf } from "./call_of.ts";
import { normalizeSteps, stepCaptureNames } from "./steps_block.ts";
import { STDIO_HEADERS_SKIP } from "./stdio_headers.ts";

/** The test blocks of a file and the kind each holds, in the order kinds are checked. */
export const TEST_BLOCKS: ReadonlyArray<readonly [block: string, kind: TestKind]> = [
  ["tools", "tool"],
  ["resources", "resource"],
  ["prompts", "prompt"],
  ["lists", "list"],
  ["requests", "request"],
  ["sequences", "sequence"],
];

/** Picks the ServerSpec.key for a test's `server:` (undefined when omitted); throws a ConfigError. */
export type ServerResolver = (
  name: string | undefined,
  pos: SourcePos | (() => SourcePos),
) => string;

/** What one file contributes before suite-wide ordering. */
export interface FileTests {
  /** Tests in file order, `order` still 0 (the suite numbers them). */
  readonly tests: TestCase[];
  readonly secrets: string[];
  readonly errors: ConfigError[];
}

type Raw = Readonly<Record<string, unknown>>;
type TestPath = readonly PathSegment[];

/** What normalising the tests of one file shares. */
interface FileContext {
  /** The file as shown, used in ids and positions. */
  readonly file: string;
  readonly stack: VariableStack;
  readonly positionOf: PositionLookup;
  readonly resolveServer: ServerResolver;
  /** Each `capture:` name a test of the file declares, with the line of the first test that does. */
  readonly declared: ReadonlyMap<string, number>;
  /** The file's text can hold nothing to interpolate ({@link nothingToInterpolate}). */
  readonly plain: boolean;
  /**
   * `file::kind::`, one string per kind that every test id of the file shares: an id is then the
   * prefix and the name, the same size however long the file's path (a template literal kept four
   * pieces per test, a flat id a copy of the path).
   */
  readonly idPrefix: (kind: TestKind) => string;
}

/**
 * Whether a file's text can hold nothing interpolation changes: no `$` (no `${name}`, no
 * capture), no `_Env` key, and no backslash (a double-quoted escape could spell either).
 * Interpolating such a file gives every value back as it is, so its tests skip the walk.
 */
export function nothingToInterpolate(text: string): boolean {
  return !text.includes("$") && !text.includes(SECRET_SUFFIX) && !text.includes("\\");
}

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
  plain = false,
): FileTests {
  const out: FileTests = { tests: [], secrets: [], errors: [] };
  const declared = captureDeclarations(document, positionOf);
  const prefixes = new Map<TestKind, string>();
  const idPrefix = (kind: TestKind) => {
    let prefix = prefixes.get(kind);
    if (prefix === undefined) prefixes.set(kind, prefix = `${file}::${kind}::`);
    return prefix;
  };
  const context: FileContext = {
    file,
    stack,
    positionOf,
    resolveServer,
    declared,
    plain,
    idPrefix,
  };
  for (const [block, kind] of TEST_BLOCKS) {
    const items = document[block];
    if (!Array.isArray(items)) continue;
    const seen = new Map<string, (string | number)[]>();
    items.forEach((raw, i) => {
      const test = normalizeTest(raw, [block, i], kind, seen, context, out);
      if (test) out.tests.push(test);
    });
  }
  out.tests.sort((a, b) => a.pos.line - b.pos.line || a.pos.col - b.pos.col);
  return out;
}

/**
 * Test `i` of a block: interpolated, its name checked against the block's earlier ones (`seen`),
 * its server, `expect_error:` and `capture:` read. Undefined when it has an error (in `out`).
 */
function normalizeTest(
  raw: unknown,
  at: TestPath,
  kind: TestKind,
  seen: Map<string, (string | number)[]>,
  context: FileContext,
  out: FileTests,
): TestCase | undefined {
  const pos = context.positionOf(at);
  const interpolated = interpolateTest(raw, at, pos, context, out);
  if (!interpolated) return undefined;
  const { item, uses } = interpolated;
  const duplicate = duplicateName(String(item.name), at, kind, seen, context.positionOf);
  if (duplicate) {
    out.errors.push(duplicate);
    return undefined;
  }
  return collectConfigError(out.errors, () => buildTest(item, at, kind, uses, context, pos));
}

/**
 * The TestCase of an interpolated test item (or of a request step of a sequence, `name` given).
 * @param pos the item's position (a step's is looked up here)
 * @throws {ConfigError} the first of its parts that is wrong
 */
function buildTest(
  item: Raw,
  at: TestPath,
  kind: TestKind,
  uses: ReadonlySet<string>,
  context: FileContext,
  pos: SourcePos = context.positionOf(at),
  name?: string,
): TestCase {
  const parts = checkedParts(item, at, pos, kind, context);
  const expect = normalizeExpect(item.expect, [...at, "expect"], context.positionOf);
  const steps = kind === "sequence" ? sequenceSteps(item, at, parts.serverKey, context) : undefined;
  const test = testCaseOf(item, kind, parts, expect, uses, context, pos, name);
  return steps ? { ...test, call: { kind: "sequence", steps } } : test;
}

/** The request steps of a sequence test, each built as a test talking to the sequence's server. */
function sequenceSteps(item: Raw, at: TestPath, serverKey: string, context: FileContext) {
  const stepContext: FileContext = { ...context, resolveServer: () => serverKey };
  return normalizeSteps(
    item,
    at,
    context.positionOf,
    (step, stepAt, stepKind, stepName) =>
      buildTest(
        step,
        stepAt,
        stepKind,
        new Set(),
        stepContext,
        undefined,
        `${String(item.name)} › ${stepName}`,
      ),
  );
}

/** The captures a test of a plain file uses: none. */
const NO_USES: ReadonlySet<string> = new Set();

/**
 * The test's value with its strings interpolated (secrets into `out`); `${name}` of a capture an
 * earlier test of the file declares is left for run time. Undefined on errors (into `out`).
 */
function interpolateTest(
  raw: unknown,
  at: TestPath,
  { line }: SourcePos,
  context: FileContext,
  out: FileTests,
): { item: Raw; uses: ReadonlySet<string> } | undefined {
  if (context.plain) return { item: raw as Raw, uses: NO_USES };
  const { declared, positionOf } = context;
  // A capture an earlier test declares is left for run time (a later one's is a variable name);
  // so are the captures of a sequence's steps, which its steps set. Both are deferred in the
  // interpolation's own walk.
  const local = stepCaptureNames(raw);
  let uses: Set<string> | undefined;
  const isCapture = (name: string) => local.has(name) || (declared.get(name) ?? Infinity) < line;
  const defer = declared.size === 0 && local.size === 0
    ? undefined
    : (text: string) => deferCaptureUses(text, isCapture, uses ??= new Set());
  const done = interpolateValue(raw, at, context.stack, positionOf, defer);
  for (const name of local) uses?.delete(name);
  out.secrets.push(...done.secrets);
  if (done.errors.length > 0) {
    out.errors.push(...done.errors);
    return undefined;
  }
  return { item: done.value as Raw, uses: uses ?? NO_USES };
}

/**
 * The error for a name an earlier test of the block has; otherwise the name is recorded in `seen`.
 * Positions of names are looked up only for a duplicate: a valid suite never pays for them.
 */
function duplicateName(
  name: string,
  at: TestPath,
  kind: TestKind,
  seen: Map<string, (string | number)[]>,
  positionOf: PositionLookup,
): ConfigError | undefined {
  const first = seen.get(name);
  if (!first) {
    seen.set(name, at as (string | number)[]);
    return undefined;
  }
  return new ConfigError(
    `duplicate ${kind} test name "${name}"; the first is at ${
      formatPos(positionOf([...first, "name"]))
    }`,
    positionOf([...at, "name"]),
  );
}

/** The parts of a test that can be wrong after the schema check. */
interface CheckedParts {
  readonly serverKey: string;
  readonly expectError?: { expectError: ExpectError; assertions: TestCase["assertions"] };
  readonly capture?: CaptureSpec;
  readonly load?: LoadSpec;
  /** `client:` and the protocol options (protocol_options.ts). */
  readonly protocolParts: ReturnType<typeof readProtocolParts>;
}

/**
 * The test's server key, `expect_error:` and `capture:`, read in that order (`pos`: the test's).
 * @throws {ConfigError} the first of them that is wrong
 */
function checkedParts(
  item: Raw,
  at: TestPath,
  pos: SourcePos,
  kind: TestKind,
  context: FileContext,
): CheckedParts {
  const { positionOf } = context;
  if (kind === "resource" && item.resource !== undefined && item.uri !== undefined) {
    throw new ConfigError(
      `a resource test takes resource: or uri: (the same key, the URI to read), not both; expected one of them`,
      positionOf([...at, "uri"], "key"),
    );
  }
  const server = typeof item.server === "string" ? item.server : undefined;
  const serverKey = context.resolveServer(
    server,
    // Looked up only for an error: a valid suite never pays for the position of each `server:`.
    server === undefined ? pos : () => positionOf([...at, "server"]),
  );
  const expectError = item.expect_error === undefined
    ? undefined
    : normalizeExpectError(item.expect_error, kind, [...at, "expect_error"], positionOf);
  const capture = item.capture === undefined
    ? undefined
    : normalizeCapture(item.capture, (n) => positionOf([...at, "capture", n], "key"));
  const load = item.load === undefined || item.load === null
    ? undefined
    : normalizeLoad(item.load as Raw, [...at, "load"], positionOf);
  return {
    serverKey,
    ...(expectError ? { expectError } : {}),
    ...(capture ? { capture } : {}),
    ...(load ? { load } : {}),
    protocolParts: readProtocolParts(item, at, positionOf),
  };
}

/** `read()`, or undefined after recording the ConfigError it threw in `errors`. */
function collectConfigError<T>(errors: ConfigError[], read: () => T): T | undefined {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    errors.push(error);
    return undefined;
  }
}

/** The TestCase of a checked test (`order` still 0: the suite numbers them). */
function testCaseOf(
  item: Raw,
  kind: TestKind,
  parts: CheckedParts,
  expect: { assertions: TestCase["assertions"]; budgets: TestCase["budgets"] },
  captureUses: ReadonlySet<string>,
  { file, idPrefix }: FileContext,
  pos: SourcePos,
  stepName?: string,
): TestCase {
  const { expectError, capture } = parts;
  const name = stepName ?? String(item.name);
  const call = kind === "sequence" ? { kind, steps: [] } : callOf(kind, item);
  const fields = runFields(item);
  // Most tests have none of the optional fields: one literal of exactly the ten it has (an
  // object built with spreads keeps room for more, a third again as large), in the same order.
  if (
    !expectError && item.cache !== false && fields === NO_RUN_FIELDS && !capture && !parts.load &&
    parts.protocolParts === NO_PROTOCOL_PARTS && captureUses.size === 0
  ) {
    return {
      id: idPrefix(kind) + name,
      name,
      kind,
      serverKey: parts.serverKey,
      call,
      assertions: expect.assertions,
      budgets: expect.budgets,
      file,
      pos,
      order: 0,
    };
  }
  return {
    id: idPrefix(kind) + name,
    name,
    kind,
    serverKey: parts.serverKey,
    call,
    assertions: expectError ? [...expectError.assertions, ...expect.assertions] : expect.assertions,
    budgets: expect.budgets,
    ...(expectError ? { expectError: expectError.expectError } : {}),
    ...(item.cache === false ? { noCache: true as const } : {}),
    ...fields,
    ...(capture ? { capture } : {}),
    ...(parts.load ? { load: parts.load } : {}),
    ...parts.protocolParts,
    ...(captureUses.size > 0 ? { captureUses: [...captureUses] } : {}),
    file,
    pos,
    order: 0,
  };
}

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

/** Each `capture:` name the document's tests declare, with the line of the first test that does. */
function captureDeclarations(document: Raw, positionOf: PositionLookup): Map<string, number> {
  const first = new Map<string, number>();
  for (const [block] of TEST_BLOCKS) {
    const items = document[block];
    if (!Array.isArray(items)) continue;
    items.forEach((raw, i) => {
      const capture = (raw as Raw | null)?.capture;
      if (capture === null || typeof capture !== "object") return;
      const line = positionOf([block, i]).line;
      for (const name of Object.keys(capture)) {
        const seen = first.get(name);
        if (seen === undefined || line < seen) first.set(name, line);
      }
    });
  }
  return first;
}

/** The run fields of a test that sets none of them (one shared object). */
const NO_RUN_FIELDS: Readonly<Record<string, never>> = Object.freeze({});

/** The selection and run fields of a test (`tags`, `skip`, `only`, `retries`, `timeout_ms`), as data. */
function runFields(item: Raw): Partial<
  Pick<TestCase, "tags" | "skip" | "only" | "retries" | "timeoutMs">
> {
  if (
    item.tags === undefined && item.skip === undefined && item.only === undefined &&
    item.retries === undefined && item.timeout_ms === undefined
  ) {
    return NO_RUN_FIELDS;
  }
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
