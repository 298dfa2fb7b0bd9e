/** @module Reads the `compliance:` block of a test file (bare-array and object form) into plain, validated data. */

import type { DocumentView, ServerSpec } from "./types.ts";
import { ConfigError, ConfigErrors, type SourcePos } from "../../0_base/errors/errors.ts";
import { COMPLIANCE_CORPUS } from "../compliance_corpus/embedded.ts";
import { type GradeDeltaBlock, readGradeDelta } from "./grade_delta_block.ts";
import { validateComplianceVersion } from "../compliance_corpus/versions.ts";
import { validateGate } from "./spec_version_check.ts";
import type { SafeTool } from "./safe_tool.ts";

const RULE_ID = /^[A-Z]+-\d{3}$/;
const ENTRY_KEYS = new Set(["name", "rule", "server", "skip"]);
const BLOCK_KEYS = new Set([
  "spec_version",
  "spec_version_check",
  "grade_delta",
  "safe_tools",
  "tests",
]);

/** One compliance test: a rule id against a server. */
export interface ComplianceEntry {
  /** The rule id (`RES-002`). */
  readonly rule: string;
  /** Display name as written. */
  readonly name: string;
  /** ServerSpec.key of the server the rule runs against. */
  readonly serverKey: string;
  /** Skip reason, when the entry says `skip:`. */
  readonly skip?: string;
  /** Where the entry was written. */
  readonly pos: SourcePos;
}

/** The `spec_version_check:` block as written. */
export interface SpecVersionCheckBlock {
  /** The corpus version to compare with (`against:`). */
  readonly against?: string;
  /** The `expect:` assertions on the version diff, as written. */
  readonly expect?: readonly unknown[];
  /** Position of each `expect:` item (same order). */
  readonly expectPos?: readonly SourcePos[];
  /** Where the block was written. */
  readonly pos: SourcePos;
}

/** A file's `compliance:` block. */
export interface ComplianceBlock {
  /** The test file the block is in. */
  readonly file: string;
  /** The pinned corpus version (`v2025-06-18`), validated; undefined = the revision the server speaks. */
  readonly revision?: string;
  /** Where `spec_version:` was written. */
  readonly revisionPos?: SourcePos;
  /** Explicit rules; empty with `allRules` = every rule of the version. */
  readonly entries: readonly ComplianceEntry[];
  /** The object form without `tests:`: every rule of the pinned version, on every server of the file. */
  readonly allRules: boolean;
  /** Servers (keys) `allRules` runs against. */
  readonly serverKeys: readonly string[];
  /** The `spec_version_check:` gate, when the block has one. */
  readonly check?: SpecVersionCheckBlock;
  /** The `grade_delta:` gate on the compliance grade (needs the pin). */
  readonly gradeDelta?: GradeDeltaBlock;
  /**
   * `safe_tools:`: the tools the capability rules (ELICIT, SAMPLE, ROOTS) may call, with their
   * arguments; absent: the read-only tools that name the capability (docs/compliance.md).
   */
  readonly safeTools?: readonly SafeTool[];
  /** Where the block was written. */
  readonly pos: SourcePos;
}

/** The suite's servers by key, as the loader resolved them. */
type Servers = Readonly<Record<string, ServerSpec>>;

/**
 * Every `compliance:` block of the documents, parsed and validated (LOAD calls this).
 * @returns the blocks, and every problem found, positioned
 */
export function complianceBlocks(
  docs: readonly DocumentView[],
  servers: Servers,
): { blocks: ComplianceBlock[]; errors: ConfigError[] } {
  const errors: ConfigError[] = [];
  const blocks: ComplianceBlock[] = [];
  for (const doc of docs) {
    if (doc.value.compliance === undefined) continue;
    try {
      blocks.push(readBlock(doc, { servers }));
    } catch (error) {
      if (error instanceof ConfigErrors) errors.push(...error.errors);
      else if (error instanceof ConfigError) errors.push(error);
      else throw error;
    }
  }
  return { blocks, errors };
}

/** Run `read`, moving the positioned errors it throws into `errors`; undefined when it threw. */
function collecting<T>(errors: ConfigError[], read: () => T): T | undefined {
  try {
    return read();
  } catch (error) {
    if (error instanceof ConfigErrors) errors.push(...error.errors);
    else if (error instanceof ConfigError) errors.push(error);
    else throw error;
    return undefined;
  }
}

