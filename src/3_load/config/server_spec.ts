/** @module Build a `ServerSpec` from a (schema-valid, interpolated) server entry or a `--server` flag. */

import { resolve } from "node:path";
import { ConfigError } from "../../0_base/errors/errors.ts";
import { findRevision, REVISION_IDS } from "../../0_base/protocol/revisions.ts";
import { shellSplit } from "../../0_base/util/shell_split.ts";
import type { ServerSpec, ServerTarget } from "./types.ts";
import type { TargetSource } from "../../2_connect/session/types.ts";
import type { InheritEnv } from "../../2_connect/transport/target.ts";
import { parseAuth } from "../../2_connect/auth/parse_auth.ts";
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
  if (!target || errors.length > 0) return { errors };
  const spec: ServerSpec = {
    key: origin.key,
    name: origin.name,
    target,
    ...(revision !== undefined ? { revision } : {}),
    parallel: raw.parallel === true,
    timeoutMs: typeof raw.timeout_ms === "number" ? raw.timeout_ms : DEFAULT_TIMEOUT_MS,
    source: origin.source,
    pos: origin.positionOf(origin.path, "key"),
  };
  return { spec, errors };
}

/**
 * Parse `--server name=command...` or `--server name=url` (a value starting with http:// or
 * https:// is a URL; anything else is a command string, split like a shell).
 * @throws {ConfigError} a malformed flag
 */
export function parseServerFlag(flag: string): { name: string; target: ServerTarget } {
  const eq = flag.indexOf("=");
  const name = eq < 0 ? "" : flag.slice(0, eq).trim();
  const value = eq < 0 ? "" : flag.slice(eq + 1).trim();
  const bad = (why: string) =>
    new ConfigError(
      `invalid --server ${JSON.stringify(flag)}: ${why}; expected name=command... or name=url`,
    );
  if (eq < 0) throw bad('missing "="');
  if (name === "" || value === "") {
    throw bad(name === "" ? "missing the server name" : "missing the target");
  }
  if (/^https?:\/\//i.test(value)) {
    const problem = urlProblem(value);
    if (problem) throw bad(problem);
    return { name, target: { kind: "http", url: value, headers: {}, transport: "auto" } };
  }
  let command: string[];
  try {
    command = shellSplit(value);
  } catch (error) {
    throw bad((error as Error).message);
  }
  return { name, target: { kind: "stdio", command, env: {} } };
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
