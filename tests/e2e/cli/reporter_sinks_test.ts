/** @module `--reporter name[:path]` (repeatable) and `--output`: parsing, and the real CLI writing several reports in one run. */

import assert from "node:assert/strict";
import { parseReporterSinks } from "../../../src/8_cli/reporter_sinks.ts";
import { UsageError } from "../../../src/0_base/errors/errors.ts";
import { itemsServerYaml, mcptest, tempProject } from "../../_helpers/cli.ts";

Deno.test("parseReporterSinks() resolves name[:path] and --output", async (t) => {
  await t.step("no --reporter is pretty on stdout", () => {
    assert.deepEqual(parseReporterSinks(undefined, undefined), [{ name: "pretty", path: "-" }]);
  });
  await t.step("--output applies to a single reporter", () => {
    assert.deepEqual(parseReporterSinks(["junit"], "r.xml"), [{ name: "junit", path: "r.xml" }]);
    assert.deepEqual(parseReporterSinks(undefined, "r.txt"), [{ name: "pretty", path: "r.txt" }]);
  });
  await t.step("several reporters, each with its path, one on stdout", () => {
    assert.deepEqual(
      parseReporterSinks(["pretty", "junit:reports/r.xml"], undefined),
      [{ name: "pretty", path: "-" }, { name: "junit", path: "reports/r.xml" }],
    );
    assert.deepEqual(parseReporterSinks(["json:-"], undefined), [{ name: "json", path: "-" }]);
  });
  await t.step("bad input is a usage error naming what was wrong", () => {
    const cases: [string[], string | undefined, RegExp][] = [
      [["junt"], undefined, /unknown reporter "junt".*did you mean "junit"/],
      [["constructor"], undefined, /unknown reporter "constructor"/],
      [["junit:"], undefined, /empty path; write junit:reports\/out/],
      [["junit", "tap"], undefined, /only one reporter can write to stdout \(junit, tap\)/],
      [["pretty", "junit:r.xml"], "x.txt", /--output applies to a single --reporter/],
      [["junit:r.xml"], "x.xml", /--reporter junit:r\.xml already names its path/],
      [["junit:r.xml", "tap:r.xml"], undefined, /two reporters write to "r\.xml"/],
    ];
    for (const [values, output, message] of cases) {
      assert.throws(
        () => parseReporterSinks(values, output),
        (e: unknown) => e instanceof UsageError && message.test(e.message),
        values.join(" "),
      );
    }
  });
});

const suite = (name: string) =>
  `tools:\n  - name: ${name}\n    server: items\n    tool: echo\n    args: { text: "hi" }\n    expect:\n      - target: result.content[0].text\n        matcher: { exact: "hi" }\n  - name: echo fails\n    server: items\n    tool: echo\n    args: { text: "hi" }\n    expect:\n      - target: result.content[0].text\n        matcher: { exact: "ho" }\n`;

Deno.test("mcptest run writes several reports in one run; the streamed pretty report equals its re-render", async () => {
  const dir = await tempProject({
    "mcptest.yml": `servers:\n${itemsServerYaml()}`,
    "tests/a.yml": suite("same name"),
    "tests/b.yml": suite("same name"),
  });
  try {
    const run = await mcptest([
      "run",
      "tests/a.yml",
      "tests/b.yml",
      "--reporter",
      "pretty",
      "--reporter",
      "junit:reports/r.xml",
      "--reporter",
      "json:reports/run.json",
    ], { cwd: dir });
    assert.equal(run.code, 1, run.stderr);
    assert.match(
      run.stdout,
      /^tests\/a\.yml\n {2}PASS {2}same name[^\n]*\n {2}FAIL {2}echo fails[^\n]*\n {8}at tests\/a\.yml:14:9\n[\s\S]*\ntests\/b\.yml\n[\s\S]*at tests\/b\.yml:14:9[\s\S]*2 passed, 2 failed in/,
    );
    const junit = await Deno.readTextFile(`${dir}/reports/r.xml`);
    assert.match(junit, /<testsuite name="tests\/a\.yml"[\s\S]*<testsuite name="tests\/b\.yml"/);
    const report = await mcptest(["report", "reports/run.json"], { cwd: dir });
    assert.equal(report.code, 1, report.stderr); // the record has failures
    assert.equal(report.stdout, run.stdout, "mcptest report prints what the run streamed");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("mcptest run with every report in a file prints the failing tests and the summary line on the console", async () => {
  const dir = await tempProject({
    "suite.yml": `servers:\n${itemsServerYaml()}${suite("one")}`,
  });
  try {
    const run = await mcptest(["run", "suite.yml", "--reporter", "tap:out/r.tap"], { cwd: dir });
    assert.equal(run.code, 1, run.stderr);
    assert.match(
      run.stdout,
      /^FAIL echo fails \(suite\.yml:\d+:\d+\)\n1 passed, 1 failed in \d+\.\ds \(report: tap out\/r\.tap\)\n$/,
    );
    assert.match(await Deno.readTextFile(`${dir}/out/r.tap`), /^TAP version 14/);
    const bad = await mcptest(["run", "suite.yml", "--reporter", "junit", "--reporter", "tap"], {
      cwd: dir,
    });
    assert.equal(bad.code, 2);
    assert.equal(bad.stdout, "");
    assert.match(bad.stderr, /^error: only one reporter can write to stdout/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
