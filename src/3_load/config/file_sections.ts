/** @module Read the `servers:` / `server:` and `variables:` sections of a parsed file. */

import { ConfigError } from "../../0_base/errors/errors.ts";
import type { ParsedFile } from "./read_file.ts";
import type { VariableDef, VariableLayer } from "./variable_stack.ts";
import type { PathSegment } from "../../0_base/yaml/yaml_source.ts";

/** The name the single top-level `server:` form gets. */
export const DEFAULT_SERVER_NAME = "default";

/** A server entry as declared in a file (raw, not yet interpolated). */
export interface DeclaredServer {
  readonly name: string;
  readonly raw: Readonly<Record<string, unknown>>;
  /** Path of the entry in its document: `["servers", name]` or `["server"]`. */
  readonly path: readonly PathSegment[];
  readonly file: ParsedFile;
  /** Its target has schema errors (already reported): the name counts as declared, nothing is built. */
  readonly broken?: boolean;
}

/**
 * The servers a file declares, in file order: each `servers:` entry, or the single `server:` as
 * `default`. Declaring both forms is an error.
 */
export function declaredServers(
  file: ParsedFile,
): { servers: DeclaredServer[]; errors: ConfigError[] } {
  const { value, source } = file;
  const servers: DeclaredServer[] = [];
  if (value.server !== undefined && value.servers !== undefined) {
    const pos = source.positionOf(["server"], "key");
    return { servers, errors: [new ConfigError(`use either server: or servers:, not both`, pos)] };
  }
  if (value.server !== undefined) {
    servers.push({
      name: DEFAULT_SERVER_NAME,
      raw: value.server as Record<string, unknown>,
      path: ["server"],
      file,
      ...brokenFlag(file, DEFAULT_SERVER_NAME),
    });
  }
  const map = (value.servers ?? {}) as Record<string, Record<string, unknown>>;
  for (const [name, raw] of Object.entries(map)) {
    servers.push({ name, raw, path: ["servers", name], file, ...brokenFlag(file, name) });
  }
  return { servers, errors: [] };
}

function brokenFlag(file: ParsedFile, name: string): { broken?: true } {
  return file.brokenServers?.has(name) ? { broken: true } : {};
}

/**
 * The file's `variables:` as a variable source (`name: value` or `name: {value: ...}`), each
 * definition positioned at its value so errors inside it point there.
 */
export function variablesLayer(
  file: ParsedFile,
  label = `variables: (${file.file})`,
): VariableLayer {
  const values = new Map<string, VariableDef>();
  const raw = (file.value.variables ?? {}) as Record<string, unknown>;
  for (const [name, entry] of Object.entries(raw)) {
    const boxed = entry !== null && typeof entry === "object";
    const value = boxed ? (entry as Record<string, unknown>).value : entry;
    const pos = file.source.positionOf(boxed ? ["variables", name, "value"] : ["variables", name]);
    const typed = typeof value === "number" || typeof value === "boolean" ? { typed: value } : {};
    values.set(name, { value: String(value), pos, ...typed });
  }
  return { label, values };
}
