/** @module executeStage(): the tests left to run, over one session per server, into a record that is not yet redacted. */

import assert from "node:assert/strict";
import { executeStage } from "../../../src/5_execute/suite/execute_stage.ts";
import { ConfigErrors } from "../../../src/0_base/errors/errors.ts";
import {
  echoConnect,
  exact,
  fakeRun,
  inTempDir,
  type Opened,
  suiteOf,
  toolTest,
} from "./_suite.ts";

Deno.test("executeStage() grades the tests in suite order and leaves redaction to the end", async () => {
  await inTempDir(async (dir) => {
    const tests = [toolTest("alpha", 0), toolTest("hunter2", 1)];
    const opened: Opened[] = [];
    const suite = suiteOf(tests, { secrets: ["hunter2"] });
    const record = await executeStage(
      fakeRun(suite, dir, { connect: echoConnect(opened) }),
      tests,
    );
    assert.deepEqual(record.tests.map((t) => [t.name, t.status]), [
      ["alpha", "pass"],
      ["hunter2", "pass"],
    ]);
    assert.equal(record.tests[1]?.name, "hunter2", "the run redacts once, after every stage");
    // One session for the server; no capture kept without onCapture or captureFile.
    assert.deepEqual(opened, [{ server: "s", capture: false }]);
  });
});

Deno.test("executeStage() honours --bail and reports each result as it finishes", async () => {
  await inTempDir(async (dir) => {
    const wrong = { assertions: [exact("result.structuredContent.text", "nope")] };
    const tests = [toolTest("a", 0, wrong), toolTest("b", 1), toolTest("c", 2)];
    const seen: string[] = [];
    const record = await executeStage(
      fakeRun(suiteOf(tests), dir, { bail: 1, onResult: (r) => seen.push(r.name) }),
      tests,
    );
    assert.deepEqual(record.tests.map((t) => t.status), ["fail", "skip", "skip"]);
    assert.equal(record.tests[1]?.skipReason, "--bail");
    assert.deepEqual(seen.sort(), ["a", "b", "c"]);
  });
});

Deno.test("executeStage() refuses a bad matcher before any server starts", async () => {
  await inTempDir(async (dir) => {
    const bad = toolTest("a", 0, {
      assertions: [{
        ...exact("result", 1),
        matcher: { name: "no-such-matcher", arg: 1, pos: { file: "suite.yml", line: 2, col: 7 } },
      }],
    });
    const opened: Opened[] = [];
    await assert.rejects(
      () => executeStage(fakeRun(suiteOf([bad]), dir, { connect: echoConnect(opened) }), [bad]),
      ConfigErrors,
    );
    assert.deepEqual(opened, []);
  });
});
