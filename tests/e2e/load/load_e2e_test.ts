/** @module Load tests end to end (docs/load.md): the real CLI against the overlap fixture and the example server. */

import assert from "node:assert/strict";
import { join } from "node:path";
import { mcptest } from "../../_helpers/cli.ts";

const OVERLAP = "tests/fixtures/load/overlap.yml";

Deno.test("load: the overlap server passes alone and one call at a time", async () => {
  const alone = await mcptest(["run", OVERLAP]);
  assert.equal(alone.code, 0, alone.stdout + alone.stderr);
  assert.doesNotMatch(alone.stdout, /load:/);
  const serial = await mcptest(["run", OVERLAP, "--repeat", "20"]);
  assert.equal(serial.code, 0, serial.stdout + serial.stderr);
  assert.match(serial.stdout, /load: 20 calls at concurrency 1: .*error rate 0% \(0 of 20\)/);
});

Deno.test("load: the overlap server fails under --concurrency, its wrong answer shown", async () => {
  const run = await mcptest(["run", OVERLAP, "--repeat", "20", "--concurrency", "4"]);
  assert.equal(run.code, 1, run.stdout + run.stderr);
  assert.match(run.stdout, /FAIL {2}lookup answers its own item/);
  assert.match(run.stdout, /of 20 calls failed under load \(concurrency 4\)/);
  assert.match(run.stdout, /expected \(exact\): 7\n +actual: +8/);
});

Deno.test("load: budgets fail with the measured value; a percentile needs its samples", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const json = join(dir, "run.json");
    const run = await mcptest([
      "run",
      "tests/fixtures/load/budgets.yml",
      "--reporter",
      "pretty",
      "--reporter",
      `json:${json}`,
    ]);
    assert.equal(run.code, 1, run.stdout + run.stderr);
    assert.match(run.stdout, /Over budget[\s\S]*p95_ms: limit 0ms, actual [\d.]+ms/);
    assert.match(
      run.stdout,
      /SKIP budget p99_ms[^\n]*p99 needs at least 100 measured calls, got 20/,
    );
    const record = JSON.parse(await Deno.readTextFile(json));
    const test = record.tests[0];
    assert.equal(record.summary.budgetFailed, 1);
    assert.deepEqual(
      test.budgets.map((b: { budget: string; status: string }) => [b.budget, b.status]),
      [["p95_ms", "fail"], ["p99_ms", "skip"], ["error_rate", "pass"]],
    );
    assert.equal(test.load.samples, 20);
    assert.equal(test.load.p99Ms, undefined);
    assert.ok(test.load.p95Ms > 0);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("load: every reporter shows the distribution of examples/load.yml", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const path = (name: string) => join(dir, name);
    const run = await mcptest([
      "run",
      "examples/load.yml",
      "--reporter",
      `json:${path("r.json")}`,
      "--reporter",
      `junit:${path("r.xml")}`,
      "--reporter",
      `markdown:${path("r.md")}`,
      "--reporter",
      `html:${path("r.html")}`,
    ]);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const record = JSON.parse(await Deno.readTextFile(path("r.json")));
    const add = record.tests[0].load;
    assert.equal(add.samples, 100);
    assert.equal(add.warmUp, 10);
    assert.equal(add.mode, "pipelined");
    for (const field of ["p50Ms", "p90Ms", "p95Ms", "p99Ms", "maxMs", "throughput"]) {
      assert.equal(typeof add[field], "number", field);
    }
    assert.ok(add.p50Ms <= add.p90Ms && add.p90Ms <= add.p95Ms && add.p95Ms <= add.p99Ms);
    assert.ok(add.p99Ms <= add.maxMs);
    assert.ok(record.tests[1].load.samples > 0, "the duration test measured calls");
    const junit = await Deno.readTextFile(path("r.xml"));
    assert.match(junit, /<property name="mcptest.load.p99" value="[\d.]+"\/>/);
    assert.match(junit, /<property name="mcptest.load.error_rate" value="0"\/>/);
    const markdown = await Deno.readTextFile(path("r.md"));
    assert.match(markdown, /### Latency under load/);
    assert.match(markdown, /\| add holds up under four concurrent callers \| 100 \| [\d.]+ms \|/);
    const html = await Deno.readTextFile(path("r.html"));
    assert.match(html, /<figure class="load"><svg[^>]*aria-label="latency percentiles">/);
    assert.match(html, /<text x="0" y="\d+">p99<\/text>/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
