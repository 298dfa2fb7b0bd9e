/** @module Loads a compliance corpus from disk (a rule registry and its `<version>/` folders), validated as the embedded one is. */

import { join } from "../../0_base/util/path.ts";
import { ConfigError, ConfigErrors } from "../../0_base/errors/errors.ts";
import { loadCarefulParser, parseYaml } from "../../0_base/yaml/yaml_source.ts";
import { validateEntry, validateRule } from "./validate.ts";
import type { ComplianceCorpus, RegistryEntry, RevisionCorpus, RuleSpec } from "./types.ts";
import { CORPUS_VERSIONS } from "./versions.ts";
import { coverageProblems } from "./citations.ts";
import { loadSchemaEngine } from "../../1_matchers/schema.ts";

/**
 * Parse a corpus file; one that cannot be read (missing, a directory, no permission) is a load
 * error naming it, like a syntax error.
 * @throws {ConfigErrors}
 */
async function readYaml(path: string) {
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch (error) {
    const reason = error instanceof Deno.errors.NotFound
      ? "no such file"
      : error instanceof Error
      ? error.message
      : String(error);
    throw new ConfigErrors([
      new ConfigError(`cannot read ${path}: ${reason}`, { file: path, line: 1, col: 1 }),
    ]);
  }
  // A corpus directory is read rarely: positions of every kind, and schema matchers, at hand.
  await Promise.all([loadCarefulParser(), loadSchemaEngine()]);
  return parseYaml(text, path);
}

/** Push a ConfigError `read` throws into `errors` (anything else is a bug and propagates). */
function collecting(errors: ConfigError[], read: () => void): void {
  try {
    read();
  } catch (error) {
    if (error instanceof ConfigError) errors.push(error);
    else throw error;
  }
}

type YamlFile = Awaited<ReturnType<typeof readYaml>>;

/** compliance/registry.yml: its entries by id, and each entry's index in the file. */
interface Registry {
  readonly file: YamlFile;
  readonly entries: Record<string, RegistryEntry>;
  readonly indexOf: Map<string, number>;
}

/** How {@link loadCorpusDir} reads a corpus. */
export interface LoadCorpusOptions {
  /** The registry file (default: `<root>/registry.yml`); `--registry FILE`. */
  readonly registryFile?: string;
  /** Require a directory for every known revision (the shipped corpus does); default false. */
  readonly everyVersion?: boolean;
}

/**
 * Read and validate a compliance corpus: the rule registry and the `<version>/*.yml` rule files
 * next to it, with the validation the embedded corpus passes (seed 000's `load_dir`).
 *
 * @param root the folder holding `registry.yml` and the `<version>/` folders (`compliance/`)
 * @throws {ConfigErrors} every problem found, each at `file:line:col`
 * @example
 * ```ts ignore
 * import { loadCorpusDir } from "./load_dir.ts";
 *
 * const corpus = await loadCorpusDir("compliance", { everyVersion: true });
 * console.log(Object.keys(corpus.revisions));
 * ```
 */
export async function loadCorpusDir(
  root: string,
  options: LoadCorpusOptions = {},
): Promise<ComplianceCorpus> {
  const errors: ConfigError[] = [];
  const registry = await readRegistry(options.registryFile ?? join(root, "registry.yml"), errors);
  const revisions: Record<string, RevisionCorpus> = {};
  const dirs = [];
  for await (const entry of Deno.readDir(root)) if (entry.isDirectory) dirs.push(entry.name);
  for (const dir of dirs.sort()) {
    if (!CORPUS_VERSIONS.includes(dir)) {
      errors.push(
        new ConfigError(
          `unknown corpus directory "${dir}", expected one of: ${CORPUS_VERSIONS.join(", ")}`,
          { file: join(root, dir), line: 1, col: 1 },
        ),
      );
      continue;
    }
    revisions[dir] = await readRevision(root, dir, registry.entries, errors);
  }
  for (const version of options.everyVersion ? CORPUS_VERSIONS : []) {
    if (!revisions[version] && !dirs.includes(version)) {
      errors.push(new ConfigError(`missing corpus directory ${join(root, version)}`));
    }
  }
  errors.push(...registryProblems(registry, revisions));
  if (errors.length > 0) throw new ConfigErrors(errors);
  const sortedRegistry = Object.fromEntries(
    Object.entries(registry.entries).sort(([a], [b]) => a.localeCompare(b)),
  );
  return { registry: sortedRegistry, revisions };
}

