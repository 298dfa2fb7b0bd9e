/** @module `mcptest report` and `--annotations` end to end, through the real CLI. */

import assert from "node:assert/strict";
import { mcptest } from "../_helpers/cli.ts";

Deno.test("mcptest report re-renders a saved run in every format, in the same shape as the run wrote it", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const record = `${dir}/run.json`;
    const run = await mcptest([
      "run",
      "examples/migration.yml",
      "--reporter",
      "json",
      "--output",
      record,
    ]);
    assert.equal(run.code, 1, run.stderr);
    for (const format of ["junit", "tap", "sarif", "markdown", "html"]) {
      const direct = await mcptest([
        "run",
        "examples/migration.yml",
        "--reporter",
        format,
        "--output",
        `${dir}/direct.${format}`,
      ]);
      assert.equal(direct.code, 1, direct.stderr);
      const again = await mcptest([
        "report",
        record,
        "--format",
        format,
        "--output",
        `${dir}/again.${format}`,
      ]);
      assert.equal(again.code, run.code, `report exits as run did: ${again.stderr}`);
      const text = await Deno.readTextFile(`${dir}/again.${format}`);
      assert.match(text, /-32002/, `${format} names the actual code`);
      const normalize = (s: string) =>
        s.replace(/\d+(\.\d+)?\s*(ms|s)\b/g, "N").replace(/"?\d+"?(?=[,}\s])/g, "N")
          .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, "T").replace(/time="[^"]*"/g, "").replace(
            /timestamp="[^"]*"/g,
            "",
          );
      const directText = await Deno.readTextFile(`${dir}/direct.${format}`);
      assert.equal(normalize(text).length > 0, true);
      assert.equal(
        normalize(directText).split("\n").length,
        normalize(text).split("\n").length,
        `${format}: same shape from run and from report`,
      );
    }
    const merged = await mcptest([
      "report",
      "--merge",
      record,
      record,
      "--output",
      `${dir}/merged.json`,
    ]);
    assert.equal(merged.code, run.code, merged.stderr);
    const bad = await mcptest(["report", `${dir}/nope.json`, "--format", "junit"]);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /^error: /m);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("--annotations: ::error workflow commands on stderr under GitHub Actions (auto), always, never", async () => {
  const auto = await mcptest(["run", "examples/migration.yml"], {
    env: { GITHUB_ACTIONS: "true" },
  });
  assert.match(auto.stderr, /^::error file=examples\/migration\.yml,line=\d+/m);
  assert.equal(auto.stderr.match(/^::error /gm)?.length, 1, "one per failure");
  const local = await mcptest(["run", "examples/migration.yml"]);
  assert.doesNotMatch(local.stderr, /::error/);
  const always = await mcptest(["run", "examples/migration.yml", "--annotations", "always"]);
  assert.match(always.stderr, /^::error /m);
  const never = await mcptest(["run", "examples/migration.yml", "--annotations", "never"], {
    env: { GITHUB_ACTIONS: "true" },
  });
  assert.doesNotMatch(never.stderr, /::error/);
  const bad = await mcptest(["run", "examples/migration.yml", "--annotations", "sometimes"]);
  assert.equal(bad.code, 2);
});
