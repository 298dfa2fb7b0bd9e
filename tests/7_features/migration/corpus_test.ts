/** @module The migration corpus is well-formed data taken from the revisions table. */

import assert from "node:assert/strict";
import { MIGRATION_CORPUS, migrationEntry } from "../../../src/7_features/migration/corpus.ts";
import {
  isMigrationTarget,
  MIGRATION_TARGET,
  RC_RENUMBERING,
} from "../../../src/7_features/migration/target.ts";
import {
  LATEST_REVISION,
  LEGACY_RESOURCE_NOT_FOUND,
  RC_ERROR_CODES,
} from "../../../src/0_base/protocol/revisions.ts";

Deno.test("corpus ids are unique kebab-case and every entry says how it is detected", () => {
  const ids = MIGRATION_CORPUS.map((e) => e.id);
  assert.equal(new Set(ids).size, ids.length);
  for (const entry of MIGRATION_CORPUS) {
    assert.match(entry.id, /^[a-z0-9]+(-[a-z0-9]+)*$/);
    assert.ok(entry.title && entry.guidance && entry.legacy && entry.reference, entry.id);
    assert.ok(entry.detection.length > 0, `${entry.id} has no detection`);
    const hasPattern = entry.pattern !== undefined;
    assert.equal(hasPattern, entry.detection.includes("static"), `${entry.id}: pattern <-> static`);
  }
});

Deno.test("only the legacy error code has a safe one-to-one rewrite", () => {
  const safe = MIGRATION_CORPUS.filter((e) => e.safeRewrite).map((e) => e.id);
  assert.deepEqual(safe, ["legacy-error-code"]);
  const codes = migrationEntry("legacy-error-code")?.pattern?.codes;
  assert.deepEqual(codes, [{ code: LEGACY_RESOURCE_NOT_FOUND, replacement: -32602 }]);
});

Deno.test("the RC renumbering comes from the revisions table", () => {
  assert.equal(MIGRATION_TARGET.id, LATEST_REVISION);
  assert.deepEqual(
    RC_RENUMBERING.map((r) => [r.code, r.replacement]),
    Object.entries(RC_ERROR_CODES).map(([name, code]) => [code, MIGRATION_TARGET.errorCodes[name]]),
  );
  assert.deepEqual(RC_RENUMBERING.map((r) => r.replacement), [-32020, -32021, -32022]);
});

Deno.test("the migration target accepts its aliases and nothing else", () => {
  for (const name of ["2026-07-28", "v2026-07-28", "2026-07-28-rc", "draft"]) {
    assert.ok(isMigrationTarget(name), name);
  }
  for (const name of ["2025-11-25", "2026-07-29", "latest", ""]) {
    assert.ok(!isMigrationTarget(name), name);
  }
});
