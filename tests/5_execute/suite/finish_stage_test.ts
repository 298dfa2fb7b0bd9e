/** @module finishStage(): the capture file, the obsolete snapshot notice and the saved `--last-failed` state, once a run has a result. */

import assert from "node:assert/strict";
import { join } from "node:path";
import { finishStage } from "../../../src/5_execute/suite/finish_stage.ts";
import { writeCaptureFile } from "../../../src/5_execute/suite/capture_file.ts";
import { noticeObsoleteSnapshots } from "../../../src/5_execute/suite/obsolete_snapshots.ts";
import {
  hashTestId,
  LAST_RUN_PATH,
  readLastFailed,
} from "../../../src/5_execute/runner/last_failed.ts";
import { fakeRun, inTempDir, suiteOf, toolTest } from "./_suite.ts";
import { recordOf, resultOf } from "./_records.ts";

const A = toolTest("alpha", 0), B = toolTest("beta", 1);
const ranAB = recordOf([
  resultOf("alpha", "fail", { line: 1, col: 5 }),
  resultOf("beta", "pass", { line: 11, col: 5 }),
]);

Deno.test("finishStage() writes nothing when the run selected nothing", async () => {
  await inTempDir(async (dir) => {
    const capture = join(dir, "capture.json");
    const run = fakeRun(suiteOf([A]), dir, { keepLastRun: true, captureFile: capture });
    await finishStage(run, { tests: [] }, recordOf([]));
    assert.deepEqual([...Deno.readDirSync(dir)], []);
  });
});

Deno.test("finishStage() with keepLastRun saves the failures of the tests that ran", async () => {
  await inTempDir(async (dir) => {
    const run = fakeRun(suiteOf([A, B]), dir, { keepLastRun: true });
    await finishStage(run, { tests: [A, B] }, ranAB);
    assert.deepEqual((await readLastFailed(dir))?.failed, [await hashTestId(A.id)]);
  });
});

Deno.test("finishStage() without keepLastRun leaves the state alone", async () => {
  await inTempDir(async (dir) => {
    await finishStage(fakeRun(suiteOf([A, B]), dir), { tests: [A, B] }, ranAB);
    assert.equal(await readLastFailed(dir), undefined);
  });
});

Deno.test("finishStage() warns when the state cannot be saved, and does not fail the run", async () => {
  await inTempDir(async (dir) => {
    await Deno.mkdir(join(dir, LAST_RUN_PATH), { recursive: true }); // a folder where the file goes
    const notices: string[] = [];
    const run = fakeRun(suiteOf([A, B]), dir, {
      keepLastRun: true,
      onNotice: (line) => notices.push(line),
    });
    await finishStage(run, { tests: [A, B] }, ranAB);
    assert.equal(notices.length, 1);
    assert.match(notices[0]!, /^warning: could not save the --last-failed state: /);
  });
});

Deno.test("writeCaptureFile() writes the run's captures, redacted with every secret of the run", async () => {
  await inTempDir(async (dir) => {
    const run = fakeRun(suiteOf([A], { secrets: ["hunter2"] }), dir);
    run.secrets.add("learnt-token");
    run.captures.push(
      {
        server_label: "stdio://srv",
        server_capabilities: {},
        exchanges: [{ request: { token: "hunter2" }, response: { t: "learnt-token" } }],
      },
      { server_label: "stdio://srv", server_capabilities: {}, exchanges: [] },
    );
    const path = join(dir, "capture.json");
    await writeCaptureFile(run, path);
    const text = await Deno.readTextFile(path);
    assert.doesNotMatch(text, /hunter2|learnt-token/);
    const value = JSON.parse(text) as Array<{ server_label: string }>;
    assert.deepEqual(value.map((c) => c.server_label), ["stdio://srv", "stdio://srv#2"]);
  });
});

Deno.test("noticeObsoleteSnapshots() names the snapshot files no loaded test uses, in one notice", async () => {
  await inTempDir(async (dir) => {
    await Deno.writeTextFile(join(dir, "suite.yml"), "tools: []\n");
    await Deno.mkdir(join(dir, "snapshots"));
    await Deno.writeTextFile(join(dir, "snapshots", "gone.json"), "{}\n");
    await Deno.writeTextFile(join(dir, "snapshots", "kept.json"), "{}\n");
    const pos = { file: "suite.yml", line: 3, col: 7 };
    const kept = toolTest("a", 0, {
      assertions: [{
        kind: "assertion",
        target: "result",
        matcher: { name: "snapshot", arg: "kept", pos },
        pos,
      }],
    });
    const notices: string[] = [];
    const run = fakeRun(suiteOf([kept]), dir, { onNotice: (line) => notices.push(line) });
    assert.deepEqual(await noticeObsoleteSnapshots(run), ["snapshots/gone.json"]);
    assert.deepEqual(notices, [
      "1 obsolete snapshot (no loaded test uses it): snapshots/gone.json",
    ]);
  });
});
