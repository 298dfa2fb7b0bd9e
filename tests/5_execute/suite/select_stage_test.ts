/** @module selectStage(): the selection flags, onSelected, and the `--last-failed` state a run keeps. */

import assert from "node:assert/strict";
import { join } from "node:path";
import { selectStage } from "../../../src/5_execute/suite/select_stage.ts";
import {
  hashTestId,
  LAST_FAILED_VERSION,
  LAST_RUN_PATH,
} from "../../../src/5_execute/runner/last_failed.ts";
import { fakeRun, inTempDir, suiteOf, toolTest } from "./_suite.ts";

const TESTS = [toolTest("alpha", 0), toolTest("beta", 1), toolTest("gamma", 2)];
const names = (tests: readonly { name: string }[]) => tests.map((t) => t.name);

async function writeState(dir: string, failed: readonly string[]): Promise<void> {
  await Deno.mkdir(join(dir, ".mcptest"), { recursive: true });
  const hashes = await Promise.all(failed.map((name) => hashTestId(`suite.yml::tool::${name}`)));
  await Deno.writeTextFile(
    join(dir, LAST_RUN_PATH),
    JSON.stringify({ version: LAST_FAILED_VERSION, failed: hashes.sort() }),
  );
}

Deno.test("selectStage() applies --filter and --tag, and tells onSelected before any server starts", async () => {
  await inTempDir(async (dir) => {
    const seen: string[][] = [];
    const tagged = [...TESTS.slice(0, 2), toolTest("gamma", 2, { tags: ["slow"] })];
    const run = fakeRun(suiteOf(tagged), dir, {
      filter: "/a$/",
      excludeTags: ["slow"],
      onSelected: (tests) => seen.push(names(tests)),
    });
    const selected = await selectStage(run);
    assert.deepEqual(names(selected.tests), ["alpha", "beta"]);
    assert.deepEqual(seen, [["alpha", "beta"]]);
    assert.equal(selected.lastRun, undefined);
  });
});

Deno.test("selectStage() with keepLastRun reads the state once and runs the remembered failures", async () => {
  await inTempDir(async (dir) => {
    await writeState(dir, ["beta"]);
    const selected = await selectStage(
      fakeRun(suiteOf(TESTS), dir, { keepLastRun: true, lastFailed: true }),
    );
    assert.deepEqual(names(selected.tests), ["beta"]);
    assert.deepEqual(selected.lastRun?.failed, [await hashTestId("suite.yml::tool::beta")]);
  });
});

Deno.test("selectStage() keeps the state it read even without --last-failed (the run updates it)", async () => {
  await inTempDir(async (dir) => {
    await writeState(dir, ["gamma"]);
    const selected = await selectStage(fakeRun(suiteOf(TESTS), dir, { keepLastRun: true }));
    assert.deepEqual(names(selected.tests), ["alpha", "beta", "gamma"]);
    assert.equal(selected.lastRun?.failed.length, 1);
  });
});

Deno.test("selectStage() warns on an unreadable state and (or-all) runs everything", async () => {
  await inTempDir(async (dir) => {
    // A folder where the state file should be: reading it fails with something else than NotFound.
    await Deno.mkdir(join(dir, LAST_RUN_PATH), { recursive: true });
    const notices: string[] = [];
    const selected = await selectStage(
      fakeRun(suiteOf(TESTS), dir, {
        keepLastRun: true,
        lastFailed: "or-all",
        onNotice: (line) => notices.push(line),
      }),
    );
    assert.deepEqual(names(selected.tests), ["alpha", "beta", "gamma"]);
    assert.match(notices[0] ?? "", /^warning: could not read the --last-failed state: /);
    assert.equal(
      notices[1],
      "--last-failed-or-all: no previous run recorded; running all 3 selected tests",
    );
  });
});

Deno.test("selectStage() uses a given lastFailedState and reads no file", async () => {
  await inTempDir(async (dir) => {
    await Deno.mkdir(join(dir, LAST_RUN_PATH), { recursive: true }); // unreadable, never read
    const notices: string[] = [];
    const failed = [await hashTestId("suite.yml::tool::alpha")];
    const selected = await selectStage(
      fakeRun(suiteOf(TESTS), dir, {
        keepLastRun: true,
        lastFailed: true,
        lastFailedState: { version: LAST_FAILED_VERSION, failed },
        onNotice: (line) => notices.push(line),
      }),
    );
    assert.deepEqual(names(selected.tests), ["alpha"]);
    assert.deepEqual(notices, []);
  });
});
