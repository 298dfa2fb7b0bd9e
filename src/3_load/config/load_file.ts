/** @module Load one test file: its variables, its own servers, its tests, and the document kept for later features. */

import { ConfigError, ConfigErrors, type SourcePos } from "../../0_base/errors/errors.ts";
import { declaredServers, variablesLayer } from "./file_sections.ts";
import { interpolateValue } from "./interpolate.ts";
import { normalizeTests, nothingToInterpolate } from "./normalize_tests.ts";
import { didYouMean } from "../../0_base/util/suggest.ts";
import type { ParsedFile } from "./read_file.ts";
import type { GlobalServers } from "./server_sources.ts";
import { buildServer } from "./server_spec.ts";
import type { DocumentPath, DocumentView, ServerSpec, TestCase } from "./types.ts";
import type { VariableLayer, VariableStack } from "./variable_stack.ts";

/** What every file of a suite shares. */
export interface SuiteContext {
  readonly globals: GlobalServers;
  /** Sources 1 to 6 (command line, environment, .env files). */
  readonly stack: VariableStack;
  /** The project config's `variables:`, below each file's own. */
  readonly configVariables?: VariableLayer;
}

/** What one file contributes. */
export interface FileResult {
  /** The file's own servers (`key = <file>#<name>`), minus names a global source overrides. */
  readonly servers: ServerSpec[];
  /** Every server name the file declares under `servers:` (overridden ones included). */
  readonly serverNames: readonly string[];
  readonly tests: TestCase[];
  readonly secrets: string[];
  readonly errors: ConfigError[];
  /** The file as the parsers of other blocks (`compliance:`) see it; only during LOAD. */
  readonly document: DocumentView;
}

/**
 * Load a parsed, schema-valid file. For the project config (`file.role === "config"`) the servers
 * it declares are global ones (already in `context.globals`); for a test file they are its own.
 */
export function loadFile(file: ParsedFile, context: SuiteContext): FileResult {
  const isConfig = file.role === "config";
  const lower = isConfig ? [] : [variablesLayer(file)];
  if (context.configVariables) lower.push(context.configVariables);
  const stack = context.stack.withLower(...lower);
  const positionOf = file.source.positionOf;
  const errors: ConfigError[] = [];
  const secrets: string[] = [];
  const servers: ServerSpec[] = [];
  const declared = declaredServers(file);
  if (!isConfig) errors.push(...declared.errors);
  const own = new Set<string>();
  for (const entry of declared.servers) {
    own.add(entry.name);
    if (isConfig || context.globals.names.has(entry.name) || entry.broken) continue;
    const done = interpolateValue(entry.raw, entry.path, stack, positionOf);
    secrets.push(...done.secrets);
    if (done.errors.length > 0) {
      errors.push(...done.errors);
      continue;
    }
    const key = `${file.file}#${entry.name}`;
    const origin = {
      name: entry.name,
      key,
      source: "test file" as const,
      dir: file.dir,
      path: entry.path,
      positionOf,
      raw: entry.raw,
    };
    const built = buildServer(done.value as Record<string, unknown>, origin);
    errors.push(...built.errors);
    if (built.spec) servers.push(built.spec);
  }
  const resolveServer = serverResolver(file, [...own], context.globals);
  const plain = nothingToInterpolate(file.source.text);
  const tests = normalizeTests(file.file, file.value, stack, positionOf, resolveServer, plain);
  errors.push(...tests.errors);
  secrets.push(...tests.secrets);
  return {
    servers,
    serverNames: [...own],
    tests: tests.tests,
    secrets,
    errors,
    document: documentOf(file, stack),
  };
}

function serverResolver(file: ParsedFile, own: readonly string[], globals: GlobalServers) {
  const known = [...new Set([...own, ...globals.names])].sort();
  const expected = known.length > 0
    ? `expected one of: ${known.join(", ")}`
    : "no servers are declared (add servers: or pass --server name=command)";
  const keys = new Map<string, string>();
  return (name: string | undefined, lazyPos: SourcePos | (() => SourcePos)): string => {
    const pos = () => typeof lazyPos === "function" ? lazyPos() : lazyPos;
    let chosen = name;
    if (chosen === undefined) {
      if (own.length === 1) chosen = own[0];
      else if (own.length === 0 && globals.names.size === 1) chosen = [...globals.names][0];
      if (chosen === undefined) throw new ConfigError(`test has no server:; ${expected}`, pos());
    }
    if (globals.names.has(chosen)) return chosen;
    if (own.includes(chosen) && file.role !== "config") {
      let key = keys.get(chosen); // one string for all the file's tests of that server
      if (key === undefined) keys.set(chosen, key = `${file.file}#${chosen}`);
      return key;
    }
    throw new ConfigError(
      `unknown server ${JSON.stringify(chosen)}; ${expected}${didYouMean(chosen, known)}`,
      pos(),
    );
  };
}

/** The file as the parsers of the other blocks see it: its values, positions, and interpolation through `stack`. */
export function documentOf(file: ParsedFile, stack: VariableStack): DocumentView {
  const { positionOf } = file.source;
  return {
    file: file.file,
    role: file.role === "config" ? "config" : "test file",
    value: file.value,
    positionOf,
    resolve(path: DocumentPath) {
      let node: unknown = file.value;
      for (const segment of path) {
        node = node !== null && typeof node === "object" && Object.hasOwn(node, segment)
          ? (node as Record<string, unknown>)[segment]
          : undefined;
      }
      const done = interpolateValue(node, path, stack, positionOf);
      if (done.errors.length > 0) throw new ConfigErrors(done.errors);
      return { value: done.value, secrets: done.secrets };
    },
  };
}
