/** @module Helpers for the block-reader tests: a DocumentView from YAML text, servers by name and a reader's context, all in memory. */

import { loadCarefulParser, parseYaml } from "../../../src/0_base/yaml/yaml_source.ts";
import {
  modelLookup,
  nothingFound,
  type TestBlockContext,
} from "../../../src/3_load/config/agent_block_context.ts";
import { documentOf } from "../../../src/3_load/config/load_file.ts";
import type { DocumentView, ServerSpec } from "../../../src/3_load/config/types.ts";
import { VariableStack } from "../../../src/3_load/config/variable_stack.ts";

// These documents are parsed directly (not through loadSuite, which loads it when needed).
await loadCarefulParser();

/**
 * The document a block reader sees for `text` (which must be schema-valid), as LOAD builds it;
 * `${NAME}` resolves from `env`.
 */
export function documentFrom(
  text: string,
  options: { file?: string; role?: "test file" | "config"; env?: Record<string, string> } = {},
): DocumentView {
  const file = options.file ?? "suite.yml";
  const source = parseYaml(text, file);
  const values = new Map(
    Object.entries(options.env ?? {}).map(([key, value]) => [key, { value, literal: true }]),
  );
  const stack = new VariableStack([{ label: "environment", values }]);
  return documentOf({
    file,
    absPath: `/project/${file}`,
    dir: "/project",
    role: options.role ?? "test file",
    source,
    value: source.value as Record<string, unknown>,
  }, stack);
}

/** Stdio servers by key: `name` for a global one, `<file>#<name>` for a file's own. */
export function serversNamed(...keys: string[]): Record<string, ServerSpec> {
  return Object.fromEntries(keys.map((key) => [key, serverSpec(key)]));
}

function serverSpec(key: string): ServerSpec {
  return {
    key,
    name: key.slice(key.indexOf("#") + 1),
    target: { kind: "stdio", command: ["server"], env: {} },
    timeoutMs: 30_000,
    parallel: false,
    source: key.includes("#") ? "test file" : "mcptest.yml",
  };
}

/** The context the `agents:` and `evals:` readers get, with no `providers:` and models resolved from `env`. */
export function blockContext(
  servers: Record<string, ServerSpec>,
  env: Record<string, string> = {},
): TestBlockContext {
  const found = nothingFound();
  return { found, servers, lookup: modelLookup(found, new Map(), env), judges: {}, ids: new Set() };
}
