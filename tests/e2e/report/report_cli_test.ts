import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { getReporter } from "../../../src/6_report/reporters.ts";
import type { RunRecord } from "../../../src/4_record/run_record.ts";
import { parseRunRecord } from "../../../src/4_record/validate.ts";
import { mergeRecords } from "../../../src/4_record/merge.ts";
import { mcptest } from "../../_helpers/cli.ts";

const FIXTURES = fileURLToPath(new URL("../../fixtures/report/", import.meta.url));
const FORMATS = ["pretty", "json", "junit", "tap", "sarif", "markdown", "html"];
const load = (name: string): RunRecord =>
  JSON.parse(Deno.readTextFileSync(`${FIXTURES}${name}.json`));

/** Run the real `mcptest report ARGS` (cli.ts) in a child process. */
function report(...args: string[]) {
  return mcptest(["report", ...args]);
}

/** `report` exits like `run`: 1 when the record holds a failure or an error, else 0. */
const exitFor = (record: RunRecord) => record.summary.failed + record.summary.errored > 0 ? 1 : 0;

async function render(format: string, record: RunRecord): Promise<string> {
  return await (await getReporter(format))(record, { color: false });
}

Deno.test("mcptest report re-renders a saved record in every format, to a file or stdout", async (t) => {
  const dir = await Deno.makeTempDir();
  try {
    for (const format of FORMATS) {
      await t.step(format, async () => {
        const file = `${dir}/out/run.${format}`;
        const res = await report(`${FIXTURES}mixed.json`, "--format", format, "--output", file);
        assert.equal(res.code, exitFor(load("mixed")), res.stderr);
        assert.equal(res.stdout, "");
        assert.equal(await Deno.readTextFile(file), await render(format, load("mixed")));
        const piped = await report(`${FIXTURES}mixed.json`, "--format", format);
        assert.equal(piped.code, exitFor(load("mixed")), piped.stderr);
        assert.equal(piped.stdout, await render(format, load("mixed")));
      });
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("mcptest report: the json format round-trips the record unchanged", async () => {
  const res = await report(`${FIXTURES}connect_failure.json`, "--format", "json");
  assert.equal(res.code, exitFor(load("connect_failure")), res.stderr);
  assert.deepEqual(JSON.parse(res.stdout), load("connect_failure"));
  const pretty = await report(`${FIXTURES}connect_failure.json`);
  assert.match(pretty.stdout, /1 passed, 2 failed in 3\.0s\n$/);
});

Deno.test("mcptest report --merge writes one record (json by default) or any format", async () => {
  const shards = [`${FIXTURES}shard_1.json`, `${FIXTURES}shard_2.json`];
  const res = await report("--merge", ...shards);
  const merged = parseRunRecord(res.stdout, "stdout");
  assert.equal(res.code, exitFor(merged), res.stderr);
  assert.deepEqual(merged, mergeRecords([load("shard_1"), load("shard_2")]));
  const junit = await report("--merge", ...shards, "--format", "junit");
  assert.equal(junit.stdout, await render("junit", merged));
});

Deno.test("mcptest report rejects bad records and formats with one clear line, exit 2", async (t) => {
  const cases: [string[], RegExp][] = [
    [
      [`${FIXTURES}broken_record.txt`],
      /^error: .*broken_record\.txt: not a run record: invalid JSON \(.+\)\n$/,
    ],
    [
      [`${FIXTURES}not_a_record.json`],
      /^error: .*not_a_record\.json: not a valid run record: startedAt must be a string\n$/,
    ],
    [
      [`${FIXTURES}version_2.json`],
      /^error: .*version_2\.json: run record version 2 is not supported; this mcptest reads version 1\n$/,
    ],
    [[`${FIXTURES}missing.json`], /^error: .*missing\.json: run record not found\n$/],
    [[FIXTURES], /^error: .*: is a folder, expected a run record file\n$/],
    [
      [`${FIXTURES}pass.json`, "--format", "xml"],
      /^error: unknown reporter "xml"; expected one of: pretty, json, junit, tap, sarif, markdown, html\n$/,
    ],
    [
      [`${FIXTURES}pass.json`, `${FIXTURES}fail.json`],
      /^error: got 2 run records; pass --merge to join shard records into one\n$/,
    ],
    [
      ["--merge", `${FIXTURES}pass.json`, `${FIXTURES}version_2.json`],
      /version_2\.json: run record version 2 is not supported/,
    ],
    [[`${FIXTURES}junit.xsd`], /junit\.xsd: not a run record: invalid JSON/],
  ];
  for (const [args, message] of cases) {
    await t.step(args.join(" ").replaceAll(FIXTURES, ""), async () => {
      const res = await report(...args);
      assert.equal(res.code, 2);
      assert.match(res.stderr, message);
      assert.equal(res.stdout, "");
      assert.ok(!res.stderr.includes("    at "), "no stack trace");
    });
  }
});

Deno.test("mcptest report checks the summary against the tests", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const record = load("pass");
    const file = `${dir}/tampered.json`;
    await Deno.writeTextFile(
      file,
      JSON.stringify({ ...record, summary: { ...record.summary, failed: 1 } }),
    );
    const res = await report(file);
    assert.equal(res.code, 2);
    assert.match(
      res.stderr,
      /tampered\.json: not a valid run record: summary\.failed is 1 but its tests count 0/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("parseRunRecord() accepts and keeps compliance rules, and checks their shape", async (t) => {
  const text = Deno.readTextFileSync(`${FIXTURES}compliance_rules.json`);
  await t.step("the json reporter round-trips every rule", async () => {
    const record = parseRunRecord(text, "rules.json");
    assert.deepEqual(record, load("compliance_rules"));
    assert.equal(record.tests.filter((t) => t.rule).length, 7);
    assert.deepEqual(parseRunRecord(await render("json", record), "out.json"), record);
    const res = await report(`${FIXTURES}compliance_rules.json`, "--format", "json");
    assert.equal(res.code, exitFor(record), res.stderr);
    assert.deepEqual(JSON.parse(res.stdout), record);
  });
  await t.step("a malformed rule is named by its path", () => {
    const bad = (edit: (rule: Record<string, unknown>) => void): string => {
      const value = JSON.parse(text);
      edit(value.tests[2].rule);
      return JSON.stringify(value);
    };
    const cases: [(rule: Record<string, unknown>) => void, string][] = [
      [(r) => r.severity = "MUST NOT", "tests[2].rule.severity must be one of MUST, SHOULD, MAY"],
      [(r) => delete r.specUrl, "tests[2].rule.specUrl must be a string"],
      [(r) => r.revision = 2025, "tests[2].rule.revision must be a string"],
    ];
    for (const [edit, message] of cases) {
      assert.throws(
        () => parseRunRecord(bad(edit), "rules.json"),
        (e: unknown) => e instanceof Error && e.message.includes(message),
      );
    }
  });
});
