/** @module `compliance run` against a server that lacks the revision (one line, exit 7), without --spec-version (newest negotiated), with or without the `v`; handshake rules that apply when present never fail on a failed handshake. */

import assert from "node:assert/strict";
import { mcptest } from "../../_helpers/cli.ts";
import { faultyArgv } from "./_servers.ts";
import { COMPLIANCE_CORPUS } from "../../../src/3_load/compliance_corpus/embedded.ts";
import {
  appliesWhenPresent,
  pickComplianceVersion,
  runCompliance,
  withVersionPrefix,
} from "../../../src/5_execute/compliance/run_compliance.ts";
import { validateComplianceVersion } from "../../../src/3_load/compliance_corpus/versions.ts";
import { ConnectError } from "../../../src/2_connect/transport/failure_layer.ts";
import type { ServerSpec } from "../../../src/3_load/config/types.ts";

const line = (breaks: string[]) => faultyArgv(breaks).map((a) => `'${a}'`).join(" ");

Deno.test("compliance run: a server without the revision gets one line and exit 7, not a report", async () => {
  const run = await mcptest([
    "compliance",
    "run",
    "--server",
    line(["LEGACY-ONLY"]),
    "--spec-version",
    "v2026-07-28",
  ]);
  assert.equal(run.code, 7, run.stdout + run.stderr);
  assert.equal(run.stdout, "");
  assert.equal(run.stderr.trim(), "server speaks up to 2025-11-25; v2026-07-28 rules not run");
});

Deno.test("compliance run: without --spec-version the newest negotiated revision runs and is named", async (t) => {
  await t.step("a 2026 server", async () => {
    const run = await mcptest(["compliance", "run", "--server", line([]), "--reporter", "json"]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /spec version v2026-07-28: the newest revision the server negotiates/);
    const record = JSON.parse(run.stdout);
    assert.ok(
      record.tests.every((r: { id: string }) => r.id.startsWith("compliance::v2026-07-28::")),
    );
  });
  await t.step("a server that stops at 2025-11-25", async () => {
    const run = await mcptest([
      "compliance",
      "run",
      "--server",
      line(["LEGACY-ONLY"]),
      "--reporter",
      "json",
    ]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /spec version v2025-11-25: the newest revision/);
    const record = JSON.parse(run.stdout);
    const handshake = record.tests.find((r: { id: string }) => r.id.endsWith("::PROTO-002"));
    assert.equal(handshake.status, "pass", "the reused unpinned session judges its own handshake");
  });
  await t.step("a revision without the v", async () => {
    const run = await mcptest([
      "compliance",
      "run",
      "--server",
      line([]),
      "--spec-version",
      "2025-06-18",
      "--reporter",
      "json",
    ]);
    assert.equal(run.code, 0, run.stderr);
    assert.ok(JSON.parse(run.stdout).tests[0].id.startsWith("compliance::v2025-06-18::"));
    const bad = await mcptest([
      "compliance",
      "run",
      "--server",
      line([]),
      "--spec-version",
      "2025-6-18",
    ]);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /unknown compliance spec_version: "2025-6-18"/);
  });
});

Deno.test("validateComplianceVersion() and pickComplianceVersion()", () => {
  assert.equal(validateComplianceVersion(withVersionPrefix("2025-11-25")), "v2025-11-25");
  assert.equal(validateComplianceVersion(withVersionPrefix("v2025-11-25")), "v2025-11-25");
  assert.throws(() => validateComplianceVersion("2025-11-25"), /unknown compliance spec_version/);
  assert.equal(validateComplianceVersion("draft"), "draft");
  assert.throws(
    () => validateComplianceVersion(withVersionPrefix("2025-11-26")),
    /unknown compliance spec_version/,
  );
  assert.equal(pickComplianceVersion("2025-06-18"), "v2025-06-18");
  assert.equal(pickComplianceVersion("2025-09-01"), "v2025-06-18");
});

Deno.test("appliesWhenPresent(): 'when present' handshake rules, not the ones that need a field", async () => {
  const rules = COMPLIANCE_CORPUS.revisions["v2025-11-25"]!.rules;
  const of = (id: string) => rules.find((r) => r.id === id)!;
  assert.equal(await appliesWhenPresent(of("PROTO-015")), true, "instructions, when present");
  assert.equal(await appliesWhenPresent(of("PROTO-002")), false, "capabilities are required");
  assert.equal(await appliesWhenPresent(of("PROTO-001")), false, "serverInfo is required");
  assert.equal(await appliesWhenPresent(of("TOOL-001")), false, "not a handshake rule");
});

Deno.test("runCompliance(): a failed handshake fails the handshake rules, skips the 'when present' ones", async () => {
  const server: ServerSpec = {
    key: "s",
    name: "s",
    target: { kind: "stdio", command: ["true"], env: {} },
    parallel: false,
    timeoutMs: 1000,
    source: "cli flag",
  };
  const connect = () => Promise.reject(new ConnectError("initialize", "initialize failed: boom"));
  const run = await runCompliance({ server, version: "v2025-11-25", connect });
  const status = (id: string) => run.results.find((r) => r.id.endsWith(`::${id}`))!;
  assert.equal(status("PROTO-002").status, "fail");
  assert.equal(status("PROTO-015").status, "skip");
  assert.match(status("PROTO-015").skipReason ?? "", /handshake failed.*applies when/);
  assert.equal(status("TOOL-001").status, "error");
  assert.equal(
    run.revisionUnavailable,
    undefined,
    "nothing negotiated at all: not a revision miss",
  );
});
