/** @module Generates standalone validators of the 2020-12 and draft-07 meta-schemas (ajv code generation), so no run pays for compiling them. */

import { Ajv } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import standaloneCode from "ajv/dist/standalone/index.js";

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

// ajv's ESM output `require`s its runtime helpers; inline equivalents (plain JSON input).
const UCS2_REQUIRE = 'require("ajv/dist/runtime/ucs2length").default';
const UCS2_INLINE = "((s) => { let n = 0; for (const _ of s) n++; return n; })";
const EQUAL_REQUIRE = 'require("ajv/dist/runtime/equal").default';
const EQUAL_INLINE =
  "((a, b) => { const eq = (x, y) => { if (x === y) return true; if (!x || !y || typeof x !== 'object' || typeof y !== 'object' || Array.isArray(x) !== Array.isArray(y)) return false; const kx = Object.keys(x), ky = Object.keys(y); return kx.length === ky.length && kx.every((k) => Object.prototype.hasOwnProperty.call(y, k) && eq(x[k], y[k])); }; return eq(a, b); })";

/** Standalone code with ajv's two runtime helpers inlined (what is left `require`s something else). */
export function inlineRuntime(code: string): string {
  return code.replaceAll(UCS2_REQUIRE, UCS2_INLINE).replaceAll(EQUAL_REQUIRE, EQUAL_INLINE);
}

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
