/** @module runSuite(): the stages in sequence over fake sessions: one record, redacted once, and what the run leaves behind. */

import assert from "node:assert/strict";
import { join } from "node:path";
import { runSuite } from "../../../src/5_execute/suite/run_suite.ts";
import { RuntimeSecrets } from "../../../src/2_connect/auth/runtime_secrets.ts";
import { readLastFailed } from "../../../src/5_execute/runner/last_failed.ts";
import {
  blockOf,
  echoConnect,
  exact,
  inTempDir,
  type Opened,
  suiteOf,
  toolTest,
} from "./_suite.ts";

const FAILS = { assertions: [exact("result.structuredContent.text", "something else")] };

Deno.test("runSuite() gives tests, then the blocks' rules and gates, in one record redacted once", async () => {
  await inTempDir(async (dir) => {
    const secrets = new RuntimeSecrets();
    // The server hands out a token mid-run (as an OAuth exchange would): it joins the run's
    // secrets after the tests' results exist, and no output may show it.
    const connect = echoConnect([], (_method, params) => {
      secrets.add("tok-learnt-mid-run");
      const args = (params.arguments ?? {}) as Record<string, unknown>;
      return { structuredContent: { text: `${args.text} tok-learnt-mid-run` } };
    });
    const block = blockOf([{ rule: "NOPE-001" }], {
      check: { pos: { file: "suite.yml", line: 39, col: 3 } },
    });
    const suite = suiteOf([toolTest("alpha", 0), toolTest("beta", 1)], {
      compliance: [block],
      secrets: ["suite-secret"],
    });
    const record = await runSuite(suite, { cwd: dir, ci: false, connect, secrets });
    assert.deepEqual(record.tests.map((t) => [t.kind, t.status]), [
      ["tool", "fail"],
      ["tool", "fail"],
      ["compliance", "skip"],
      ["gate", "pass"],
    ]);
    assert.equal(record.summary.total, 4);
    assert.equal(record.tests[0]?.assertions[0]?.actual, '"alpha [REDACTED]"');
    assert.doesNotMatch(JSON.stringify(record), /tok-learnt-mid-run|suite-secret/);
  });
});

Deno.test("runSuite() with keepLastRun remembers failures; --last-failed then runs only them", async () => {
  await inTempDir(async (dir) => {
    const suite = suiteOf([toolTest("alpha", 0), toolTest("beta", 1, FAILS)]);
    const notices: string[] = [];
    const options = { cwd: dir, ci: false, connect: echoConnect(), keepLastRun: true };
    const first = await runSuite(suite, { ...options, onNotice: (l) => notices.push(l) });
    assert.deepEqual(first.tests.map((t) => t.status), ["pass", "fail"]);
    assert.equal((await readLastFailed(dir))?.failed.length, 1);
    const again = await runSuite(suite, { ...options, lastFailed: true });
    assert.deepEqual(again.tests.map((t) => t.name), ["beta"]);
    assert.deepEqual(notices, []);
  });
});

Deno.test("runSuite() with captureFile keeps every session's exchanges and writes them redacted", async () => {
  await inTempDir(async (dir) => {
    const opened: Opened[] = [];
    const path = join(dir, "capture.json");
    const suite = suiteOf([toolTest("alpha", 0)], {
      compliance: [blockOf([{ rule: "NOPE-001" }])],
      secrets: ["alpha"],
    });
    const forwarded: string[] = [];
    await runSuite(suite, {
      cwd: dir,
      ci: false,
      connect: echoConnect(opened),
      captureFile: path,
      onCapture: (capture) => forwarded.push(capture.server_label),
    });
    assert.deepEqual(opened, [{ server: "s", capture: true }, { server: "s", capture: true }]);
    const text = await Deno.readTextFile(path);
    const sessions = JSON.parse(text) as Array<{ server_label: string }>;
    assert.deepEqual(sessions.map((s) => s.server_label), ["fake://", "fake://#2"]);
    assert.deepEqual(forwarded, ["fake://", "fake://"], "onCapture still sees each capture");
    assert.doesNotMatch(text, /alpha/);
  });
});

Deno.test("runSuite() that selects nothing leaves no state, no capture file", async () => {
  await inTempDir(async (dir) => {
    const record = await runSuite(suiteOf([toolTest("alpha", 0)]), {
      cwd: dir,
      ci: false,
      connect: echoConnect(),
      filter: "nothing matches",
      keepLastRun: true,
      captureFile: join(dir, "capture.json"),
    });
    assert.equal(record.tests.length, 0);
    assert.deepEqual([...Deno.readDirSync(dir)], []);
  });
});
