/** @module Build a `ServerSpec` from a (schema-valid, interpolated) server entry, or from a `--server` flag (the one parser of that flag, for every command). */

import { resolve } from "../../0_base/util/path.ts";
import { ConfigError } from "../../0_base/errors/errors.ts";
import { findRevision, REVISION_IDS } from "../../0_base/protocol/revisions.ts";
import { shellSplit } from "../../0_base/util/shell_split.ts";
import type { ServerSpec, ServerTarget } from "./types.ts";
import type { TargetSource } from "../../2_connect/session/types.ts";
import type { InheritEnv } from "../../2_connect/transport/target.ts";
import { parseAuth } from "../../2_connect/auth/parse_auth.ts";
import { parseClientBlock } from "./client_block.ts";
import type { AuthConfig } from "../../2_connect/transport/auth_config.ts";
import type { PathSegment, PositionLookup } from "../../0_base/yaml/yaml_source.ts";

/** Per-request timeout when a server sets no `timeout_ms`. */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** Revision names accepted by `protocol_version` (besides a `v` prefix and `2026-07-28-rc`). */
export const ACCEPTED_REVISIONS: readonly string[] = [...REVISION_IDS, "draft"];

/** Where a server entry was declared. */
export interface ServerOrigin {
  readonly name: string;
  /** ServerSpec.key: the name for global servers, `<file>#<name>` for test-file servers. */
  readonly key: string;
  readonly source: TargetSource;
  /** Absolute directory of the declaring file (base of a relative `cwd`). */
  readonly dir: string;
  /** Path of the entry in its document, e.g. `["servers", "local"]`. */
  readonly path: readonly PathSegment[];
  readonly positionOf: PositionLookup;
  /** The entry before interpolation: names the variables an `auth:` block re-reads on a 401. */
  readonly raw?: Readonly<Record<string, unknown>>;
}

/**
 * Normalise one server entry: split a string `command`, append `args`, resolve `cwd`, check the url
 * and `protocol_version`, apply defaults (`parallel: false`, `timeout_ms: 30000`, `transport: auto`,
 * `inherit_env: true`, `max_message_bytes`: the transport's 16 MiB, both left unset when absent).
 * @returns the spec, or the errors (each at the offending value)
 */
export function buildServer(
  raw: Readonly<Record<string, unknown>>,
  origin: ServerOrigin,
): { spec?: ServerSpec; errors: ConfigError[] } {
  const errors: ConfigError[] = [];
  const at = (key: string) => origin.positionOf([...origin.path, key]);
  let target: ServerTarget | undefined;
  if (typeof raw.url === "string") {
    const problem = urlProblem(raw.url);
    if (problem) errors.push(new ConfigError(problem, at("url")));
    else {
      const transport = raw.transport === "streamable-http" || raw.transport === "sse"
        ? raw.transport
        : "auto";
      target = {
        kind: "http",
        url: raw.url,
        headers: stringMap(raw.headers),
        transport,
        ...maxMessageBytes(raw),
        ...authBlock(raw, origin, errors),
      };
    }
  } else {
    let argv: string[] = [];
    try {
      argv = Array.isArray(raw.command)
        ? raw.command.map(String)
        : shellSplit(String(raw.command ?? ""));
    } catch (error) {
      errors.push(
        new ConfigError(`cannot split "command": ${(error as Error).message}`, at("command")),
      );
    }
    if (argv.length === 0 || argv[0] === "") {
      if (errors.length === 0) {
        errors.push(new ConfigError(`"command" must name a program`, at("command")));
      }
    } else {
      const args = Array.isArray(raw.args) ? raw.args.map(String) : [];
      target = {
        kind: "stdio",
        command: [...argv, ...args],
        env: stringMap(raw.env),
        ...(typeof raw.cwd === "string" ? { cwd: resolve(origin.dir, raw.cwd) } : {}),
        ...inheritEnv(raw),
        ...maxMessageBytes(raw),
      };
    }
  }
  const revision = checkRevision(raw.protocol_version, () => at("protocol_version"), errors);
  const client = raw.client === undefined
    ? undefined
    : parseClientBlock(raw.client, [...origin.path, "client"], origin.positionOf);
  if (client) errors.push(...client.errors);
  if (!target || errors.length > 0) return { errors };
  const spec: ServerSpec = {
    key: origin.key,
    name: origin.name,
    target,
    ...(revision !== undefined ? { revision } : {}),
    parallel: raw.parallel === true,
    timeoutMs: typeof raw.timeout_ms === "number" ? raw.timeout_ms : DEFAULT_TIMEOUT_MS,
    ...(typeof raw.max_notification_bytes === "number"
      ? { maxNotificationBytes: raw.max_notification_bytes }
      : {}),
    ...(client?.client ? { client: client.client } : {}),
    source: origin.source,
    pos: origin.positionOf(origin.path, "key"),
  };
  return { spec, errors };
}

