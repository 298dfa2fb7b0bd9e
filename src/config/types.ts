/** @module The LOAD phase's output: a fully resolved, normalised `Suite` (plain data, positions kept). */

import type { SourcePos } from "../errors/errors.ts";

export type { SourcePos };

/** Where a server target came from (seed 004 section 9), highest precedence first. */
export type TargetSource =
  | "cli flag"
  | "server-config"
  | "mcptest.local.yml"
  | "mcptest.yml"
  | "test file";

export type { HttpTarget, ServerTarget, StdioTarget } from "../transport/target.ts";

import type { ServerEndpoint } from "../session/types.ts";

/** A resolved server entry: the endpoint CONNECT needs, plus what the runner and reports need. */
export interface ServerSpec extends ServerEndpoint {
  /** Tests may pipeline over the one session (the server is stateless). */
  readonly parallel: boolean;
  readonly source: TargetSource;
}

/** A matcher reference as written in YAML, checked against the registry at load. */
export interface MatcherSpec {
  /** Registry name (`exact`, `schema`, `not`, ...). */
  readonly name: string;
  /** The matcher's argument as written. For `not`, a nested matcher object. */
  readonly arg: unknown;
  readonly pos: SourcePos;
}

/** One assertion: a target path into the response and a matcher. */
export interface Assertion {
  readonly kind: "assertion";
  readonly target: string;
  readonly matcher: MatcherSpec;
  readonly pos: SourcePos;
}

/** A performance budget (seed 004 section 4). */
export type Budget =
  | { readonly kind: "max_duration_ms"; readonly value: number; readonly pos: SourcePos }
  | { readonly kind: "max_response_tokens"; readonly value: number; readonly pos: SourcePos }
  | {
    readonly kind: "response_headers";
    readonly headers: Readonly<Record<string, string>>;
    readonly pos: SourcePos;
  }
  | {
    readonly kind: "response_headers_absent";
    readonly headers: readonly string[];
    readonly pos: SourcePos;
  };

/** The request a test makes. */
export type Call =
  | {
    readonly kind: "tool";
    readonly tool: string;
    readonly args: Readonly<Record<string, unknown>>;
  }
  | { readonly kind: "resource"; readonly uri: string }
  | {
    readonly kind: "prompt";
    readonly prompt: string;
    readonly args: Readonly<Record<string, unknown>>;
  };

/** The kinds of test the runner executes. */
export type TestKind = Call["kind"];

/** One normalised test. */
export interface TestCase {
  /** Stable id: `<file>::<kind>::<name>` (used for shards, last-failed, reports). */
  readonly id: string;
  readonly name: string;
  readonly kind: TestKind;
  /** ServerSpec.key of the server this test talks to. */
  readonly serverKey: string;
  readonly call: Call;
  readonly assertions: readonly Assertion[];
  readonly budgets: readonly Budget[];
  readonly file: string;
  readonly pos: SourcePos;
  /** Declaration order across the whole suite (results are reported in this order). */
  readonly order: number;
}

/** A path into a YAML document: mapping keys and sequence indexes. */
export type DocumentPath = readonly (string | number)[];

/** A part of a document with its `${...}` variables interpolated and `_Env` secrets resolved. */
export interface ResolvedValue {
  readonly value: unknown;
  /** Secret values the part resolved (add them to redaction). */
  readonly secrets: readonly string[];
}

/**
 * One loaded YAML file, kept for features that read blocks LOAD does not normalise
 * (`compliance:`, `agents:`, `evals:`, `providers:`, `budget:`, `cassette:`). Holds functions:
 * never serialise it.
 */
export interface LoadedDocument {
  /** The file as shown (relative to the working directory). */
  readonly file: string;
  /** A test file, or the project config (mcptest.yml / --config) when it holds tests. */
  readonly role: "test file" | "config";
  /** The raw parsed value (schema-valid, not interpolated). */
  readonly value: Readonly<Record<string, unknown>>;
  /** Position of the node at `path` (`at: "key"`: of the key leading to it). */
  positionOf(path: DocumentPath, at?: "value" | "key"): SourcePos;
  /**
   * The value at `path`, interpolated with this file's variable stack.
   * @throws {ConfigErrors} unresolvable variables, cycles, missing secrets (positioned)
   */
  resolve(path: DocumentPath): ResolvedValue;
}

/** The fully resolved suite: the one value LOAD hands to CONNECT/EXECUTE. */
export interface Suite {
  readonly files: readonly string[];
  readonly servers: Readonly<Record<string, ServerSpec>>;
  readonly tests: readonly TestCase[];
  /** Values that must never reach an output (resolved secrets). */
  readonly secrets: readonly string[];
  /** The loaded documents, in `files` order (optional: suites built by hand may omit it). */
  readonly documents?: readonly LoadedDocument[];
}
