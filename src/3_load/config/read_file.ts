/** @module Read one YAML file of a suite: parse, validate against the schema, check the keys its role allows. */

import { dirname, relative, sep } from "../../0_base/util/path.ts";
import { ConfigError, ConfigErrors } from "../../0_base/errors/errors.ts";
import { InvalidUtf8Error } from "./decode_utf8.ts";
import { pruneInvalid } from "./schema_prune.ts";
import { checkDocument } from "./schema_validate.ts";
import type { ReadTextFile } from "./variable_stack.ts";
import { withLazyModules } from "../../0_base/util/lazy_module.ts";
import { parseYaml, type YamlSource } from "../../0_base/yaml/yaml_source.ts";

/** What a file is for; it decides which top-level keys it may hold. */
export type FileRole = "test file" | "config" | "mcptest.local.yml" | "server-config";

/** A parsed, schema-valid file. */
export interface ParsedFile {
  /** As shown in messages and ids: relative to the working directory, `/` separators. */
  readonly file: string;
  readonly absPath: string;
  /** Absolute directory of the file. */
  readonly dir: string;
  readonly role: FileRole;
  readonly source: YamlSource;
  /** The document; for a file with schema errors, only its schema-valid parts (see schema_prune.ts). */
  readonly value: Readonly<Record<string, unknown>>;
  /** Servers the file declares that have schema errors in their target: known by name, never built. */
  readonly brokenServers?: ReadonlySet<string>;
}

/** Show `abs` relative to `cwd` with forward slashes. */
export function displayPath(cwd: string, abs: string): string {
  const rel = relative(cwd, abs) || ".";
  return sep === "/" ? rel : rel.replaceAll(sep, "/");
}

/**
 * Read, parse and validate a file.
 * @param notFound the error for a missing file; `null` when the file is optional (then no error)
 * @returns the file, or every error found in it
 */
export async function readSuiteFile(
  absPath: string,
  cwd: string,
  role: FileRole,
  read: ReadTextFile,
  notFound: string | null = "file not found",
): Promise<{ parsed?: ParsedFile; errors: ConfigError[] }> {
  const file = displayPath(cwd, absPath);
  let text: string | undefined;
  try {
    text = await read(absPath);
  } catch (error) {
    if (error instanceof InvalidUtf8Error) {
      const { line, col } = error;
      const detail = error.message.replace(/ at line \d+, column \d+/, "");
      return { errors: [new ConfigError(detail, { file, line, col })] };
    }
    const reason = error instanceof Error ? error.message : String(error);
    return { errors: [new ConfigError(`cannot read ${file}: ${reason}`)] };
  }
  if (text === undefined) {
    return { errors: notFound === null ? [] : [new ConfigError(`${notFound}: ${file}`)] };
  }
  let source: YamlSource;
  try {
    // A document the fast path leaves to the careful parser (anchors, a syntax error) loads it
    // here, for this file alone, not by reading the whole suite again.
    source = await withLazyModules(() => Promise.resolve(parseYaml(text, file)));
  } catch (error) {
    if (error instanceof ConfigErrors) return { errors: [...error.errors] };
    throw error;
  }
  if (source.value === null) {
    const what = role === "test file" || role === "config"
      ? "tools:, resources:, prompts: or servers:"
      : "servers:";
    return {
      errors: [
        new ConfigError(`empty file; expected a mapping with ${what}`, { file, line: 1, col: 1 }),
      ],
    };
  }
  const { errors, invalid } = checkDocument(source);
  const isMapping = typeof source.value === "object" && !Array.isArray(source.value);
  if (isMapping) errors.push(...roleErrors(source, role));
  const base = { file, absPath, dir: dirname(absPath), role, source };
  if (invalid.length === 0) {
    if (errors.length > 0) return { errors };
    return { parsed: { ...base, value: source.value as Record<string, unknown> }, errors };
  }
  // Schema errors: the later checks still run on the valid parts, so one pass reports all.
  const pruned = isMapping
    ? pruneInvalid(source.value as Record<string, unknown>, invalid)
    : undefined;
  if (!pruned) return { errors };
  const parsed = { ...base, value: pruned.value, brokenServers: pruned.brokenServers };
  return { parsed, errors };
}

function roleErrors(source: YamlSource, role: FileRole): ConfigError[] {
  // `x-` keys are ignored everywhere (compose style: a home for YAML anchors).
  const keys = Object.keys(source.value as Record<string, unknown>).filter((k) =>
    !k.startsWith("x-")
  );
  const at = (key: string) => source.positionOf([key], "key");
  if (role === "config") return [];
  if (role === "test file") {
    return keys.filter((k) => k === "suites").map((k) =>
      new ConfigError(
        `"${k}" is only read from the project config (mcptest.yml or --config)`,
        at(k),
      )
    );
  }
  const label = role === "server-config" ? "a --server-config file" : "mcptest.local.yml";
  return keys.filter((k) => k !== "servers").map((k) =>
    new ConfigError(`"${k}" is not read from ${label}; it may only hold servers:`, at(k))
  );
}
