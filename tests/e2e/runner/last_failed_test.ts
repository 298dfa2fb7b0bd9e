/** @module `--last-failed`: pytest's cache semantics over sha-256 test ids, pure update and selection, end to end. */

import assert from "node:assert/strict";
import type { TestCase } from "../../../src/3_load/config/types.ts";
import type { RunRecord, Status, TestResult } from "../../../src/4_record/run_record.ts";
import {
  hashTestId,
  LAST_RUN_PATH,
  type LastFailedState,
  parseLastFailed,
  readLastFailed,
  saveLastFailed,
  updateLastFailed,
} from "../../../src/5_execute/runner/last_failed.ts";
import { lastFailedSelection, selectTests } from "../../../src/5_execute/runner/select_tests.ts";
import { echoSuiteYaml, mcptest, ranTests, tempProject } from "../../_helpers/cli.ts";

const test = (name: string, line: number): TestCase =>
  ({
    id: `s.yml::tool::${name}`,
    name,
    kind: "tool",
    file: "s.yml",
    pos: { file: "s.yml", line, col: 5 },
  }) as unknown as TestCase;

const A = test("alpha", 3), B = test("beta", 8), C = test("gamma", 13);

function recordOf(results: Array<[TestCase, Status]>, mapId = (id: string) => id): RunRecord {
  const tests = results.map(([t, status]) =>
    ({
      id: mapId(t.id),
      name: mapId(t.name),
      kind: t.kind,
      file: t.file,
      line: t.pos.line,
      col: t.pos.col,
      status,
    }) as unknown as TestResult
  );
  return { tests } as unknown as RunRecord;
}

const state = async (...tests: TestCase[]): Promise<LastFailedState> => ({
  version: 2,
  failed: (await Promise.all(tests.map((t) => hashTestId(t.id)))).sort(),
});

/** The state remembering `tests`, the files of `known` among them known (s.yml's hash). */
const stateKnowing = async (tests: TestCase[], known: TestCase[]): Promise<LastFailedState> => {
  const file = await hashTestId("s.yml");
  const entries = await Promise.all(known.map(async (t) => [await hashTestId(t.id), file]));
  return { ...await state(...tests), files: Object.fromEntries(entries) };
};

Deno.test("hashTestId() is the hex sha-256 of the id", async () => {
  assert.equal(
    await hashTestId("abc"),
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
  );
});

Deno.test("updateLastFailed() remembers failures until the test passes, across filtered runs", async (t) => {
  await t.step("fail and error are remembered, pass and skip forgotten, not-run kept", async () => {
    const previous = await state(A, B);
    const next = await updateLastFailed(previous, [A, C], recordOf([[A, "pass"], [C, "error"]]));
    assert.deepEqual(next, await stateKnowing([B, C], [C]), "B's file is not known yet");
    const skipped = await updateLastFailed(next, [B], recordOf([[B, "skip"]]));
    assert.deepEqual(skipped, await stateKnowing([C], [C]));
  });
  await t.step("no previous state", async () => {
    const next = await updateLastFailed(undefined, [A, B], recordOf([[A, "fail"], [B, "pass"]]));
    assert.deepEqual(next, await stateKnowing([A], [A]));
  });
  await t.step("a redacted record still updates the right tests", async () => {
    const redact = (s: string) => s.replaceAll("a", "[REDACTED]");
    const next = await updateLastFailed(
      await state(A),
      [A, B],
      recordOf([[A, "pass"], [B, "fail"]], redact),
    );
    assert.deepEqual(next, await stateKnowing([B], [B]));
  });
  await t.step("compliance and gate results are ignored", async () => {
    const record = recordOf([[A, "fail"]]);
    const extra = { id: "x", kind: "compliance", status: "fail", line: 1, col: 1 };
    const next = await updateLastFailed(undefined, [A], {
      ...record,
      tests: [...record.tests, extra as unknown as TestResult],
    });
    assert.deepEqual(next, await stateKnowing([A], [A]));
  });
});

