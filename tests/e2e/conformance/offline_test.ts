/** @module Proves scoring through the embedded corpus needs no file access (a child runs with no permissions). */

import assert from "node:assert/strict";
import { fileURLToPath as fromFileUrl } from "node:url";

const SCRIPT = fromFileUrl(new URL("../../fixtures/conformance/score_offline.ts", import.meta.url));

Deno.test("runConformance() scores through the embedded corpus without --allow-read", async () => {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--no-prompt", SCRIPT],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stderr = new TextDecoder().decode(output.stderr);
  assert.equal(output.code, 0, stderr);
  const summary = JSON.parse(new TextDecoder().decode(output.stdout));
  assert.equal(summary.source, "embedded");
  assert.equal(summary.tier, "tier-1");
  assert.ok(summary.must.total >= 3);
  assert.equal(summary.must.passed, summary.must.total);
});
