/** @module checkIds() (`conformance check-ids`): the revision asked for picks the corpus, also of a flat upstream folder; its formats. */

import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { checkIds } from "../../../src/7_features/conformance/check_ids.ts";
import {
  CHECK_IDS_FORMATS,
  checkIdsFormat,
} from "../../../src/7_features/conformance/check_ids_formats.ts";
import { UsageError } from "../../../src/0_base/errors/errors.ts";

const UPSTREAM = fileURLToPath(
  new URL("../../fixtures/conformance/upstream_seps", import.meta.url),
);

Deno.test("checkIds() honours the revision asked for", async (t) => {
  await t.step("a flat upstream folder (no SPEC_VERSION) read as the revision named", async () => {
    for (const revision of ["2026-07-28", "2025-11-25"]) {
      const report = await checkIds({ revision, corpusDir: UPSTREAM });
      assert.equal(report.target_version, revision);
      assert.equal(report.corpus_source, "override");
    }
  });
  await t.step("without a corpus dir, not the greatest revision present", async () => {
    const report = await checkIds({ revision: "2025-11-25" });
    assert.equal(report.target_version, "2025-11-25");
  });
});

Deno.test("CHECK_IDS_FORMATS renders the report as text or JSON; other names are refused", async (t) => {
  const report = await checkIds({ revision: "2026-07-28" });
  await t.step("json: the report itself", () => {
    assert.deepEqual(JSON.parse(CHECK_IDS_FORMATS.json(report)), report);
  });
  await t.step("text: one line per check id, then the counts", () => {
    const lines = CHECK_IDS_FORMATS.text(report).trimEnd().split("\n");
    assert.equal(lines.length, report.checks.length + 1);
    assert.match(
      lines.at(-1)!,
      /^2026-07-28 \(\w+\): \d+ check ids, \d+ implemented, \d+ untested/,
    );
  });
  await t.step("an unknown name lists the known ones (exit 1, seed 002)", () => {
    assert.throws(
      () => checkIdsFormat("xml"),
      (e: unknown) =>
        e instanceof UsageError && e.exitCode === 1 &&
        e.message === 'unknown --format "xml"; expected one of: text, json',
    );
    assert.throws(() => checkIdsFormat("constructor"), UsageError);
  });
});
