/** @module Redact any JSON value the way its kind needs: a run record, a capture, a list of results, or plain JSON. */

import { redactJsonValue } from "../0_base/redaction/redact.ts";
import { redactCapture, redactRecord, redactTests } from "./redact_record.ts";
import type { RunRecord } from "./run_record.ts";

/**
 * Deep-copy a JSON `value` with the secrets hidden inside its string values. Object keys, numbers,
 * booleans, null and the shape are never changed. A run record is handed to `redactRecord` (which
 * also keeps enum values such as `status` intact), a list of test results to `redactTests` and a
 * capture file value to `redactCapture`;
 * calling those directly says so at the call site.
 */
export function redactValue<T>(value: T, secrets: readonly string[]): T {
  if (isRunRecord(value)) return redactRecord(value, secrets) as T;
  if (isCapture(value)) return redactCapture(value, secrets);
  if (isTestList(value)) return redactTests(value, secrets);
  return redactJsonValue(value, secrets);
}

function isRunRecord(value: unknown): value is RunRecord {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  const tool = v["tool"] as Record<string, unknown> | undefined;
  return typeof v["version"] === "number" && tool?.["name"] === "mcptest" &&
    Array.isArray(v["tests"]);
}

function isCaptureSession(value: unknown): boolean {
  return value !== null && typeof value === "object" && !Array.isArray(value) &&
    "server_label" in value && "exchanges" in value;
}

function isCapture(value: unknown): boolean {
  return Array.isArray(value)
    ? value.length > 0 && value.every(isCaptureSession)
    : isCaptureSession(value);
}

function isTestList(value: unknown): boolean {
  return Array.isArray(value) && value.length > 0 &&
    value.every((t) =>
      t !== null && typeof t === "object" && typeof t.id === "string" &&
      typeof t.status === "string" && Array.isArray(t.assertions) && Array.isArray(t.budgets)
    );
}
