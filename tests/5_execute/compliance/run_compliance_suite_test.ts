/** @module runComplianceSuite(): a suite's blocks and gates or one server's rules, as one run record, with the CLI's other outputs as data. */

import assert from "node:assert/strict";
import { join } from "node:path";
import { runComplianceSuite } from "../../../src/5_execute/compliance/run_compliance_suite.ts";
import { ConfigError, UsageError } from "../../../src/0_base/errors/errors.ts";
import { ConnectError } from "../../../src/2_connect/transport/failure_layer.ts";
import type { ServerSpec } from "../../../src/3_load/config/types.ts";
import { fakeSession, testServer } from "../../_helpers/fake_session.ts";
import { blockOf, inTempDir, suiteOf } from "../suite/_suite.ts";

/** A fake server: lists no tools, answers every other request with "method not found", refuses raw frames. */
function connectFake(opened: string[] = []) {
  return (server: ServerSpec) => {
    opened.push(server.revision ?? "unpinned");
    const session = fakeSession(
      server,
      (method) =>
        method === "tools/list"
          ? { result: { tools: [] } }
          : { error: { code: -32601, message: "method not found" } },
    );
    // A raw frame (the probes of malformed input) is refused as invalid.
    session.sendRaw = (raw: string) =>
      Promise.resolve({
        request: { jsonrpc: "2.0" as const, id: 0, method: "raw" },
        response: {
          jsonrpc: "2.0" as const,
          id: null,
          error: { code: -32600, message: "invalid request" },
        },
        durationMs: 1,
        raw: "",
        notifications: [],
        sentRaw: raw,
      });
    return Promise.resolve(session);
  };
}

const BLOCK = blockOf([{ rule: "PROTO-001" }, { rule: "TOOL-001" }, { rule: "RES-001" }], {
  check: { pos: { file: "suite.yml", line: 39, col: 3 } },
});

Deno.test("runComplianceSuite() runs a suite's blocks, then their gates, as one record", async () => {
  const suite = suiteOf([], { compliance: [BLOCK] });
  const run = await runComplianceSuite({ suite, connect: connectFake(), toolVersion: "test" });
  assert.deepEqual(run.record.tests.map((t) => [t.id, t.status]), [
    ["suite.yml::compliance::s::PROTO-001", "fail"],
    ["suite.yml::compliance::s::TOOL-001", "pass"],
    ["suite.yml::compliance::s::RES-001", "skip"],
    ["suite.yml::gate::spec_version_check", "pass"],
  ]);
  assert.deepEqual(run.record.files, ["suite.yml"]);
  assert.deepEqual(run.record.servers, []);
  assert.equal(run.record.tool.version, "test");
  assert.equal(run.record.summary.failed, 1);
  assert.equal(run.revisionUnavailable, undefined);
  assert.equal(run.pickedRevision, undefined);
});

Deno.test("runComplianceSuite() applies a baseline: a known failure skips, a stale entry fails", async () => {
  await inTempDir(async (dir) => {
    const baseline = join(dir, "baseline.json");
    const accepted = ["suite.yml::compliance::s::PROTO-001", "suite.yml::compliance::s::TOOL-001"];
    await Deno.writeTextFile(baseline, JSON.stringify({ version: 1, accepted }));
    const suite = suiteOf([], { compliance: [BLOCK] });
    const run = await runComplianceSuite({ suite, baseline, connect: connectFake() });
    const [proto, tool] = run.record.tests;
    assert.equal(proto?.status, "skip");
    assert.equal(proto?.skipReason, `known failure, accepted in ${baseline}`);
    assert.equal(tool?.status, "fail");
    assert.match(tool?.failure?.message ?? "", /^stale baseline entry/);
  });
});

Deno.test("runComplianceSuite() writes the capture file and redacts the record with the suite's secrets", async () => {
  await inTempDir(async (dir) => {
    const captureFile = join(dir, "capture.json");
    const suite = suiteOf([], { compliance: [BLOCK], secrets: ["PROTO-001"] });
    const run = await runComplianceSuite({ suite, captureFile, connect: connectFake() });
    assert.equal(run.record.tests[0]?.id, "suite.yml::compliance::s::[REDACTED]");
    const capture = JSON.parse(await Deno.readTextFile(captureFile));
    assert.ok(Array.isArray(capture) ? capture.length > 0 : capture.server_label === "fake://");
  });
});

Deno.test("runComplianceSuite() with a server runs every rule of the revision asked for", async () => {
  const opened: string[] = [];
  const run = await runComplianceSuite({
    server: testServer("server"),
    revision: "2025-06-18",
    connect: connectFake(opened),
  });
  assert.ok(run.record.tests.length > 50, `${run.record.tests.length} results`);
  assert.ok(run.record.tests.every((t) => t.id.startsWith("compliance::v2025-06-18::")));
  assert.deepEqual(run.record.files, []);
  assert.equal(opened[0], "2025-06-18");
  assert.equal(run.pickedRevision, undefined);
});

Deno.test("runComplianceSuite() without a revision picks the newest the server negotiates", async () => {
  const opened: string[] = [];
  const run = await runComplianceSuite({
    server: testServer("server"),
    connect: connectFake(opened),
  });
  assert.equal(run.pickedRevision, "v2025-11-25");
  assert.equal(opened[0], "unpinned", "the first session settles the revision, and is reused");
  assert.ok(run.record.tests.every((t) => t.id.startsWith("compliance::v2025-11-25::")));
});

Deno.test("runComplianceSuite() says, as data, that a server lacks the revision asked for", async () => {
  const connect = (server: ServerSpec) =>
    server.revision === "2026-07-28"
      ? Promise.reject(new ConnectError("initialize", "unsupported protocol version"))
      : connectFake()(server);
  const run = await runComplianceSuite({
    server: testServer("server"),
    revision: "v2026-07-28",
    connect,
  });
  assert.deepEqual(run.revisionUnavailable, {
    requested: "v2026-07-28",
    speaks: "2025-11-25",
    line: "server speaks up to 2025-11-25; v2026-07-28 rules not run",
  });
  assert.deepEqual(run.record.tests, []);
});

Deno.test("runComplianceSuite() refuses contradictory or empty targets before any server starts", async (t) => {
  const opened: string[] = [];
  const connect = connectFake(opened);
  await t.step("a server and a suite file", async () => {
    await assert.rejects(
      () => runComplianceSuite({ server: testServer("x"), fromSuite: "s.yml", connect }),
      new UsageError("use either --from-suite or --server, not both"),
    );
  });
  await t.step("--save-grade with a server", async () => {
    await assert.rejects(
      () => runComplianceSuite({ server: testServer("x"), saveGrade: true, connect }),
      (e) => e instanceof UsageError && /^--save-grade needs --from-suite/.test(e.message),
    );
  });
  await t.step("a suite without a compliance: block", async () => {
    await assert.rejects(
      () => runComplianceSuite({ suite: suiteOf([]), connect }),
      new UsageError("the suite has no compliance: block, expected one to run"),
    );
  });
  await t.step("an unknown revision", async () => {
    await assert.rejects(
      () => runComplianceSuite({ server: testServer("x"), revision: "v2025-6-18", connect }),
      ConfigError,
    );
  });
  await t.step("a missing baseline file", async () => {
    await assert.rejects(
      () =>
        runComplianceSuite({
          suite: suiteOf([], { compliance: [BLOCK] }),
          baseline: "/nonexistent/b.json",
          connect,
        }),
      /cannot read baseline \/nonexistent\/b\.json/,
    );
  });
  assert.deepEqual(opened, []);
});
