/** @module Generates standalone validators of the 2020-12 and draft-07 meta-schemas (ajv code generation), so no run pays for compiling them. */

import { Ajv } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import standaloneCode from "ajv/dist/standalone/index.js";
import { inlineRuntime } from "./ajv_runtime_inline.ts";

/** Where the generated validators live (imported by `_schemas.ts`), by dialect. */
export const GENERATED_META_VALIDATORS = {
  draft2020: new URL(
    "../src/7_features/conformance/probes/_generated/meta_2020_12.js",
    import.meta.url,
  ),
  draft07: new URL(
    "../src/7_features/conformance/probes/_generated/meta_draft_07.js",
    import.meta.url,
  ),
} as const;

/** The meta-schema id of each dialect. */
export const META_IDS = {
  draft2020: "https://json-schema.org/draft/2020-12/schema",
  draft07: "http://json-schema.org/draft-07/schema",
} as const;

/** The ajv options `_schemas.ts` validates schemas with (the generated code must match them). */
export const META_AJV_OPTIONS = { strict: false, validateFormats: false } as const;

const HEADER = `// Generated from ajv's meta-schema {id} by
// deno task conformance:build-meta-validators (do not edit).
// deno-lint-ignore-file
// deno-fmt-ignore-file
`;

type Standalone = (ajv: Ajv | Ajv2020, validate: unknown) => string;

/** A dialect mcptest checks schemas of. */
export type Dialect = keyof typeof META_IDS;

/** The ajv instance of a dialect, set up to emit source. */
function dialectAjv(dialect: Dialect): Ajv | Ajv2020 {
  const options = { ...META_AJV_OPTIONS, code: { source: true, esm: true } };
  return dialect === "draft2020" ? new Ajv2020(options) : new Ajv(options);
}

/** The source text of one dialect's standalone meta-schema validator (its default export). */
export function generateMetaValidatorSource(dialect: Dialect): string {
  const module = standaloneCode as unknown as { default?: Standalone } & Standalone;
  const generate = module.default ?? module;
  const ajv = dialectAjv(dialect);
  const validate = ajv.getSchema(META_IDS[dialect]);
  if (!validate) throw new Error(`ajv has no meta-schema ${META_IDS[dialect]}`);
  const inlined = inlineRuntime(generate(ajv, validate));
  if (inlined.includes("require(")) {
    throw new Error("a generated meta validator requires an unexpected runtime module");
  }
  return HEADER.replace("{id}", META_IDS[dialect]) + inlined + "\n";
}

if (import.meta.main) {
  for (const dialect of ["draft2020", "draft07"] as const) {
    await Deno.writeTextFile(
      GENERATED_META_VALIDATORS[dialect],
      generateMetaValidatorSource(dialect),
    );
    console.log(`wrote ${GENERATED_META_VALIDATORS[dialect].pathname}`);
  }
}
