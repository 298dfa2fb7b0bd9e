/** @module The LOAD phase's output: a fully resolved, normalised `Suite` (plain data, positions kept). */

import type { SourcePos } from "../../0_base/errors/errors.ts";
import type { LoadSpec } from "./load_block.ts";
import type { MatcherSpec } from "../../1_matchers/types.ts";
import type { ComplianceBlock } from "./compliance_block.ts";
import type { NormalizeRule } from "../../2_connect/cassette/format.ts";

export type { SourcePos };

export type { HttpTarget, ServerTarget, StdioTarget } from "../../2_connect/transport/target.ts";

import type { ServerEndpoint, TargetSource } from "../../2_connect/session/types.ts";

/** A resolved server entry: the endpoint CONNECT needs, plus what the runner and reports need. */
export interface ServerSpec extends ServerEndpoint {
  /** Tests may pipeline over the one session (the server is stateless). */
  readonly parallel: boolean;
  /** Where the target came from. */
  readonly source: TargetSource;
}

/** One assertion: a target path into the response and a matcher. */
export interface Assertion {
  /** Tells an assertion from a budget. */
  readonly kind: "assertion";
  /** Target path into the response (`result.content[0].text`). */
  readonly target: string;
  /** The matcher applied to the target's value. */
  readonly matcher: MatcherSpec;
  /** Where the assertion was written. */
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

/**
 * A test's `expect_error:`. `any` accepts a JSON-RPC error or a tool result with `isError: true`;
 * `protocol` only the first, `tool` only the second; `none` (`expect_error: false`) requires a
 * successful result. Its `code` and `message` checks are ordinary assertions of the test.
 */
export interface ExpectError {
  /** Which error the call must end in. */
  readonly kind: "any" | "protocol" | "tool" | "none";
  /** Where `expect_error:` was written. */
  readonly pos: SourcePos;
}

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
  }
  | { readonly kind: "list"; readonly list: ListKind }
  | {
    readonly kind: "request";
    /** Any JSON-RPC method (`completion/complete`, `ping`, an extension method, ...). */
    readonly method: string;
    readonly params?: Readonly<Record<string, unknown>>;
  }
  | {
    readonly kind: "sequence";
    /** The steps, run in order on one session (src/3_load/config/steps_block.ts). */
    readonly steps: readonly import("./steps_block.ts").Step[];
  };

/** What a `list:` test lists (`tools/list`, `resources/list`, `resources/templates/list`, `prompts/list`). */
export type ListKind = "tools" | "resources" | "resource_templates" | "prompts";

/** The kinds of test the runner executes. */
export type TestKind = Call["kind"];

/** One normalised test. */
export interface TestCase {
  /** Stable id: `<file>::<kind>::<name>` (used for shards, last-failed, reports). */
  readonly id: string;
  /** Display name, as written. */
  readonly name: string;
  /** What the test calls: a tool, a resource, a prompt, or a list of what the server offers. */
  readonly kind: TestKind;
  /** ServerSpec.key of the server this test talks to. */
  readonly serverKey: string;
  /** The request the test makes. */
  readonly call: Call;
  /** Assertions on the response, in declaration order. */
  readonly assertions: readonly Assertion[];
  /** Performance budgets, in declaration order. */
  readonly budgets: readonly Budget[];
  /** `expect_error:`: the call must end in an error (absent: an error fails the test). */
  readonly expectError?: ExpectError;
  /** `cache: false`: never served from nor stored in the result cache (docs/cache.md). */
  readonly noCache?: true;
  /** `tags:` labels for `--tag` / `--exclude-tag` (docs/selection.md); absent: none. */
  readonly tags?: readonly string[];
  /** `skip:` the reason the test is skipped (`skip: true`: "skipped"); absent: the test runs. */
  readonly skip?: string;
  /** `only: true`: when any selected test has it, only those run (docs/selection.md). */
  readonly only?: true;
  /** `retries:` extra attempts after a failure (docs/selection.md); absent: the run's `--retries`. */
  readonly retries?: number;
  /** `timeout_ms:` this test's request timeout in milliseconds; absent: the server's. */
  readonly timeoutMs?: number;
  /** `load:` run the call repeated and concurrent, with distribution budgets (docs/load.md); absent: once. */
  readonly load?: LoadSpec;
  /** `capture:` variable name -> target path, set from this test's response (docs/captures.md). */
  readonly capture?: Readonly<Record<string, string>>;
  /** Captures this test uses: its strings hold their markers (src/3_load/config/captures.ts) until run time. */
  readonly captureUses?: readonly string[];
  /** `client:` of the test, key by key over its server's (docs/yaml-reference.md); absent: the server's. */
  readonly client?: import("../../2_connect/session/client_spec.ts").ClientSpec;
  /** `progress:`, `log_level:`, `task:`, `all_pages:`, `cursor:` (src/3_load/config/protocol_options.ts). */
  readonly protocol?: import("./protocol_options.ts").ProtocolOptions;
  /** The test file (relative to the working directory). */
  readonly file: string;
  /** Where the test was declared. */
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
 * One YAML file while it is being loaded, for the parsers of blocks outside the test lists
 * (`compliance:`). It lives only during LOAD: the `Suite` keeps none of it.
 */
export interface DocumentView {
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

/** Something the loader accepted but the user should hear about (plain data; the CLI prints it). */
export interface LoadWarning {
  /** What the warning says. */
  readonly message: string;
  /** The file it is about. */
  readonly file: string;
  /** 1-based line. */
  readonly line: number;
  /** 1-based column. */
  readonly col: number;
}

/** The fully resolved suite: the one value LOAD hands to CONNECT/EXECUTE. */
export interface Suite {
  /** The test files loaded, in load order. */
  readonly files: readonly string[];
  /** Resolved servers by key. */
  readonly servers: Readonly<Record<string, ServerSpec>>;
  /** Every test, in declaration order. */
  readonly tests: readonly TestCase[];
  /** Values that must never reach an output (resolved secrets). */
  readonly secrets: readonly string[];
  /** Load warnings, in file order (e.g. a header budget on a stdio server); absent means none. */
  readonly warnings?: readonly LoadWarning[];
  /** The `compliance:` blocks of the files, in file order, parsed and validated at load. */
  readonly compliance?: readonly ComplianceBlock[];
  /** `cassette:` settings of the files (docs/cassettes.md): their `normalize:` rules, in file order. */
  readonly cassette?: { readonly normalize: readonly NormalizeRule[] };
  /** `agents:`, `evals:`, `providers:` and `budget:` (docs/agents.md); absent when no file has one. */
  readonly agent?: import("./agent_types.ts").AgentSuite;
  /** `scan:` run also scans the servers' tool descriptions (docs/scan.md); absent: no scan. */
  readonly scan?: import("./scan_setting.ts").ScanSetting;
}
