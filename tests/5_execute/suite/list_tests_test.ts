/** @module listTests(): the tests a run would select, checked as for a run, with their place and server name. */

import assert from "node:assert/strict";
import { listTests } from "../../../src/5_execute/suite/list_tests.ts";
import { ConfigErrors } from "../../../src/0_base/errors/errors.ts";
import { testServer } from "../../_helpers/fake_session.ts";
import { exact, inTempDir, suiteOf, toolTest } from "./_suite.ts";

Deno.test("listTests() lists the selected tests with file:line:col and the server's name", async () => {
  await inTempDir(async (dir) => {
    const named = testServer("suite.yml#local", { name: "local" });
    const suite = suiteOf(
      [toolTest("alpha", 0, { serverKey: "suite.yml#local" }), toolTest("beta", 1)],
      {},
      [testServer("s"), named],
    );
    assert.deepEqual(await listTests(suite, { cwd: dir }), [
      {
        id: "suite.yml::tool::alpha",
        name: "alpha",
        kind: "tool",
        server: "local",
        file: "suite.yml",
        line: 1,
        col: 5,
      },
      {
        id: "suite.yml::tool::beta",
        name: "beta",
        kind: "tool",
        server: "s",
        file: "suite.yml",
        line: 11,
        col: 5,
      },
    ]);
    const filtered = await listTests(suite, { cwd: dir, filter: "bet" });
    assert.deepEqual(filtered.map((t) => t.name), ["beta"]);
  });
});

Deno.test("listTests() refuses a test a run would refuse (a bad matcher)", async () => {
  await inTempDir(async (dir) => {
    const bad = exact("result", 1);
    const test = toolTest("alpha", 0, {
      assertions: [{ ...bad, matcher: { ...bad.matcher, name: "no-such-matcher" } }],
    });
    await assert.rejects(() => listTests(suiteOf([test]), { cwd: dir }), ConfigErrors);
  });
});