Deno.test("saveLastFailed() writes hashes only: no test name reaches the file", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const secretName = test("token=hunter2-secret", 20);
    const next = await updateLastFailed(undefined, [secretName], recordOf([[secretName, "fail"]]));
    await saveLastFailed(dir, next);
    const text = await Deno.readTextFile(`${dir}/${LAST_RUN_PATH}`);
    assert.equal(text.includes("hunter2"), false);
    assert.equal(text.includes("s.yml"), false);
    assert.deepEqual(await readLastFailed(dir), next);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("parseLastFailed() reads the state, converts an old record, ignores anything else", async () => {
  assert.deepEqual(await parseLastFailed("not json"), undefined);
  assert.deepEqual(await parseLastFailed('{"version": 9}'), undefined);
  assert.deepEqual(await parseLastFailed("[]"), undefined);
  const old = JSON.stringify(recordOf([[A, "fail"], [B, "pass"], [C, "error"]]));
  assert.deepEqual(await parseLastFailed(old), await state(A, C));
  const kept = await state(B);
  const noisy = { version: 2, failed: [...kept.failed, "not-a-hash", 7] };
  assert.deepEqual(await parseLastFailed(JSON.stringify(noisy)), kept);
});

Deno.test("lastFailedSelection() runs the remembered failures, else nothing (or-all: everything) with a notice", async (t) => {
  await t.step("no record", async () => {
    const out = await lastFailedSelection([A, B], undefined);
    assert.deepEqual(out.tests, []);
    assert.equal(
      out.notice,
      "--last-failed: no previous run recorded; no test selected (--last-failed-or-all runs every selected test instead)",
    );
    const all = await lastFailedSelection([A, B], undefined, true);
    assert.deepEqual(all.tests, [A, B]);
    assert.equal(
      all.notice,
      "--last-failed-or-all: no previous run recorded; running all 2 selected tests",
    );
  });
  await t.step("no failures", async () => {
    assert.deepEqual((await lastFailedSelection([A], await state())).tests, []);
    const out = await lastFailedSelection([A], await state(), true);
    assert.deepEqual(out.tests, [A]);
    assert.match(out.notice ?? "", /no failures recorded; running all 1 selected test$/);
  });
  await t.step("failures, none among these tests", async () => {
    const none = await lastFailedSelection([A, B], await state(C));
    assert.deepEqual(none.tests, []);
    assert.match(none.notice ?? "", /none of the recorded failures .*; no test selected/);
    const out = await lastFailedSelection([A, B], await state(C), true);
    assert.deepEqual(out.tests, [A, B]);
    assert.match(out.notice ?? "", /none of the recorded failures/);
  });
  await t.step("failures among these tests", async () => {
    const out = await lastFailedSelection([A, B, C], await state(C, A));
    assert.deepEqual(out.tests, [A, C]);
    assert.equal(out.notice, undefined);
  });
  await t.step("selectTests() applies --filter first and reports the notice", async () => {
    const notices: string[] = [];
    const chosen = await selectTests([A, B, C], {
      cwd: "/nonexistent",
      filter: "amm",
      lastFailed: "or-all",
      lastFailedState: await state(B),
      notice: (line) => notices.push(line),
    });
    assert.deepEqual(chosen, [C], "beta is filtered out, so gamma runs");
    assert.match(notices.join(), /none of the recorded failures .* running all 1 selected test$/);
  });
});

const suite = (failing: string[]) => echoSuiteYaml(["alpha", "beta", "gamma"], failing);

Deno.test("mcptest run --last-failed: failures survive filtered runs until they pass", async () => {
  const dir = await tempProject({ "s.yml": suite(["beta", "gamma"]) });
  try {
    // Nothing remembered: --last-failed selects nothing, exit 7 (seed 004 section 12) ...
    const none = await mcptest(["run", "s.yml", "--last-failed"], { cwd: dir });
    assert.equal(none.code, 7, none.stderr);
    assert.match(none.stderr, /--last-failed: no previous run recorded; no test selected/);
    const passNone = await mcptest(["run", "s.yml", "--last-failed", "--pass-with-no-tests"], {
      cwd: dir,
    });
    assert.equal(passNone.code, 0, passNone.stderr);
    // ... and --last-failed-or-all runs everything instead.
    const first = await mcptest(["run", "s.yml", "--last-failed-or-all"], { cwd: dir });
    assert.deepEqual(ranTests(first.stdout), ["alpha", "beta", "gamma"]);
    assert.match(first.stderr, /--last-failed-or-all: no previous run recorded; running all 3/);
    assert.equal(first.code, 1);
    // Fix beta, rerun only beta: gamma's failure must still be remembered.
    await Deno.writeTextFile(`${dir}/s.yml`, suite(["gamma"]));
    const filtered = await mcptest(["run", "s.yml", "--filter", "beta"], { cwd: dir });
    assert.deepEqual(ranTests(filtered.stdout), ["beta"]);
    assert.equal(filtered.code, 0, filtered.stderr);
    const again = await mcptest(["run", "s.yml", "--last-failed"], { cwd: dir });
    assert.deepEqual(ranTests(again.stdout), ["gamma"]);
    const state = await Deno.readTextFile(`${dir}/${LAST_RUN_PATH}`);
    assert.equal(/alpha|beta|gamma|s\.yml/.test(state), false, "no test name in the state");
    // Fix gamma: nothing remembered, so --last-failed exits 7, --last-failed-or-all runs everything.
    await Deno.writeTextFile(`${dir}/s.yml`, suite([]));
    await mcptest(["run", "s.yml", "--last-failed"], { cwd: dir });
    const empty = await mcptest(["run", "s.yml", "--last-failed"], { cwd: dir });
    assert.equal(empty.code, 7, empty.stderr);
    assert.match(empty.stderr, /--last-failed: no failures recorded; no test selected/);
    const all = await mcptest(["run", "s.yml", "--last-failed-or-all"], { cwd: dir });
    assert.deepEqual(ranTests(all.stdout), ["alpha", "beta", "gamma"]);
    assert.match(all.stderr, /--last-failed-or-all: no failures recorded; running all 3/);
    assert.equal(all.code, 0);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
