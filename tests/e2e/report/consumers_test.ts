/**
 * Each format is fed to its real consumer: xmllint + the JUnit XSD, Microsoft's SARIF validator,
 * tap-parser, and headless Chromium. A missing xmllint or validator fails these tests (CI installs
 * them); Chromium is optional on a developer machine and the screenshot test is ignored without it.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { Parser } from "tap-parser";
import { renderHtml } from "../../../src/6_report/html.ts";
import { renderJunit } from "../../../src/6_report/junit.ts";
import { renderSarif } from "../../../src/6_report/sarif.ts";
import { renderTap } from "../../../src/6_report/tap.ts";
import { ALL_RECORDS, loadRecord as load } from "../../6_report/_records.ts";

const FIXTURES = fileURLToPath(new URL("../../fixtures/report/", import.meta.url));
const SARIF_MULTITOOL = "@microsoft/sarif-multitool@5.7.0";

async function exec(cmd: string, args: string[], timeoutMs: number, cwd?: string) {
  let out: Deno.CommandOutput;
  try {
    out = await new Deno.Command(cmd, {
      args,
      stdout: "piped",
      stderr: "piped",
      signal: AbortSignal.timeout(timeoutMs),
      ...(cwd ? { cwd } : {}),
    }).output();
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      throw new Error(`${cmd} is not installed (CI installs it: see .ci/run)`);
    }
    throw error;
  }
  const decode = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code: out.code, stdout: decode(out.stdout), stderr: decode(out.stderr) };
}

async function withTempDir(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-consumers-" });
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("JUnit XML of every fixture validates against the JUnit XSD (xmllint)", async (t) => {
  await withTempDir(async (dir) => {
    for (const name of ALL_RECORDS) {
      await t.step(name, async () => {
        const file = `${dir}/${name}.xml`;
        await Deno.writeTextFile(file, renderJunit(load(name)));
        const res = await exec(
          "xmllint",
          ["--noout", "--schema", `${FIXTURES}junit.xsd`, file],
          30_000,
        );
        assert.equal(res.code, 0, res.stderr);
        assert.match(res.stderr, /validates/);
      });
    }
    await t.step("the schema rejects a malformed report", async () => {
      const file = `${dir}/bad.xml`;
      const bad = renderJunit(load("mixed"))
        .replace('<testcase name="local still works" ', "<testcase ")
        .replace('time="4.120"', 'time="4.1.2"');
      await Deno.writeTextFile(file, bad);
      const res = await exec(
        "xmllint",
        ["--noout", "--schema", `${FIXTURES}junit.xsd`, file],
        30_000,
      );
      assert.notEqual(res.code, 0);
      assert.match(res.stderr, /attribute 'name' is required/);
      assert.match(res.stderr, /'time'/);
    });
  });
});

interface ValidatorResult {
  level?: string;
  ruleId: string;
  message: { text?: string; arguments?: string[] };
  locations?: { physicalLocation?: { artifactLocation?: { uri?: string } } }[];
}

/**
 * Run Microsoft's SARIF validator once over every file (one start of the tool, not one per
 * file); return each file's error-level findings.
 */
async function sarifErrors(dir: string, files: string[]): Promise<Map<string, ValidatorResult[]>> {
  const out = `${dir}/validation.json`;
  const res = await exec(
    "npx",
    ["-y", SARIF_MULTITOOL, "validate", ...files, "--output", out, "--quiet"],
    300_000,
    dir,
  );
  assert.equal(res.code, 0, `sarif-multitool failed:\n${res.stdout}\n${res.stderr}`);
  const log = JSON.parse(await Deno.readTextFile(out));
  const results: ValidatorResult[] = log.runs?.[0]?.results ?? [];
  const byFile = new Map(files.map((file) => [file, [] as ValidatorResult[]]));
  for (const result of results.filter((r) => r.level === "error")) {
    const uri = result.locations?.[0]?.physicalLocation?.artifactLocation?.uri;
    const file = uri === undefined ? undefined : fileURLToPath(uri);
    assert.ok(
      file !== undefined && byFile.has(file),
      `a finding in no file: ${JSON.stringify(result)}`,
    );
    byFile.get(file)!.push(result);
  }
  return byFile;
}

