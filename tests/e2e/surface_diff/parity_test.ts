/** @module `mcptest diff --format json` and diffSurfaces() give the same report, for files and for a live side. */

import assert from "node:assert/strict";
import { itemsServerArgv, mcptest, ROOT } from "../../_helpers/cli.ts";
import { diffExitCode, diffSurfaces } from "../../../src/7_features/surface_diff/diff_surfaces.ts";
import { DIFF_FORMATS } from "../../../src/7_features/surface_diff/formats.ts";

const V1 = `${ROOT}examples/diff/v1.capture.json`;
const V2 = `${ROOT}examples/diff/v2.capture.json`;
const ITEMS = itemsServerArgv().map((a) => JSON.stringify(a)).join(" ");

Deno.test("diffSurfaces() gives the report `mcptest diff --format json` prints", async (t) => {
  const cases: Array<[string, string, string]> = [
    ["two captures", V1, V2],
    ["a capture and a live server", V2, ITEMS],
  ];
  for (const [label, old, next] of cases) {
    await t.step(label, async () => {
      const run = await mcptest(["diff", old, next, "--format", "json", "--timeout", "120000"]);
      const result = await diffSurfaces(old, next, { timeoutMs: 120_000 });
      const render = await DIFF_FORMATS.json();
      assert.equal(render(result, { color: false }), run.stdout);
      assert.equal(run.code, diffExitCode(result), run.stderr);
    });
  }
});
