/** @module `conformance check-ids --target-version`: the flag picks the revision, also of a flat upstream folder. */

import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { conformanceCheckIdsAction } from "../../../src/8_cli/conformance_check_ids_action.ts";

const UPSTREAM = fileURLToPath(
  new URL("../../fixtures/conformance/upstream_seps", import.meta.url),
);

/** Run the action and return its exit code and what it printed on stdout. */
async function checkIds(
  options: { targetVersion?: string; corpusDir?: string },
): Promise<{ code: number; listing: { target_version: string; corpus_source: string } }> {
  const lines: string[] = [];
  const log = console.log;
  console.log = (...parts: unknown[]) => lines.push(parts.join(" "));
  try {
    const code = await conformanceCheckIdsAction({ ...options, format: "json", verbose: false });
    return { code, listing: JSON.parse(lines.join("\n") || "{}") };
  } finally {
    console.log = log;
  }
}

Deno.test("conformanceCheckIdsAction() honours --target-version", async (t) => {
  await t.step("a flat upstream folder (no SPEC_VERSION) read as the revision named", async () => {
    for (const version of ["2026-07-28", "2025-11-25"]) {
      const { code, listing } = await checkIds({ targetVersion: version, corpusDir: UPSTREAM });
      assert.equal(code, 0);
      assert.equal(listing.target_version, version);
      assert.equal(listing.corpus_source, "override");
    }
  });
  await t.step("without --corpus-dir, not the greatest revision present", async () => {
    const { code, listing } = await checkIds({ targetVersion: "2025-11-25" });
    assert.equal(code, 0);
    assert.equal(listing.target_version, "2025-11-25");
  });
});
