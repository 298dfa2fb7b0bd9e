import assert from "node:assert/strict";
import {
  GENERATED_VALIDATOR,
  generateValidatorSource,
} from "../../../tools/build_schema_validator.ts";

Deno.test("the generated schema validator is current with schemas/v1.json (run `deno task schema:build`)", async () => {
  const committed = await Deno.readTextFile(GENERATED_VALIDATOR);
  assert.ok(
    committed === generateValidatorSource(),
    "src/3_load/config/_generated/schema_validator.js is stale",
  );
});
