/** @module Turns `--server <URL or stdio command>` (or `NAME=<URL or command>`) into a ServerSpec. */

import type { ServerSpec } from "../../3_load/config/types.ts";
import { UsageError } from "../../0_base/errors/errors.ts";
import { shellSplit, ShellSplitError } from "../../0_base/util/shell_split.ts";

/** Options of {@link parseServerArg}. */
export interface ServerArgOptions {
  /** Extra HTTP headers (`Name: value`), e.g. Authorization. */
  readonly headers?: readonly string[];
  /** Per-request timeout in milliseconds (default 10000). */
  readonly timeoutMs?: number;
  /** The server's name (and key) when `arg` names none (default "conformance"). */
  readonly name?: string;
}

/** `NAME=` at the start of a `--server` value: a name (no space, no quote) then `=`. */
const NAMED = /^([A-Za-z0-9_][A-Za-z0-9_.-]*)=(.*)$/s;

/**
 * Split `NAME=TARGET` into its name and target; a bare target (an `http(s)://` URL, or a command
 * whose first word holds no `=`) has no name.
 */
export function splitServerName(arg: string): { name?: string; target: string } {
  const trimmed = arg.trim();
  if (/^https?:\/\//i.test(trimmed)) return { target: trimmed };
  const named = NAMED.exec(trimmed);
  return named ? { name: named[1]!, target: named[2]!.trim() } : { target: trimmed };
}

/**
 * An `http(s)://` URL becomes a Streamable HTTP target (auto-detecting legacy SSE); anything else
 * is a stdio command line, split like a POSIX shell does (quotes and backslashes, no expansion).
 * `NAME=TARGET` (as `mcptest run --server`) labels the server `NAME`; a bare target is named
 * `options.name`.
 * @throws {UsageError} for an empty command or target, unbalanced quotes or a malformed header
 */
export function parseServerArg(value: string, options: ServerArgOptions = {}): ServerSpec {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const { name: given, target: arg } = splitServerName(value);
  if (given !== undefined && arg === "") {
    throw new UsageError(
      `invalid --server ${
        JSON.stringify(value)
      }: missing the target; expected a URL, a command, name=url or name=command...`,
    );
  }
  const name = given ?? options.name ?? "conformance";
  const base = {
    key: name,
    name,
    parallel: false,
    timeoutMs,
    source: "cli flag" as const,
  };
  if (/^https?:\/\//i.test(arg.trim())) {
    const headers: Record<string, string> = {};
    for (const header of options.headers ?? []) {
      const colon = header.indexOf(":");
      if (colon <= 0) {
        throw new UsageError(`cannot parse header "${header}": expected "Name: value"`);
      }
      headers[header.slice(0, colon).trim()] = header.slice(colon + 1).trim();
    }
    return { ...base, target: { kind: "http", url: arg.trim(), headers, transport: "auto" } };
  }
  const command = splitCommand(arg);
  if (command.length === 0) throw new UsageError("--server needs a URL or a command");
  return { ...base, target: { kind: "stdio", command, env: {} } };
}

/** Split a command line into argv like a POSIX shell (quotes and backslashes, no expansion). */
export function splitCommand(line: string): string[] {
  try {
    return shellSplit(line);
  } catch (error) {
    if (error instanceof ShellSplitError) {
      throw new UsageError(`cannot parse server command: ${error.message}`);
    }
    throw error;
  }
}