function readBlock(doc: DocumentView, suite: { servers: Servers }): ComplianceBlock {
  const raw = doc.resolve(["compliance"]).value;
  const pos = doc.positionOf(["compliance"], "key");
  const servers = serverKeysOf(doc, suite);
  if (Array.isArray(raw)) {
    return {
      file: doc.file,
      entries: readEntries(doc, raw, ["compliance"], servers),
      allRules: false,
      serverKeys: [],
      pos,
    };
  }
  const block = raw as Record<string, unknown>;
  const errors: ConfigError[] = unknownBlockKeys(doc, block);
  const revisionPos = block.spec_version === undefined
    ? undefined
    : doc.positionOf(["compliance", "spec_version"]);
  const revision = block.spec_version === undefined ? undefined : collecting(
    errors,
    () => validateComplianceVersion(String(block.spec_version), revisionPos),
  );
  const check = block.spec_version_check === undefined
    ? undefined
    : readCheck(doc, block.spec_version_check as Record<string, unknown>);
  const gradeDelta = block.grade_delta === undefined ? undefined : collecting(
    errors,
    () => readGradeDelta(doc, block.grade_delta, block.spec_version !== undefined),
  );
  const safeTools = block.safe_tools === undefined
    ? undefined
    : collecting(errors, () => readSafeTools(doc, block.safe_tools));
  const tests = Array.isArray(block.tests) ? block.tests : undefined;
  const entries = collecting(
    errors,
    () => tests ? readEntries(doc, tests, ["compliance", "tests"], servers) : [],
  ) ?? [];
  const allRules = tests === undefined && revision !== undefined;
  if (errors.length > 0) throw new ConfigErrors(errors);
  const result: ComplianceBlock = {
    file: doc.file,
    ...(revision !== undefined ? { revision } : {}),
    ...(revisionPos !== undefined ? { revisionPos } : {}),
    entries,
    allRules,
    serverKeys: allRules ? servers.all : [],
    ...(check ? { check } : {}),
    ...(gradeDelta ? { gradeDelta } : {}),
    ...(safeTools ? { safeTools } : {}),
    pos,
  };
  validateGate(result);
  return result;
}

function unknownBlockKeys(doc: DocumentView, block: Record<string, unknown>): ConfigError[] {
  return Object.keys(block).filter((key) => !BLOCK_KEYS.has(key)).map((key) =>
    new ConfigError(
      `unknown key "${key}" in compliance:, expected one of: ${[...BLOCK_KEYS].join(", ")}`,
      doc.positionOf(["compliance", key], "key"),
    )
  );
}

/** `safe_tools:`: a list of `{name, args}` (args a mapping, optional), every problem positioned. */
function readSafeTools(doc: DocumentView, raw: unknown): SafeTool[] {
  const at = ["compliance", "safe_tools"];
  const shape = "expected a list of {name: TOOL, args: {...}} (args optional)";
  if (!Array.isArray(raw)) {
    throw new ConfigError(`safe_tools: must be a list; ${shape}`, doc.positionOf(at));
  }
  const errors: ConfigError[] = [];
  const tools = raw.flatMap((item, i): SafeTool[] => {
    const where = (...key: string[]) =>
      doc.positionOf([...at, i, ...key], key.length ? "key" : "value");
    if (item === null || typeof item !== "object" || Array.isArray(item)) {
      errors.push(new ConfigError(`safe_tools[${i}] is not a mapping; ${shape}`, where()));
      return [];
    }
    const entry = item as Record<string, unknown>;
    for (const key of Object.keys(entry).filter((k) => k !== "name" && k !== "args")) {
      errors.push(
        new ConfigError(`unknown key "${key}" in safe_tools[${i}]; ${shape}`, where(key)),
      );
    }
    const args = entry.args;
    const argsOk = args === undefined ||
      (args !== null && typeof args === "object" && !Array.isArray(args));
    if (!argsOk) {
      errors.push(
        new ConfigError(`safe_tools[${i}].args must be a mapping of arguments`, where("args")),
      );
    }
    if (typeof entry.name !== "string" || entry.name.trim() === "") {
      errors.push(
        new ConfigError(`safe_tools[${i}] needs name: the tool's name; ${shape}`, where()),
      );
      return [];
    }
    return argsOk
      ? [{ name: entry.name, ...(args ? { arguments: args as Record<string, unknown> } : {}) }]
      : [];
  });
  if (errors.length > 0) throw new ConfigErrors(errors);
  return tools;
}

