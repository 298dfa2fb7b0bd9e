/** @module `mcptest compliance diff FROM TO`: pretty and json output, exit codes 0 / 1 / 2. */

import assert from "node:assert/strict";
import { mcptest } from "../../_helpers/cli.ts";

Deno.test("compliance diff: pretty output of a breaking upgrade lists the rules per bucket, exit 1", async () => {
  const run = await mcptest(["compliance", "diff", "v2024-11-05", "v2025-06-18", "--no-color"]);
  assert.equal(run.code, 1, run.stderr);
  assert.equal(run.stderr, "");
  assert.match(run.stdout, /^compliance diff v2024-11-05 -> v2025-06-18: \d+ changed, \d+ added/);
  assert.match(run.stdout, /\nchanged \(\d+\)\n(?: {2}\S+\n)* {2}PROTO-002\n/);
  assert.match(run.stdout, /\nadded \(\d+\)\n(?: {2}\S+\n)* {2}ELICIT-001\n/);
  assert.match(run.stdout, /breaking: /);
  assert.equal(run.stdout.includes("\x1b["), false);
});

Deno.test("compliance diff: --format json is parseable and agrees with the exit code", async () => {
  const clean = await mcptest(["compliance", "diff", "v2026-07-28", "draft", "--format", "json"]);
  assert.equal(clean.code, 0, clean.stderr);
  const json = JSON.parse(clean.stdout);
  assert.equal(json.from, "v2026-07-28");
  assert.equal(json.to, "draft");
  assert.equal(json.clean, true);
  assert.equal(json.summary.changed, 0);
  assert.equal(
    json.entries.length,
    json.summary.unchanged + json.summary.added + json.summary.removed,
  );
  const seed = await mcptest(["compliance", "diff", "v2024-11-05", "draft", "--format", "json"]);
  assert.equal(seed.code, 1);
  const proto008 = JSON.parse(seed.stdout).entries.find((e: { rule: string }) =>
    e.rule === "PROTO-008"
  );
  assert.equal(proto008.bucket, "unchanged");
});

Deno.test("compliance diff: unknown revision or format is exit 2 with one clear line", async () => {
  const typo = await mcptest(["compliance", "diff", "v2024-11-05", "v2025-6-18"]);
  assert.equal(typo.code, 2);
  assert.equal(typo.stdout, "");
  assert.match(
    typo.stderr,
    /unknown compliance version "v2025-6-18", expected one of: v2024-11-05, v2025-03-26, v2025-06-18, .*, draft\n/,
  );
  assert.doesNotMatch(typo.stderr, /\n\s+at /);
  const format = await mcptest(["compliance", "diff", "v2024-11-05", "draft", "--format", "xml"]);
  assert.equal(format.code, 2);
  assert.match(format.stderr, /unknown --format "xml", expected pretty or json/);
  const missing = await mcptest(["compliance", "diff", "v2024-11-05"]);
  assert.equal(missing.code, 2);
});
