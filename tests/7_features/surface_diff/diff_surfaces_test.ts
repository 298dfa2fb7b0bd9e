/** @module diffSurfaces() on files (no live side): the result, what it refuses, and the format registry. */

import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { diffExitCode, diffSurfaces } from "../../../src/7_features/surface_diff/diff_surfaces.ts";
import { DIFF_FORMATS, diffFormat } from "../../../src/7_features/surface_diff/formats.ts";
import { UsageError } from "../../../src/0_base/errors/errors.ts";

const example = (name: string) =>
  fileURLToPath(new URL(`../../../examples/diff/${name}`, import.meta.url));

Deno.test("diffSurfaces() compares two captures; every format renders the result", async (t) => {
  const result = await diffSurfaces(example("v1.capture.json"), example("v2.capture.json"));
  assert.equal(result.changes.filter((c) => c.breaking).length, 7);
  assert.equal(diffExitCode(result), 1);
  await t.step("json", async () => {
    const parsed = JSON.parse((await DIFF_FORMATS.json())(result, { color: false }));
    assert.equal(parsed.breaking, 7);
  });
  await t.step("pretty and markdown", async () => {
    assert.match(
      (await DIFF_FORMATS.pretty())(result, { color: false }),
      /7 breaking, 5 non-breaking/,
    );
    assert.match(
      (await DIFF_FORMATS.markdown())(result, { color: false }),
      /^## Tool-surface diff/,
    );
  });
  await t.step("an unknown format", () => {
    assert.throws(
      () => diffFormat("xml"),
      (e: unknown) =>
        e instanceof UsageError &&
        e.message === 'unknown --format "xml"; expected one of: pretty, json, markdown',
    );
  });
});

Deno.test("diffSurfaces() refuses a comparison with nothing listed on either side", async () => {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-diff-unit-" });
  try {
    const empty = `${dir}/empty.json`;
    await Deno.writeTextFile(empty, JSON.stringify({ server_label: "x", exchanges: [] }));
    await assert.rejects(() => diffSurfaces(empty, empty), /^UsageError: nothing to compare: /);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