/** The `spec_version_check:` block as written, with the position of each `expect:` item. */
function readCheck(doc: DocumentView, c: Record<string, unknown>): SpecVersionCheckBlock {
  return {
    ...(typeof c.against === "string" ? { against: c.against } : {}),
    ...(Array.isArray(c.expect)
      ? {
        expect: c.expect,
        expectPos: c.expect.map((_, i) =>
          doc.positionOf(["compliance", "spec_version_check", "expect", i])
        ),
      }
      : {}),
    pos: doc.positionOf(["compliance", "spec_version_check"], "key"),
  };
}

interface ServerKeys {
  readonly all: string[];
  resolve(name: string | undefined, pos: SourcePos): string;
}

/** The servers a file's compliance tests may name: its own (`<file>#<name>`) and the global ones. */
function serverKeysOf(doc: DocumentView, suite: { servers: Servers }): ServerKeys {
  const own = Object.values(suite.servers).filter((s) => s.key === `${doc.file}#${s.name}`);
  const globals = Object.values(suite.servers).filter((s) => s.key === s.name);
  const usable = own.length > 0 ? own : globals;
  return {
    all: usable.map((s) => s.key),
    resolve(name, pos) {
      if (name === undefined) {
        if (usable.length === 1) return usable[0]!.key;
        throw new ConfigError(
          `compliance test has no server:, expected one of: ${
            usable.map((s) => s.name).join(", ")
          }`,
          pos,
        );
      }
      const hit = own.find((s) => s.name === name) ?? globals.find((s) => s.name === name);
      if (hit) return hit.key;
      const known = [...own, ...globals].map((s) => s.name).join(", ") || "(none declared)";
      throw new ConfigError(
        `unknown server ${JSON.stringify(name)}; expected one of: ${known}`,
        pos,
      );
    },
  };
}

function readEntries(
  doc: DocumentView,
  items: readonly unknown[],
  at: (string | number)[],
  servers: ServerKeys,
): ComplianceEntry[] {
  const errors: ConfigError[] = [];
  const entries: ComplianceEntry[] = [];
  items.forEach((item, i) => {
    const path = [...at, i];
    const pos = doc.positionOf(path);
    if (item === null || typeof item !== "object" || Array.isArray(item)) {
      errors.push(new ConfigError("compliance test must be a mapping with name: <RULE-ID>", pos));
      return;
    }
    const entry = item as Record<string, unknown>;
    for (const key of Object.keys(entry)) {
      if (!ENTRY_KEYS.has(key)) {
        errors.push(
          new ConfigError(
            `unknown key "${key}" in a compliance test, expected one of: ${
              [...ENTRY_KEYS].join(", ")
            }`,
            doc.positionOf([...path, key], "key"),
          ),
        );
      }
    }
    const name = typeof entry.name === "string" ? entry.name : "";
    const rule = typeof entry.rule === "string" ? entry.rule : name.split(/\s+/)[0] ?? "";
    if (!RULE_ID.test(rule) || COMPLIANCE_CORPUS.registry[rule] === undefined) {
      errors.push(
        new ConfigError(
          `unknown compliance rule "${rule}", expected a rule id of compliance/registry.yml such as PROTO-001 (as name: or rule:)`,
          doc.positionOf([...path, entry.rule !== undefined ? "rule" : "name"]),
        ),
      );
      return;
    }
    try {
      const server = typeof entry.server === "string" ? entry.server : undefined;
      const serverKey = servers.resolve(server, server ? doc.positionOf([...path, "server"]) : pos);
      entries.push({
        rule,
        name: name || rule,
        serverKey,
        ...(typeof entry.skip === "string" ? { skip: entry.skip } : {}),
        pos,
      });
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      errors.push(error);
    }
  });
  if (errors.length > 0) throw new ConfigErrors(errors);
  return entries;
}