/** How a `--server` value is read: see {@link parseServerFlag}. */
export interface ServerFlagOptions {
  /**
   * The name a bare target (no `NAME=`) gets, on a command that checks one server (conformance,
   * compliance, doctor `--url`/`--command`, init, diff). Without it (`run`, `doctor --server`) a
   * value must name its server.
   */
  readonly defaultName?: string;
  /** `--header "Name: value"` values, sent to an `http(s)://` target (ignored for a command). */
  readonly headers?: readonly string[];
}

/**
 * `NAME=` at the start of a `--server` value: one word (no space, quote or backslash, not
 * starting with `-`), then `=`. `deno run --allow-net=x` is a command, not a name.
 */
const NAMED = /^([^\s"'\\=-][^\s"'\\=]*)\s*=(.*)$/s;

const isUrl = (value: string) => /^https?:\/\//i.test(value);

/**
 * Parse a `--server` value, the one reader of that flag for every command: `NAME=TARGET`, or a
 * bare `TARGET` where `options.defaultName` allows one. A target starting with `http://` or
 * `https://` is a URL (a Streamable HTTP target that auto-detects legacy SSE, with the
 * `options.headers`); anything else is a command line, split like a POSIX shell does (quotes and
 * backslashes, no expansion). A URL is never read as `NAME=`.
 *
 * Every problem is one message, `invalid --server "VALUE": WHY; expected name=command... or
 * name=url`, where WHY is `missing "="` (no name, none allowed), `missing the server name`,
 * `missing the target`, `the command names no program`, the shell's `unterminated double quote`,
 * or what is wrong with the URL.
 * @throws {ConfigError} a malformed value or header (exit 2)
 * @example
 * ```ts
 * import { parseServerFlag } from "./server_spec.ts";
 *
 * parseServerFlag("items=deno run -A server.ts").name; // "items"
 * parseServerFlag("http://127.0.0.1:3000/mcp", { defaultName: "server" }).target.kind; // "http"
 * ```
 */
export function parseServerFlag(
  flag: string,
  options: ServerFlagOptions = {},
): { name: string; target: ServerTarget } {
  const bad = (why: string) =>
    new ConfigError(
      `invalid --server ${JSON.stringify(flag)}: ${why}; expected name=command... or name=url`,
    );
  const { name, value } = splitServerFlag(flag.trim(), options.defaultName, bad);
  if (value === "") throw bad("missing the target");
  if (isUrl(value)) {
    const problem = urlProblem(value);
    if (problem) throw bad(problem);
    const headers = parseHeaderFlags(options.headers ?? []);
    return { name, target: { kind: "http", url: value, headers, transport: "auto" } };
  }
  let command: string[];
  try {
    command = shellSplit(value);
  } catch (error) {
    throw bad((error as Error).message);
  }
  if (command.length === 0 || command[0] === "") throw bad("the command names no program");
  return { name, target: { kind: "stdio", command, env: {} } };
}

/**
 * A `--server` value as a whole server (key and name alike, source `cli flag`, not parallel).
 * @throws {ConfigError} as {@link parseServerFlag}
 */
export function serverFromFlag(
  flag: string,
  options: ServerFlagOptions & {
    /** Per-request timeout in milliseconds (default {@link DEFAULT_TIMEOUT_MS}). */
    readonly timeoutMs?: number;
  } = {},
): ServerSpec {
  const { name, target } = parseServerFlag(flag, options);
  return {
    key: name,
    name,
    target,
    parallel: false,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    source: "cli flag",
  };
}

/**
 * `--header "Name: value"` values as a header map (a later name wins).
 * @throws {ConfigError} a value without a name before its colon (exit 2)
 */
export function parseHeaderFlags(headers: readonly string[]): Record<string, string> {
  const parsed: Record<string, string> = {};
  for (const header of headers) {
    const colon = header.indexOf(":");
    if (colon <= 0) {
      throw new ConfigError(`cannot parse header "${header}": expected "Name: value"`);
    }
    parsed[header.slice(0, colon).trim()] = header.slice(colon + 1).trim();
  }
  return parsed;
}

/** The name and the target text of a trimmed `--server` value. */
function splitServerFlag(
  value: string,
  defaultName: string | undefined,
  bad: (why: string) => ConfigError,
): { name: string; value: string } {
  if (value.startsWith("=")) throw bad("missing the server name");
  const named = isUrl(value) ? null : NAMED.exec(value);
  if (named) return { name: named[1]!, value: named[2]!.trim() };
  if (defaultName !== undefined) return { name: defaultName, value };
  throw bad(value.includes("=") ? "missing the server name" : 'missing "="');
}

/** Check a `protocol_version` value; returns the canonical revision id. */
export function checkRevision(
  value: unknown,
  pos: ReturnType<PositionLookup> | (() => ReturnType<PositionLookup>),
  errors: ConfigError[],
): string | undefined {
  if (typeof value !== "string") return undefined;
  const info = findRevision(value);
  if (info) return info.id;
  errors.push(
    new ConfigError(
      `unknown protocol_version ${JSON.stringify(value)}; expected one of: ${
        ACCEPTED_REVISIONS.join(", ")
      }`,
      typeof pos === "function" ? pos() : pos,
    ),
  );
  return undefined;
}

function urlProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `"url" must be an absolute http:// or https:// URL, got ${JSON.stringify(url)}`;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    return `"url" must use http:// or https://, got ${JSON.stringify(url)}`;
  }
  return undefined;
}

