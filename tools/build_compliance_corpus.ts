/** @module Compiles compliance/registry.yml + compliance/<version>/*.yml into src/compliance/_generated/corpus.json. */

// Run: deno task compliance:build-corpus (see docs/compliance.md for the exact permissions).

import { join } from "node:path";
import { ConfigError, ConfigErrors } from "../src/errors/errors.ts";
import { parseYaml } from "../src/config/yaml_source.ts";
import { writeFileAtomic } from "../src/util/write_output.ts";
import { validateEntry, validateRule } from "../src/compliance/corpus/validate.ts";
import type {
  ComplianceCorpus,
  RegistryEntry,
  RevisionCorpus,
  RuleSpec,
} from "../src/compliance/corpus/types.ts";
import { CORPUS_VERSIONS } from "../src/compliance/corpus/versions.ts";
import { coverageProblems } from "../src/compliance/corpus/citations.ts";
import {
  renderRulesTable,
  replaceRulesSection,
  RULES_DOC_PATH,
} from "../src/compliance/corpus/rules_doc.ts";

/** Where the generated module lives, relative to the repository root. */
export const GENERATED_PATH = "src/compliance/_generated/corpus.json";

async function readYaml(path: string) {
  return parseYaml(await Deno.readTextFile(path), path);
}

/**
 * Read and validate the whole corpus under `root` (normally `compliance/`).
 * @throws {ConfigErrors} every problem found, each at `file:line:col`
 */
export async function compileCorpus(root: string): Promise<ComplianceCorpus> {
  const errors: ConfigError[] = [];
  const registry: Record<string, RegistryEntry> = {};
  const indexOf = new Map<string, number>();
  const regFile = await readYaml(join(root, "registry.yml"));
  const entries = (regFile.value as { rules?: unknown })?.rules;
  if (!Array.isArray(entries)) {
    throw new ConfigErrors([
      new ConfigError("registry.yml needs a rules: list", regFile.positionOf([])),
    ]);
  }
  entries.forEach((raw, i) => {
    try {
      const entry = validateEntry(
        raw,
        (key) => regFile.positionOf(key ? ["rules", i, key] : ["rules", i]),
        (path) => regFile.positionOf(["rules", i, ...path]),
      );
      if (registry[entry.id]) {
        throw new ConfigError(
          `duplicate rule id ${entry.id}`,
          regFile.positionOf(["rules", i, "id"]),
        );
      }
      registry[entry.id] = entry;
      indexOf.set(entry.id, i);
    } catch (error) {
      if (error instanceof ConfigError) errors.push(error);
      else throw error;
    }
  });
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
      list.forEach((raw, i) => {
        try {
          const rule = validateRule(raw, registry, file.positionOf, ["rules", i]);
          if (rules.has(rule.id)) {
            throw new ConfigError(
              `duplicate rule ${rule.id} in ${dir}`,
              file.positionOf(["rules", i, "id"]),
            );
          }
          rules.set(rule.id, rule);
        } catch (error) {
          if (error instanceof ConfigError) errors.push(error);
          else throw error;
        }
      });
    }
    revisions[dir] = {
      version: dir,
      rules: [...rules.values()].sort((a, b) => a.id.localeCompare(b.id)),
    };
  }
  for (const version of CORPUS_VERSIONS) {
    if (!revisions[version] && !dirs.includes(version)) {
      errors.push(new ConfigError(`missing corpus directory ${join(root, version)}`));
    }
  }
  for (const entry of Object.values(registry)) {
    const presentIn = Object.values(revisions)
      .filter((r) => r.rules.some((rule) => rule.id === entry.id))
      .map((r) => r.version);
    const at = regFile.positionOf(["rules", indexOf.get(entry.id)!, entry.cite ? "cite" : "id"]);
    if (entry.deprecated && presentIn.length > 0) {
      errors.push(
        new ConfigError(
          `${entry.id} is retired but still runs in ${presentIn.join(", ")}: remove it there`,
          at,
        ),
      );
    }
    for (const problem of coverageProblems(entry.id, entry.cite ?? [], presentIn)) {
      errors.push(new ConfigError(problem, at));
    }
  }
  if (errors.length > 0) throw new ConfigErrors(errors);
  const sortedRegistry = Object.fromEntries(
    Object.entries(registry).sort(([a], [b]) => a.localeCompare(b)),
  );
  return { registry: sortedRegistry, revisions };
}

/** The exact text written to corpus.json (stable: the staleness test compares it byte for byte). */
export function renderCorpusJson(corpus: ComplianceCorpus): string {
  return JSON.stringify(corpus, null, 2) + "\n";
}

if (import.meta.main) {
  try {
    const corpus = await compileCorpus("compliance");
    await writeFileAtomic(GENERATED_PATH, renderCorpusJson(corpus));
    const doc = await Deno.readTextFile(RULES_DOC_PATH);
    const updated = replaceRulesSection(doc, renderRulesTable(corpus));
    if (updated !== doc) await writeFileAtomic(RULES_DOC_PATH, updated);
    const counts = Object.entries(corpus.revisions).map(([v, r]) => `${v}: ${r.rules.length}`);
    console.log(
      `wrote ${GENERATED_PATH} and the rule table of ${RULES_DOC_PATH} (${
        Object.keys(corpus.registry).length
      } rules; ${counts.join(", ")})`,
    );
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    Deno.exit(2);
  }
}
