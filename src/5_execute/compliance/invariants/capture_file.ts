/** @module Reads and checks a capture file (one session object, or an array of them). */

import { McptestError } from "../../../0_base/errors/errors.ts";
import { ExitCode } from "../../../0_base/errors/exit_codes.ts";
import type { CapturedSession } from "./types.ts";
import { parseJsonText } from "../../../0_base/util/read_json_file.ts";

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

function invalid(path: string, where: string, what: string): McptestError {
  return new McptestError(`cannot use capture ${path}: ${where} ${what}`, ExitCode.ConfigError);
}

/** Check one parsed session; `server_capabilities` defaults to null. */
function session(value: unknown, path: string, where: string): CapturedSession {
  if (!isObject(value)) {
    throw invalid(
      path,
      where,
      "is not an object, expected {server_label, server_capabilities, exchanges}",
    );
  }
  if (typeof value.server_label !== "string") {
    throw invalid(path, `${where}.server_label`, "is not a string");
  }
  const caps = value.server_capabilities ?? null;
  if (caps !== null && !isObject(caps)) {
    throw invalid(path, `${where}.server_capabilities`, "is not an object or null");
  }
  if (!Array.isArray(value.exchanges)) throw invalid(path, `${where}.exchanges`, "is not an array");
  value.exchanges.forEach((e, i) => {
    if (!isObject(e) || !isObject(e.request)) {
      throw invalid(path, `${where}.exchanges[${i}]`, "needs a request object");
    }
    if (e.response !== undefined && !isObject(e.response)) {
      throw invalid(path, `${where}.exchanges[${i}].response`, "is not an object");
    }
  });
  return {
    server_label: value.server_label,
    server_capabilities: caps as Record<string, unknown> | null,
    exchanges: value.exchanges as CapturedSession["exchanges"],
  };
}

/**
 * Parse a capture file's text.
 * @throws {McptestError} exit 2 with where the file is wrong (a ConfigError at `path:line:col` for
 *   malformed JSON)
 */
export function parseCapture(text: string, path: string): CapturedSession[] {
  const value = parseJsonText(text, path, (reason) => `cannot parse capture: ${reason}`);
  if (Array.isArray(value)) {
    if (value.length === 0) {
      throw invalid(path, "the array", "is empty, expected at least one session");
    }
    return value.map((v, i) => session(v, path, `[${i}]`));
  }
  return [session(value, path, "the session")];
}

/** Read and parse a capture file. @throws {McptestError} exit 2 when unreadable or invalid */
export async function readCapture(path: string): Promise<CapturedSession[]> {
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch (error) {
    throw new McptestError(
      `cannot read capture ${path}: ${(error as Error).message}`,
      ExitCode.ConfigError,
    );
  }
  return parseCapture(text, path);
}
