/** @module `deno task demo`: runs examples/migration.yml and explains its by-design exit code 1. */

import { runCli } from "../src/8_cli/program.ts";

const code = await runCli(["run", "examples/migration.yml"]);
if (code === 1) {
  console.log(
    "\ndemo: exit 1 as expected: the legacy server still answers a missing resource with -32002",
  );
  Deno.exit(0);
}
console.error(`\ndemo: unexpected exit code ${code} (expected 1: one FAIL, one PASS)`);
Deno.exit(1);
