/** @module Validates one parsed `sep-NNNN.yaml` (or .json) value into a SepFile, with clear errors. */

import type { Requirement, SepFile } from "./types.ts";

/** A SEP file that does not have the upstream shape. */
export class SepFormatError extends Error {
  constructor(file: string, detail: string) {
    super(`Cannot read SEP file "${file}": ${detail}`);
    this.name = "SepFormatError";
  }
}

/** Whether a parsed value looks like a SEP file at all (has `sep` and `requirements`). */
export function looksLikeSep(value: unknown): boolean {
  return isRecord(value) && "sep" in value && "requirements" in value;
}

/**
 * Check the upstream shape: `sep` (number), `spec_url` (string), `requirements` (list of
 * `{check, text, url?}` or `{text, excluded, url?}`). Unknown keys are dropped.
 * @throws {SepFormatError} naming the file and the first problem
 */
export function parseSepFile(value: unknown, file: string): SepFile {
  if (!isRecord(value)) throw new SepFormatError(file, "expected a mapping at the top level");
  const sep = typeof value.sep === "string" ? Number(value.sep) : value.sep;
  if (typeof sep !== "number" || !Number.isInteger(sep) || sep <= 0) {
    throw new SepFormatError(file, "`sep` must be a positive whole number");
  }
  const specUrl = value.spec_url ?? "";
  if (typeof specUrl !== "string") throw new SepFormatError(file, "`spec_url` must be a string");
  if (!Array.isArray(value.requirements)) {
    throw new SepFormatError(file, "`requirements` must be a list");
  }
  const requirements = value.requirements.map((entry, index) =>
    parseRequirement(entry, `${file}: requirements[${index}]`)
  );
  return { sep, spec_url: specUrl, requirements };
}

function parseRequirement(entry: unknown, where: string): Requirement {
  if (!isRecord(entry)) throw new SepFormatError(where, "expected a mapping");
  const { check, text, excluded, url } = entry;
  if (typeof text !== "string" || text.trim() === "") {
    throw new SepFormatError(where, "`text` must be a non-empty string");
  }
  if (url !== undefined && typeof url !== "string") {
    throw new SepFormatError(where, "`url` must be a string");
  }
  const withUrl = typeof url === "string" ? { url } : {};
  if (typeof check === "string" && check !== "") return { check, text, ...withUrl };
  if (typeof excluded === "string" && excluded !== "") return { text, excluded, ...withUrl };
  throw new SepFormatError(where, "needs either `check` (an id) or `excluded` (a reason)");
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
