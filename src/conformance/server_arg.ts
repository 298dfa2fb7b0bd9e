/** @module Turns `--server <URL or stdio command>` into a ServerSpec. */

import type { ServerSpec } from "../config/types.ts";
import { UsageError } from "../errors/errors.ts";

/** Options of {@link parseServerArg}. */
export interface ServerArgOptions {
  /** Extra HTTP headers (`Name: value`), e.g. Authorization. */
  readonly headers?: readonly string[];
  /** Per-request timeout in milliseconds (default 10000). */
  readonly timeoutMs?: number;
}

/**
 * An `http(s)://` URL becomes a Streamable HTTP target (auto-detecting legacy SSE); anything else
 * is a stdio command line, split like a POSIX shell does (quotes and backslashes, no expansion).
 * @throws {UsageError} for an empty command, unbalanced quotes or a malformed header
 */
export function parseServerArg(arg: string, options: ServerArgOptions = {}): ServerSpec {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const base = {
    key: "conformance",
    name: "conformance",
    parallel: false,
    timeoutMs,
    source: "cli flag" as const,
  };
  if (/^https?:\/\//i.test(arg.trim())) {
    const headers: Record<string, string> = {};
    for (const header of options.headers ?? []) {
      const colon = header.indexOf(":");
      if (colon <= 0) {
        throw new UsageError(`Cannot parse header "${header}": expected "Name: value"`);
      }
      headers[header.slice(0, colon).trim()] = header.slice(colon + 1).trim();
    }
    return { ...base, target: { kind: "http", url: arg.trim(), headers, transport: "auto" } };
  }
  const command = splitCommand(arg);
  if (command.length === 0) throw new UsageError("--server needs a URL or a command");
  return { ...base, target: { kind: "stdio", command, env: {} } };
}

/** Split a command line into argv (single quotes, double quotes, backslash escapes). */
export function splitCommand(line: string): string[] {
  const argv: string[] = [];
  let current = "";
  let started = false;
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i] as string;
    if (quote === "'") {
      if (ch === "'") quote = undefined;
      else current += ch;
    } else if (quote === '"') {
      if (ch === '"') quote = undefined;
      else if (ch === "\\" && i + 1 < line.length && '"\\$`'.includes(line[i + 1] as string)) {
        current += line[++i];
      } else current += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      started = true;
    } else if (ch === "\\" && i + 1 < line.length) {
      current += line[++i];
      started = true;
    } else if (/\s/.test(ch)) {
      if (started) argv.push(current);
      current = "";
      started = false;
    } else {
      current += ch;
      started = true;
    }
  }
  if (quote) throw new UsageError(`Cannot parse server command: unbalanced ${quote} quote`);
  if (started) argv.push(current);
  return argv;
}