/** Read the registry; entry problems go to `errors`, a file without a rules: list throws. */
async function readRegistry(path: string, errors: ConfigError[]): Promise<Registry> {
  const file = await readYaml(path);
  const registry: Registry = { file, entries: {}, indexOf: new Map() };
  const list = (file.value as { rules?: unknown })?.rules;
  if (!Array.isArray(list)) {
    throw new ConfigErrors([
      new ConfigError("a rule registry needs a rules: list", file.positionOf([])),
    ]);
  }
  list.forEach((raw, i) =>
    collecting(errors, () => {
      const entry = validateEntry(
        raw,
        (key) => file.positionOf(key ? ["rules", i, key] : ["rules", i]),
        (path) => file.positionOf(["rules", i, ...path]),
      );
      if (registry.entries[entry.id]) {
        throw new ConfigError(`duplicate rule id ${entry.id}`, file.positionOf(["rules", i, "id"]));
      }
      registry.entries[entry.id] = entry;
      registry.indexOf.set(entry.id, i);
    })
  );
  return registry;
}

/** Read the rule files of one revision directory, sorted by rule id; problems go to `errors`. */
async function readRevision(
  root: string,
  dir: string,
  registry: Record<string, RegistryEntry>,
  errors: ConfigError[],
): Promise<RevisionCorpus> {
  const rules = new Map<string, RuleSpec>();
  const files = [];
  for await (const f of Deno.readDir(join(root, dir))) {
    if (f.isFile && /\.ya?ml$/.test(f.name)) files.push(f.name);
  }
  for (const name of files.sort()) {
    const file = await readYaml(join(root, dir, name));
    const list = (file.value as { rules?: unknown })?.rules;
    if (!Array.isArray(list)) {
      errors.push(new ConfigError("a corpus file needs a rules: list", file.positionOf([])));
      continue;
    }
    list.forEach((raw, i) =>
      collecting(errors, () => {
        const rule = validateRule(raw, registry, file.positionOf, ["rules", i]);
        if (rules.has(rule.id)) {
          throw new ConfigError(
            `duplicate rule ${rule.id} in ${dir}`,
            file.positionOf(["rules", i, "id"]),
          );
        }
        rules.set(rule.id, rule);
      })
    );
  }
  return { version: dir, rules: [...rules.values()].sort((a, b) => a.id.localeCompare(b.id)) };
}

/** Registry entries at odds with the revisions: retired but still running, citations uncovered. */
function registryProblems(
  registry: Registry,
  revisions: Record<string, RevisionCorpus>,
): ConfigError[] {
  const problems: ConfigError[] = [];
  for (const entry of Object.values(registry.entries)) {
    const presentIn = Object.values(revisions)
      .filter((r) => r.rules.some((rule) => rule.id === entry.id))
      .map((r) => r.version);
    const at = registry.file.positionOf([
      "rules",
      registry.indexOf.get(entry.id)!,
      entry.cite ? "cite" : "id",
    ]);
    if (entry.deprecated && presentIn.length > 0) {
      problems.push(
        new ConfigError(
          `${entry.id} is retired but still runs in ${presentIn.join(", ")}: remove it there`,
          at,
        ),
      );
    }
    for (const problem of coverageProblems(entry.id, entry.cite ?? [], presentIn)) {
      problems.push(new ConfigError(problem, at));
    }
  }
  return problems;
}