/** The `auth:` block as plain data (see src/2_connect/auth/parse_auth.ts); problems become positioned errors. */
function authBlock(
  raw: Readonly<Record<string, unknown>>,
  origin: ServerOrigin,
  errors: ConfigError[],
): { auth?: AuthConfig } {
  if (raw.auth === undefined) return {};
  const { auth, problems } = parseAuth(raw.auth, origin.raw?.auth);
  for (const problem of problems) {
    errors.push(
      new ConfigError(
        problem.message,
        origin.positionOf([...origin.path, "auth", ...problem.path]),
      ),
    );
  }
  return auth ? { auth } : {};
}

/** `inherit_env` (schema-checked: a boolean or a list of names); absent means the default, true. */
function inheritEnv(raw: Readonly<Record<string, unknown>>): { inheritEnv?: InheritEnv } {
  const value = raw.inherit_env;
  if (typeof value === "boolean") return { inheritEnv: value };
  if (Array.isArray(value)) return { inheritEnv: value.map(String) };
  return {};
}

/** `max_message_bytes` (schema-checked: an integer >= 1); absent means the transport default. */
function maxMessageBytes(raw: Readonly<Record<string, unknown>>): { maxMessageBytes?: number } {
  return typeof raw.max_message_bytes === "number"
    ? { maxMessageBytes: raw.max_message_bytes }
    : {};
}

function stringMap(value: unknown): Record<string, string> {
  if (value === null || typeof value !== "object") return {};
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)]));
}
