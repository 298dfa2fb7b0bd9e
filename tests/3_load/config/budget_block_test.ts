/** @module readBudget(): the suite's one `budget:` block as spend caps. */

import assert from "node:assert/strict";
import type { ConfigError } from "../../../src/0_base/errors/errors.ts";
import { readBudget } from "../../../src/3_load/config/budget_block.ts";
import { documentFrom } from "./_documents.ts";

Deno.test("readBudget() reads the caps of the file that declares them", () => {
  const config = documentFrom(
    `budget:\n  per_test_usd_cents: 5\n  per_suite_usd_cents: 50\n`,
    { file: "mcptest.yml", role: "config" },
  );
  const tests = documentFrom(`tools: []\n`);
  const errors: ConfigError[] = [];
  assert.deepEqual(readBudget([config, tests], errors), {
    perTestUsdCents: 5,
    perSuiteUsdCents: 50,
  });
  assert.deepEqual(errors, []);
});

Deno.test("readBudget() is empty when no file has a budget:, and reads only the caps written", () => {
  const errors: ConfigError[] = [];
  assert.deepEqual(readBudget([documentFrom(`tools: []\n`)], errors), {});
  assert.deepEqual(readBudget([documentFrom(`budget:\n  per_test_usd_cents: 2\n`)], errors), {
    perTestUsdCents: 2,
  });
  assert.deepEqual(errors, []);
});

Deno.test("readBudget() keeps the first budget: and rejects a second at file:line:col", () => {
  const first = documentFrom(`budget:\n  per_test_usd_cents: 5\n`, { file: "a.yml" });
  const second = documentFrom(`tools: []\nbudget:\n  per_test_usd_cents: 9\n`, { file: "b.yml" });
  const errors: ConfigError[] = [];
  assert.deepEqual(readBudget([first, second], errors), { perTestUsdCents: 5 });
  assert.deepEqual(errors.map((e) => e.message), [
    "b.yml:2:1: budget: is declared in more than one file; declare it once (mcptest.yml)",
  ]);
});
