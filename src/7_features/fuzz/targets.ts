/** @module What a fuzz run may call: tools by their annotations and the opt-in flags, prompts, resource templates. */

import type fc from "fast-check";
import { argumentCases, templateCases, templateVariables } from "./cases.ts";
import type { Schema } from "./schema_values.ts";
import type { FuzzCase, FuzzTargetKind } from "./types.ts";
import { compileValidator, type InputValidator } from "./validator.ts";

/** One thing to fuzz, with its case generator and validators. */
export interface FuzzTarget {
  readonly kind: FuzzTargetKind;
  /** The tool or prompt name; the template's `uriTemplate`. */
  readonly name: string;
  /** Generates its cases. */
  readonly cases: fc.Arbitrary<FuzzCase>;
  /** Whether an input is valid (undefined: validity cannot be told; templates have none). */
  readonly isValid?: InputValidator;
  /** Whether a tool's structuredContent matches its outputSchema. */
  readonly output?: InputValidator;
  /** The tool's outputSchema as listed (the YAML test of a mismatch asserts it). */
  readonly outputSchema?: Readonly<Record<string, unknown>>;
  /** Why it is not fuzzed, when it is not. */
  readonly skip?: string;
}

/** The opt-ins for tools with side effects. */
export interface SideEffectOptIns {
  /** `--allow-writes`: tools marked `destructiveHint: false` that are not read-only. */
  readonly writes: boolean;
  /** `--allow-destructive`: every tool (destructive ones, and those without annotations). */
  readonly destructive: boolean;
}

const isObj = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * Why a tool is not fuzzed without an opt-in, or undefined when it may be: a tool marked
 * `readOnlyHint: true` always may; one marked `destructiveHint: false` needs `--allow-writes`;
 * any other (destructive, or unannotated: the spec's defaults presume destructive) needs
 * `--allow-destructive`.
 */
export function sideEffectSkip(annotations: unknown, optIns: SideEffectOptIns): string | undefined {
  const hints = isObj(annotations) ? annotations : {};
  if (hints["readOnlyHint"] === true || optIns.destructive) return undefined;
  if (hints["destructiveHint"] === false) {
    return optIns.writes
      ? undefined
      : "not marked read-only (it may write): fuzzed only with --allow-writes";
  }
  return hints["destructiveHint"] === true
    ? "marked destructive: fuzzed only with --allow-destructive"
    : "not marked read-only or non-destructive (the spec presumes destructive): fuzzed only with --allow-destructive";
}

/** A tool as a target. */
export function toolTarget(
  tool: Readonly<Record<string, unknown>>,
  optIns: SideEffectOptIns,
): FuzzTarget {
  const schema = (isObj(tool["inputSchema"]) ? tool["inputSchema"] : { type: "object" }) as Schema;
  const output = isObj(tool["outputSchema"]) ? compileValidator(tool["outputSchema"]) : undefined;
  const isValid = compileValidator(schema);
  const skip = sideEffectSkip(tool["annotations"], optIns);
  return {
    kind: "tool",
    name: String(tool["name"] ?? ""),
    cases: argumentCases(schema),
    ...(isValid ? { isValid } : {}),
    ...(output ? { output, outputSchema: tool["outputSchema"] as Record<string, unknown> } : {}),
    ...(skip ? { skip } : {}),
  };
}

/**
 * A prompt as a target: its arguments as an object schema of strings. Values stay strings (the
 * wire type, and what a `prompts:` test can send), so invalid means a required argument missing.
 */
export function promptTarget(prompt: Readonly<Record<string, unknown>>): FuzzTarget {
  const args = Array.isArray(prompt["arguments"]) ? prompt["arguments"].filter(isObj) : [];
  const properties: Record<string, unknown> = {};
  for (const arg of args) {
    if (typeof arg["name"] === "string") properties[arg["name"]] = { type: "string" };
  }
  const required = args.filter((a) => a["required"] === true && typeof a["name"] === "string")
    .map((a) => a["name"] as string);
  const schema = { type: "object", properties, required };
  return {
    kind: "prompt",
    name: String(prompt["name"] ?? ""),
    cases: argumentCases(schema, true),
    isValid: compileValidator(schema)!,
  };
}

/** A resource template as a target (no validity: only crashes, hangs, malformed answers, -32603). */
export function templateTarget(template: Readonly<Record<string, unknown>>): FuzzTarget {
  const uriTemplate = String(template["uriTemplate"] ?? "");
  const skip = templateVariables(uriTemplate).length === 0
    ? "the template has no variables"
    : undefined;
  return {
    kind: "resource_template",
    name: uriTemplate,
    cases: templateCases(uriTemplate),
    ...(skip ? { skip } : {}),
  };
}
