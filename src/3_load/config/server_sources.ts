/** @module Server target sources (seed 004 section 9): resolve global servers per name across flags and config files. */

import { parseClientBlock } from "./client_block.ts";
import { ConfigError } from "../../0_base/errors/errors.ts";
import { type DeclaredServer, declaredServers } from "./file_sections.ts";
import { interpolateValue } from "./interpolate.ts";
import type { ParsedFile } from "./read_file.ts";
import { didYouMean } from "../../0_base/util/suggest.ts";
import { buildServer, checkRevision, DEFAULT_TIMEOUT_MS, parseServerFlag } from "./server_spec.ts";
import type { ServerSpec, ServerTarget } from "./types.ts";
import type { TargetSource } from "../../2_connect/session/types.ts";
import type { VariableStack } from "./variable_stack.ts";

/** A config file that declares global servers, and the source it counts as. */
export interface ServerLayer {
  readonly source: Exclude<TargetSource, "cli flag" | "test file">;
  readonly file: ParsedFile;
}

/** The global servers by name, the secrets their definitions resolved and any errors. */
export interface GlobalServers {
  readonly servers: ReadonlyMap<string, ServerSpec>;
  /** Every name a global layer or a `--server` flag declares (including ones that failed to build). */
  readonly names: ReadonlySet<string>;
  /** The names `--server` flags give, in command-line order. */
  readonly flagged: readonly string[];
  /** The names the config layers (not the flags) declare. */
  readonly declared: ReadonlySet<string>;
  readonly secrets: readonly string[];
  readonly errors: readonly ConfigError[];
}

/**
 * Resolve global servers, per name, highest first: `--server` flags > `--server-config` >
 * `mcptest.local.yml` > `mcptest.yml` (or `--config`). Only the winning entry is interpolated and
 * built. A `--server` flag replaces the target only: `protocol_version`, `parallel` and
 * `timeout_ms` are kept from the next config layer that declares the name (defaults otherwise).
 * Global servers have `key = name`.
 * @param layers config files, highest precedence first
 * @param flags `--server name=...` values (a later flag for the same name wins)
 */
export function resolveGlobalServers(
  layers: readonly ServerLayer[],
  flags: readonly string[],
  stack: VariableStack,
): GlobalServers {
  const errors: ConfigError[] = [];
  const secrets: string[] = [];
  const flagged = new Map<string, ServerTarget>();
  for (const flag of flags) {
    try {
      const { name, target } = parseServerFlag(flag);
      flagged.set(name, target);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      errors.push(error);
    }
  }
  const declared = new Map<
    string,
    Array<{ entry: DeclaredServer; source: ServerLayer["source"] }>
  >();
  for (const layer of layers) {
    const found = declaredServers(layer.file);
    errors.push(...found.errors);
    for (const entry of found.servers) {
      const list = declared.get(entry.name) ?? [];
      list.push({ entry, source: layer.source });
      declared.set(entry.name, list);
    }
  }
  const servers = new Map<string, ServerSpec>();
  const names = new Set([...flagged.keys(), ...declared.keys()]);
  for (const name of [...names].sort()) {
    const target = flagged.get(name);
    const below = declared.get(name)?.[0];
    if (target) {
      servers.set(name, fromFlag(name, target, below?.entry, stack, errors));
      continue;
    }
    if (!below || below.entry.broken) continue;
    const { entry, source } = below;
    const positionOf = entry.file.source.positionOf;
    const done = interpolateValue(entry.raw, entry.path, stack, positionOf);
    secrets.push(...done.secrets);
    if (done.errors.length > 0) {
      errors.push(...done.errors);
      continue;
    }
    const origin = {
      name,
      key: name,
      source,
      dir: entry.file.dir,
      path: entry.path,
      positionOf,
      raw: entry.raw,
    };
    const built = buildServer(done.value as Record<string, unknown>, origin);
    errors.push(...built.errors);
    if (built.spec) servers.set(name, built.spec);
  }
  return {
    servers,
    names,
    flagged: [...flagged.keys()],
    declared: new Set(declared.keys()),
    secrets,
    errors,
  };
}

/**
 * `--server NAME=...` must name a server the suite knows: one a config layer or a loaded test file
 * declares, or one a test (or compliance entry) of the suite uses by name. Anything else is a typo
 * that would otherwise leave the real server running unchanged: a usage error listing the names.
 * @param globals what {@link resolveGlobalServers} returned
 * @param fileServerNames the names each loaded test file declares under `servers:`
 * @param usedKeys the server keys the suite's tests and compliance entries resolved to
 */
export function unknownServerFlags(
  globals: GlobalServers,
  fileServerNames: Iterable<string>,
  usedKeys: Iterable<string>,
): ConfigError[] {
  const defined = new Set([...globals.declared, ...fileServerNames]);
  const used = new Set(usedKeys);
  const unknown = globals.flagged.filter((name) => !defined.has(name) && !used.has(name));
  if (unknown.length === 0) return [];
  const known = [...defined].sort();
  const expected = known.length > 0
    ? `expected one of: ${known.join(", ")}`
    : "no suite declares servers: and no test names this server";
  return unknown.map((name) =>
    new ConfigError(
      `unknown server ${JSON.stringify(name)} in --server; ${expected}${didYouMean(name, known)}`,
    )
  );
}

function fromFlag(
  name: string,
  target: ServerTarget,
  below: DeclaredServer | undefined,
  stack: VariableStack,
  errors: ConfigError[],
): ServerSpec {
  const raw = below?.raw ?? {};
  let revision: string | undefined;
  if (below && typeof raw.protocol_version === "string") {
    const at = [...below.path, "protocol_version"];
    const pos = below.file.source.positionOf(at);
    try {
      revision = checkRevision(stack.interpolate(raw.protocol_version, pos), pos, errors);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      errors.push(error);
    }
  }
  return {
    key: name,
    name,
    target,
    ...(revision !== undefined ? { revision } : {}),
    parallel: raw.parallel === true,
    timeoutMs: typeof raw.timeout_ms === "number" ? raw.timeout_ms : DEFAULT_TIMEOUT_MS,
    ...flagClient(raw, below, errors),
    source: "cli flag",
  };
}

/** The `client:` of the entry a `--server` flag overrides: the flag replaces the target only. */
function flagClient(
  raw: Readonly<Record<string, unknown>>,
  below: DeclaredServer | undefined,
  errors: ConfigError[],
): Pick<ServerSpec, "client"> {
  if (!below || raw.client === undefined) return {};
  const parsed = parseClientBlock(
    raw.client,
    [...below.path, "client"],
    below.file.source.positionOf,
  );
  errors.push(...parsed.errors);
  return parsed.client ? { client: parsed.client } : {};
}
