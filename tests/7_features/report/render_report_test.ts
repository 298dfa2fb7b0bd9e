/** @module renderReport(): a saved record re-rendered, shards merged, and what it refuses before reading. */

import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { renderReport, reportExitCode } from "../../../src/7_features/report/render_report.ts";
import { UsageError } from "../../../src/0_base/errors/errors.ts";

const fixture = (name: string) =>
  fileURLToPath(new URL(`../../fixtures/report/${name}`, import.meta.url));

Deno.test("renderReport() renders one record, or merges shards (json by default)", async (t) => {
  await t.step("one record, pretty by default", async () => {
    const { record, chunks } = await renderReport([fixture("pass.json")]);
    assert.match([...chunks].join(""), /passed/);
    assert.equal(reportExitCode(record), 0);
  });
  await t.step("--merge: one record of both shards, as JSON", async () => {
    const { record, chunks } = await renderReport([
      fixture("shard_1.json"),
      fixture("shard_2.json"),
    ], {
      merge: true,
    });
    assert.deepEqual(JSON.parse([...chunks].join("")).summary, record.summary);
  });
  await t.step("a failed test: exit 1", async () => {
    const { record } = await renderReport([fixture("fail.json")], { format: "tap" });
    assert.equal(reportExitCode(record), 1);
  });
});

Deno.test("renderReport() refuses an unknown format and several records without --merge", async () => {
  await assert.rejects(
    () => renderReport([fixture("missing.json")], { format: "xml" }),
    (e: unknown) =>
      e instanceof UsageError && /^unknown reporter "xml"; expected one of: /.test(e.message),
    "the format is checked before any record is read",
  );
  await assert.rejects(
    () => renderReport([fixture("pass.json"), fixture("fail.json")]),
    /got 2 run records; pass --merge to join shard records into one/,
  );
  await assert.rejects(() => renderReport([fixture("missing.json")]), /run record not found/);
});
