/** @module pendingBlocks() and blocksStage(): grade files read before any server starts, then the blocks' rules and gates over live sessions. */

import assert from "node:assert/strict";
import { join } from "node:path";
import { blocksStage, pendingBlocks } from "../../../src/5_execute/suite/blocks_stage.ts";
import { ConfigError } from "../../../src/0_base/errors/errors.ts";
import { blockOf, echoConnect, fakeRun, inTempDir, type Opened, suiteOf } from "./_suite.ts";

const CHECK = { check: { pos: { file: "suite.yml", line: 39, col: 3 } } };

Deno.test("pendingBlocks() is undefined for a suite without compliance: blocks", async () => {
  await inTempDir(async (dir) => {
    assert.equal(await pendingBlocks(fakeRun(suiteOf([]), dir)), undefined);
  });
});

Deno.test("pendingBlocks() refuses a malformed grade file before any server starts", async () => {
  await inTempDir(async (dir) => {
    const baseline = join(dir, "grades.json");
    await Deno.writeTextFile(baseline, "{ not json");
    const gradeDelta = { baseline, pos: { file: "suite.yml", line: 45, col: 3 } };
    const opened: Opened[] = [];
    const suite = suiteOf([], { compliance: [blockOf([{ rule: "PROTO-001" }], { gradeDelta })] });
    await assert.rejects(
      () => pendingBlocks(fakeRun(suite, dir, { connect: echoConnect(opened) })),
      ConfigError,
    );
    assert.deepEqual(opened, []);
  });
});

Deno.test("blocksStage() attributes each entry to the block, then appends the gates", async () => {
  await inTempDir(async (dir) => {
    const block = blockOf([{ rule: "PROTO-001", skip: "not yet" }, { rule: "NOPE-001" }], CHECK);
    const opened: Opened[] = [];
    const run = fakeRun(suiteOf([], { compliance: [block] }), dir, {
      connect: echoConnect(opened),
    });
    const results = await blocksStage(run, (await pendingBlocks(run))!);
    assert.deepEqual(results.tests.map((r) => [r.id, r.kind, r.status, r.line]), [
      ["suite.yml::compliance::s::PROTO-001", "compliance", "skip", 41],
      ["suite.yml::compliance::s::NOPE-001", "compliance", "skip", 42],
      ["suite.yml::gate::spec_version_check", "gate", "pass", 39],
    ]);
    assert.equal(results.tests[0]?.skipReason, "not yet");
    assert.equal(
      results.tests[1]?.skipReason,
      "rule NOPE-001 is not part of the v2025-06-18 corpus",
    );
    // Compliance rules read the session's exchanges: the block's session keeps them.
    assert.deepEqual(opened, [{ server: "s", capture: true }]);
  });
});

Deno.test("blocksStage() keeps only the entries --filter names, and hands captures to onCapture", async () => {
  await inTempDir(async (dir) => {
    const block = blockOf([{ rule: "PROTO-001", skip: "later" }, { rule: "NOPE-001" }]);
    const captured: string[] = [];
    const run = fakeRun(suiteOf([], { compliance: [block] }), dir, {
      filter: "NOPE",
      onCapture: (capture) => captured.push(capture.server_label),
    });
    const results = await blocksStage(run, (await pendingBlocks(run))!);
    assert.deepEqual(results.tests.map((r) => r.name), ["NOPE-001 [v2025-06-18]"]);
    assert.deepEqual(captured, ["fake://"]);
  });
});
