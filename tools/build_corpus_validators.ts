/** @module Generates standalone validators of every `schema:` matcher the embedded compliance corpus holds, so a compliance run compiles none of them. */

// Run: deno task compliance:build-corpus (after corpus.json; the staleness test names it).

import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import standaloneCode from "ajv/dist/standalone/index.js";
import { SCHEMA_OPTIONS } from "../src/1_matchers/schema_engine.ts";
import { schemaDialect, schemaKey, withoutId } from "../src/1_matchers/schema_key.ts";
import { inlineRuntime } from "./ajv_runtime_inline.ts";

/** Where the generated module lives (imported by the compliance engine on first need). */
export const GENERATED_CORPUS_VALIDATORS = new URL(
  "../src/3_load/compliance_corpus/_generated/corpus_validators.js",
  import.meta.url,
);

const HEADER = `// Generated from the schema: matchers of corpus.json by
// deno task compliance:build-corpus (do not edit).
// deno-lint-ignore-file
// deno-fmt-ignore-file
`;

type Schema = Record<string, unknown> | boolean;

/** Every distinct `schema:` matcher argument under `value` (a corpus), by key, in first-seen order. */
export function corpusSchemas(
  value: unknown,
  found = new Map<string, Schema>(),
): Map<string, Schema> {
  if (value === null || typeof value !== "object") return found;
  if (!Array.isArray(value)) {
    const matcher = (value as { matcher?: unknown }).matcher;
    if (matcher !== null && typeof matcher === "object" && Object.hasOwn(matcher, "schema")) {
      const schema = (matcher as { schema: unknown }).schema;
      if (typeof schema === "boolean" || (schema !== null && typeof schema === "object")) {
        const key = schemaKey(schema as Schema);
        if (!found.has(key)) found.set(key, schema as Schema);
      }
    }
  }
  for (const child of Object.values(value)) corpusSchemas(child, found);
  return found;
}

type Standalone = (ajv: Ajv2020, refs: Record<string, string>) => string;

/** An Ajv2020 set up as the schema engine is, emitting source. */
function emittingAjv(): Ajv2020 {
  const ajv = new Ajv2020({ ...SCHEMA_OPTIONS, code: { source: true, esm: true } });
  (addFormatsModule as unknown as (ajv: Ajv2020) => unknown)(ajv);
  return ajv;
}

/** The standalone code of `schema` alone, its runtime helpers inlined (undefined: it needs others). */
function selfContained(schema: Schema): string | undefined {
  const ajv = emittingAjv();
  ajv.addSchema(withoutId(schema) as Record<string, unknown>, "s");
  const code = inlineRuntime(generate()(ajv, { s: "s" }));
  return code.includes("require(") ? undefined : code;
}

function generate(): Standalone {
  const module = standaloneCode as unknown as { default?: Standalone } & Standalone;
  return module.default ?? module;
}

/**
 * The source of the generated module: ajv's standalone code of every 2020-12 schema of the corpus
 * whose code needs no runtime module (a `format:` would; such a schema is compiled at run time),
 * and `VALIDATORS`, a list of `[schemaKey, validate]`.
 */
export function generateCorpusValidatorsSource(corpus: unknown): string {
  const schemas = [...corpusSchemas(corpus)].filter(([, schema]) =>
    schemaDialect(schema) === "2020-12" && typeof schema !== "boolean" &&
    selfContained(schema) !== undefined
  );
  const ajv = emittingAjv();
  const refs: Record<string, string> = {};
  schemas.forEach(([, schema], i) => {
    ajv.addSchema(withoutId(schema) as Record<string, unknown>, `s${i}`);
    refs[`s${i}`] = `s${i}`;
  });
  const code = schemas.length === 0 ? '"use strict";' : inlineRuntime(generate()(ajv, refs));
  if (code.includes("require(")) throw new Error("a generated validator requires a runtime module");
  const list = schemas.map(([key], i) => `[${JSON.stringify(key)}, s${i}]`).join(",\n");
  return `${HEADER}${code}\nexport const VALIDATORS = [\n${list}\n];\n`;
}