Deno.test("SARIF of every fixture passes Microsoft's SARIF validator with no errors", async (t) => {
  await withTempDir(async (dir) => {
    const files = ALL_RECORDS.map((name) => `${dir}/${name}.sarif`);
    for (const [i, name] of ALL_RECORDS.entries()) {
      await Deno.writeTextFile(files[i]!, renderSarif(load(name)));
    }
    const bad = `${dir}/bad.sarif`;
    const log = JSON.parse(renderSarif(load("mixed")));
    delete log.runs[0].tool.driver.name;
    log.runs[0].results[0].locations[0].physicalLocation.region.startLine = 0;
    await Deno.writeTextFile(bad, JSON.stringify(log));
    const errors = await sarifErrors(dir, [...files, bad]);
    for (const [i, name] of ALL_RECORDS.entries()) {
      await t.step(name, () => {
        assert.deepEqual(errors.get(files[i]!), []);
      });
    }
    await t.step("the validator reports a broken log", () => {
      const found = errors.get(bad) ?? [];
      assert.ok(found.length >= 2, JSON.stringify(found));
    });
  });
});

async function parseTap(text: string) {
  const parser = new Parser();
  const done = new Promise<
    { ok: boolean; count: number; pass: number; fail: number; skip: number }
  >(
    (resolve) => parser.on("complete", resolve),
  );
  parser.end(text);
  return await done;
}

Deno.test("TAP of every fixture is parsed by tap-parser with the right counts", async (t) => {
  for (const name of ALL_RECORDS) {
    await t.step(name, async () => {
      const record = load(name);
      const s = record.summary;
      const result = await parseTap(renderTap(record));
      assert.equal(result.count, s.total);
      assert.equal(result.fail, s.failed + s.errored);
      assert.equal(result.skip, s.skipped);
      assert.equal(result.pass, s.passed + s.skipped); // tap-parser counts a skip as a pass
      assert.equal(result.ok, s.failed + s.errored === 0);
    });
  }
});

function findChromium(): string | undefined {
  for (
    const path of [
      "/usr/bin/chromium",
      "/usr/bin/chromium-headless-shell",
      "/usr/bin/chromium-browser",
    ]
  ) {
    try {
      if (Deno.statSync(path).isFile) return path;
    } catch {
      // not here
    }
  }
  return undefined;
}
const CHROMIUM = findChromium();
const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--hide-scrollbars",
];

Deno.test({
  name: "HTML report renders in headless Chromium (screenshot and DOM)",
  ignore: CHROMIUM === undefined,
  async fn() {
    await withTempDir(async (dir) => {
      const page = `${dir}/report.html`;
      await Deno.writeTextFile(page, renderHtml(load("mixed")));
      const shot = `${dir}/report.png`;
      const flags = [...CHROMIUM_FLAGS, `--user-data-dir=${dir}/profile`];
      const res = await exec(CHROMIUM!, [
        ...flags,
        "--window-size=1200,1800",
        `--screenshot=${shot}`,
        `file://${page}`,
      ], 120_000);
      assert.equal(res.code, 0, res.stderr);
      const png = await Deno.readFile(shot);
      assert.deepEqual([...png.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10], "a PNG");
      assert.ok(png.length > 20_000, `a real picture, got ${png.length} bytes`);
      const dom = await exec(CHROMIUM!, [...flags, "--dump-dom", `file://${page}`], 120_000);
      assert.equal(dom.code, 0, dom.stderr);
      assert.equal(dom.stdout.match(/<details class="test /g)?.length, 9);
      assert.ok(dom.stdout.includes("search returns matching items"));
      assert.ok(dom.stdout.includes('id="over-budget"'));
    });
  },
});
