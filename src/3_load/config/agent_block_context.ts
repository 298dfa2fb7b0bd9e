/** @module What the readers of the agent blocks share: the errors and secrets found, and the lookups of nodes, models and servers. */

import { ConfigError, ConfigErrors } from "../../0_base/errors/errors.ts";
import type { ProviderConfig } from "./model_providers.ts";
import { modelLookupAt } from "./model_lookup.ts";
import type { ModelRef } from "./agent_types.ts";
import type { DocumentPath, DocumentView, ServerSpec } from "./types.ts";

/** The suite's servers by key, as the loader resolved them. */
export type Servers = Readonly<Record<string, ServerSpec>>;

/** What the agent-block readers found so far: problems (positioned) and secrets to redact. */
export interface Found {
  readonly errors: ConfigError[];
  readonly secrets: string[];
}

/** A new, empty {@link Found}. */
export function nothingFound(): Found {
  return { errors: [], secrets: [] };
}

/** The node at `path`, interpolated, its secrets kept; on config errors they are recorded and it gives undefined. */
export function resolveNode(found: Found, doc: DocumentView, path: DocumentPath): unknown {
  try {
    const done = doc.resolve(path);
    found.secrets.push(...done.secrets);
    return done.value;
  } catch (error) {
    if (!(error instanceof ConfigErrors)) throw error;
    found.errors.push(...error.errors);
    return undefined;
  }
}

/** Resolves a model as written at `at` of `doc`; undefined (and a positioned error) when it cannot. */
export type ModelLookup = (
  written: unknown,
  doc: DocumentView,
  at: DocumentPath,
) => ModelRef | undefined;

/**
 * The model lookup of a suite: through its `providers:` and the environment; each key it finds
 * joins the secrets.
 * @param env the environment keys and `MCPTEST_<FAMILY>_BASE_URL` come from
 */
export function modelLookup(
  found: Found,
  providers: ReadonlyMap<string, ProviderConfig>,
  env: Readonly<Record<string, string>>,
): ModelLookup {
  const lookup = modelLookupAt(found, providers, env);
  return (written, doc, at) => lookup(written, doc.positionOf(at));
}

/** The key of server `name` as `doc` sees it: its own server first (a test file's), then a global one. */
export function serverKeyOf(servers: Servers, doc: DocumentView, name: string): string | undefined {
  const own = `${doc.file}#${name}`;
  if (doc.role !== "config" && Object.hasOwn(servers, own)) return own;
  return Object.hasOwn(servers, name) ? name : undefined;
}

/** The error for a server name no server answers to, listing the declared ones. */
export function unknownServer(
  servers: Servers,
  doc: DocumentView,
  name: string,
  at: DocumentPath,
): ConfigError {
  const known = [...new Set(Object.values(servers).map((s) => s.name).sort())];
  return new ConfigError(
    `unknown server ${JSON.stringify(name)}; expected one of: ${
      known.join(", ") || "(none declared)"
    }`,
    doc.positionOf(at),
  );
}

/** The one server a block of `doc` may leave unnamed: the file's only own server, else the suite's only one. */
export function soleServer(servers: Servers, doc: DocumentView): string | undefined {
  const own = Object.values(servers).filter((s) => s.key.startsWith(`${doc.file}#`));
  if (own.length === 1) return own[0]!.name;
  const all = Object.values(servers);
  return own.length === 0 && all.length === 1 ? all[0]!.name : undefined;
}

/** What reading the `agents:` and `evals:` blocks needs from the suite, and where it puts what it finds. */
export interface TestBlockContext {
  /** Problems (positioned) and secrets found. */
  readonly found: Found;
  /** The suite's servers by key. */
  readonly servers: Servers;
  /** Resolves a model as written. */
  readonly lookup: ModelLookup;
  /** Judge models resolved so far, by the model as written (the readers add theirs). */
  readonly judges: Record<string, ModelRef>;
  /** Test ids taken so far (`<file>::agent::<name>`): a second one is a duplicate name. */
  readonly ids: Set<string>;
}

/**
 * The id of entry `i` of `block` named `name` (`<file>::agent::<name>`, `<file>::eval::<name>`);
 * undefined, and a positioned error, when a test of the same block and file took it first.
 */
export function claimTestId(
  doc: DocumentView,
  block: "agents" | "evals",
  i: number,
  name: string,
  context: TestBlockContext,
): string | undefined {
  const id = `${doc.file}::${block === "agents" ? "agent" : "eval"}::${name}`;
  if (!context.ids.has(id)) {
    context.ids.add(id);
    return id;
  }
  const what = block === "agents" ? "agent test name" : "eval name";
  const pos = doc.positionOf([block, i, "name"]);
  context.found.errors.push(new ConfigError(`duplicate ${what} "${name}"`, pos));
  return undefined;
}
