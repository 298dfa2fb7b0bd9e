/** @module Loads one side of `mcptest diff`: a cassette, a capture file or a live server (URL or stdio command). */

import { asCassette, CassetteFormatError, isCassette } from "../../2_connect/cassette/format.ts";
import { parseCapture } from "../../5_execute/compliance/invariants/capture_file.ts";
import { serverFromFlag } from "../../3_load/config/server_spec.ts";
import { McptestError, UsageError } from "../../0_base/errors/errors.ts";
import { ExitCode } from "../../0_base/errors/exit_codes.ts";
import { connect } from "../../2_connect/session/connect.ts";
import { exists as isFile } from "../../2_connect/cassette/store.ts";
import { parseJsonText } from "../../0_base/util/read_json_file.ts";
import { type CaptureLike, surfaceOf } from "./surface.ts";
import { CATEGORIES, LISTING, type Surface } from "./types.ts";

/** Options of {@link loadSide}. */
export interface SideOptions {
  /** Extra HTTP headers (`Name: value`) for a live URL. */
  readonly headers?: readonly string[];
  /** Per-request timeout of a live server, in milliseconds. */
  readonly timeoutMs?: number;
}

/** Per-request timeout of a live side when none is given, in milliseconds. */
const DEFAULT_SIDE_TIMEOUT_MS = 10_000;

/** How many pages of one list a live server may answer before the diff gives up. */
const MAX_PAGES = 1000;

/** The capability each list method needs. */
const CAPABILITY: Readonly<Record<string, string>> = {
  "tools/list": "tools",
  "resources/list": "resources",
  "resources/templates/list": "resources",
  "prompts/list": "prompts",
};

/**
 * The surface of `arg`: an `http(s)://` URL or a command line is a live server (connected,
 * listed, closed); an existing file is a cassette or a capture (`FILE#N` picks the Nth session of
 * a capture that holds several).
 * @throws {ConfigError} a file that is not JSON, at file:line:col; a malformed URL, command or header (exit 2)
 * @throws {UsageError} a missing file, a program (an executable, a script, a binary) given as a
 *   file, a file that is neither a cassette nor a capture (exit 2)
 * @throws {ConnectError} a live server that cannot be reached (exit 1); a failed listing exits 1 too
 */
export async function loadSide(arg: string, options: SideOptions = {}): Promise<Surface> {
  if (/^https?:\/\//i.test(arg.trim())) return await liveSurface(arg, options);
  const file = await fileOf(arg);
  if (file) {
    const text = await readText(file.path);
    await refuseProgram(arg, file.path, text);
    return fromFile(file.path, text, file.index);
  }
  if (!/\s/.test(arg.trim()) && /\.json$/i.test(arg.trim())) {
    throw new UsageError(
      `${arg}: no such file (expected a cassette, a capture, a URL or a command)`,
    );
  }
  return await liveSurface(arg, options);
}

/** The file `arg` names (with an optional `#N` session selector), or undefined. */
async function fileOf(arg: string): Promise<{ path: string; index?: number } | undefined> {
  if (await isFile(arg)) return { path: arg };
  const selector = /^(.*)#(\d+)$/.exec(arg);
  if (selector && await isFile(selector[1]!)) {
    return { path: selector[1]!, index: Number(selector[2]) };
  }
  return undefined;
}

/** Extensions of programs and scripts, never of a cassette or capture. */
const PROGRAM_EXTENSIONS = /\.(?:[cm]?[jt]sx?|py|sh|bash|rb|pl|exe|bin)$/i;

/**
 * Refuse a program where a cassette or capture is expected: a file that does not start like JSON
 * and is executable, starts with `#!`, is binary (a NUL byte, an ELF/Mach-O/PE header) or has a
 * program's extension.
 * @throws {UsageError} naming the file and how to diff the server it starts (exit 2)
 */
async function refuseProgram(arg: string, path: string, text: string): Promise<void> {
  const start = text.trimStart();
  if (start.startsWith("{") || start.startsWith("[")) return;
  let executable = false;
  try {
    executable = ((await Deno.stat(path)).mode ?? 0) & 0o111 ? true : false;
  } catch { /* unknown: judged by its content */ }
  const head = text.slice(0, 4096);
  const binary = head.includes("\0") || /^(?:\x7fELF|MZ|\ufffd\ufffd\ufffd)/.test(head);
  if (!executable && !binary && !head.startsWith("#!") && !PROGRAM_EXTENSIONS.test(path)) return;
  const example = executable
    ? `"env ${arg}"`
    : /\.[cm]?[jt]sx?$/i.test(path)
    ? `"deno run -A ${arg}"`
    : `"python3 ${arg}"`;
  throw new UsageError(
    `${arg} is a program, not a cassette or capture file (JSON); to diff the live server it ` +
      `starts, give the command line that starts it (e.g. ${example}), or its URL`,
  );
}

async function readText(path: string): Promise<string> {
  try {
    return await Deno.readTextFile(path);
  } catch (error) {
    throw new UsageError(`cannot read ${path}: ${(error as Error).message}`);
  }
}

/** The surface recorded in a cassette or capture file's text (pure apart from the messages). */
export function fromFile(path: string, text: string, index?: number): Surface {
  const value = parseJsonText(text, path);
  if (isCassette(value)) {
    try {
      return surfaceOf(asCassette(value), path);
    } catch (error) {
      if (error instanceof CassetteFormatError) throw new UsageError(`${path}: ${error.message}`);
      throw error;
    }
  }
  const sessions: CaptureLike[] = parseCapture(text, path);
  if (index !== undefined) {
    const chosen = sessions[index - 1];
    if (!chosen) {
      throw new UsageError(`${path}#${index}: the capture holds ${sessions.length} session(s)`);
    }
    return surfaceOf(chosen, `${path}#${index}`);
  }
  if (sessions.length > 1) {
    const labels = sessions.map((s, i) => `  ${path}#${i + 1}  ${s.server_label}`).join("\n");
    throw new UsageError(
      `${path} holds ${sessions.length} sessions; name one with FILE#N:\n${labels}`,
    );
  }
  return surfaceOf(sessions[0]!, path);
}

/** Connect to a live server, list every category it advertises (all pages), close. */
async function liveSurface(arg: string, options: SideOptions): Promise<Surface> {
  const server = serverFromFlag(arg, {
    defaultName: "diff",
    ...(options.headers ? { headers: options.headers } : {}),
    timeoutMs: options.timeoutMs || DEFAULT_SIDE_TIMEOUT_MS,
  });
  const session = await connect({ ...server, key: "diff", name: "diff" });
  try {
    const caps = session.serverCapabilities ?? {};
    for (const category of CATEGORIES) {
      const method = LISTING[category].method;
      if (!(CAPABILITY[method]! in caps)) continue;
      let cursor: string | undefined;
      for (let page = 0; page < MAX_PAGES; page++) {
        const exchange = await session.request(method, cursor === undefined ? {} : { cursor });
        if (exchange.failure) {
          throw new McptestError(
            `${method} of ${arg} failed: ${exchange.failure.message}`,
            ExitCode.TestsFailed,
          );
        }
        const next = (exchange.response?.result as Record<string, unknown> | undefined)
          ?.["nextCursor"];
        if (typeof next !== "string") break;
        cursor = next;
      }
    }
    return surfaceOf(session.capture());
  } finally {
    await session.close();
  }
}
