/** @module Types of the migration toolkit: corpus entries, static hits, doctor rows. */

/** What kind of breaking change an entry is. */
export type MigrationCategory =
  | "error-code"
  | "lifecycle"
  | "removed-method"
  | "deprecated-capability"
  | "server-requests"
  | "transport";

/** How a change is detected: `live` (the doctor probes a server), `static` (lint/migrate read files). */
export type Detection = "live" | "static";

/** What the static scanner looks for on behalf of an entry. */
export interface StaticPattern {
  /** Error codes to flag, each with its replacement code. */
  readonly codes?: ReadonlyArray<{ readonly code: number; readonly replacement: number }>;
  /**
   * Where a code counts: `anywhere` (any number scalar, or the token inside a string) or
   * `error-code` (a number under a `code` key, or an assertion whose `target` ends in `code`).
   */
  readonly codeContext?: "anywhere" | "error-code";
  /** JSON-RPC method names to flag as the value of a `method` key. */
  readonly methods?: readonly string[];
  /** Capability names to flag as keys of a `capabilities` / `clientCapabilities` object. */
  readonly capabilities?: readonly string[];
}

/** One breaking change from the legacy revisions to the migration target. */
export interface MigrationEntry {
  /** Stable id, also the lint rule id (`legacy-error-code`). */
  readonly id: string;
  readonly category: MigrationCategory;
  /** One-line title for doctor rows and docs. */
  readonly title: string;
  /** The revision name the change came from (`2026-07-28`, or `2026-07-28-rc` for RC-only facts). */
  readonly source: string;
  /** What legacy revisions did. */
  readonly legacy: string;
  /** Replacement guidance (one sentence; used in lint messages and TODO comments). */
  readonly guidance: string;
  /** How the change is detected; empty = manual review only. */
  readonly detection: readonly Detection[];
  /** Whether `mcptest migrate --write` may rewrite a hit mechanically (one-to-one, no judgement). */
  readonly safeRewrite: boolean;
  /** Spec or SEP reference. */
  readonly reference: string;
  /** What lint/migrate look for (entries with `static` detection). */
  readonly pattern?: StaticPattern;
}

/** One static finding in a file. */
export interface Hit {
  /** Corpus entry id (= lint rule id). */
  readonly rule: string;
  /** 1-based line of the offending token. */
  readonly line: number;
  /** 1-based column of the offending token. */
  readonly col: number;
  /** Lint message: what was found and what replaces it. */
  readonly message: string;
  /** Short plan text (`-32002 -> -32602`, `ping: removed`). */
  readonly summary: string;
  /** Offset of the start of the line above which a TODO comment goes. */
  readonly anchor: number;
  /** The mechanical rewrite, when the entry has a safe one. */
  readonly rewrite?: { readonly start: number; readonly end: number; readonly text: string };
}

/** A doctor row status. */
export type MigrationStatus = "pass" | "fail" | "skip";

/** One row of the migration probe: one per corpus entry. */
export interface MigrationRow {
  /** The corpus entry's id. */
  readonly id: string;
  /** The verdict. */
  readonly status: MigrationStatus;
  /** The entry's title. */
  readonly title: string;
  /** One-line reason for the status. */
  readonly rationale: string;
}

/** The result of {@link checkResourceErrorCode}. */
export interface CodeCheck {
  /** `pass` when the code is right for the target revision, else `fail`. */
  readonly status: MigrationStatus;
  /** What was found and, on a failure, what to use instead. */
  readonly message: string;
}
