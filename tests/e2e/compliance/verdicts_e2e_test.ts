/** @module Every rule of every revision reaches an explained verdict against real servers: the example server and server-everything. */

import assert from "node:assert/strict";
import type { ServerSpec } from "../../../src/3_load/config/types.ts";
import { COMPLIANCE_CORPUS } from "../../../src/3_load/compliance_corpus/embedded.ts";
import { runCompliance } from "../../../src/5_execute/compliance/run_compliance.ts";
import { CORPUS_VERSIONS } from "../../../src/3_load/compliance_corpus/versions.ts";
import type { TestResult } from "../../../src/4_record/run_record.ts";
import { connect } from "../../../src/2_connect/session/connect.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };
const ITEMS = new URL("../../../examples/servers/items_server.ts", import.meta.url).pathname;
const EVERYTHING = "npm:@modelcontextprotocol/server-everything@2026.8.31";

function stdio(name: string, command: string[], timeoutMs: number): ServerSpec {
  return {
    key: name,
    name,
    target: { kind: "stdio", command, env: {} },
    parallel: false,
    timeoutMs,
    source: "cli flag",
  };
}

/** Why a result is what it is, or undefined when it does not say. */
function explanation(result: TestResult): string | undefined {
  switch (result.status) {
    case "pass":
      return result.assertions.length > 0 && result.assertions.every((a) => a.status === "pass")
        ? "every assertion held"
        : undefined;
    case "skip":
      return result.skipReason || undefined;
    case "error":
      return result.failure?.message || undefined;
    case "fail": {
      const failed = result.assertions.filter((a) => a.status !== "pass");
      return failed.length > 0 || result.failure?.message
        ? JSON.stringify({ failed, failure: result.failure })
        : undefined;
    }
  }
}

function assertExplained(version: string, results: readonly TestResult[]): void {
  const rules = COMPLIANCE_CORPUS.revisions[version]!.rules;
  assert.equal(results.length, rules.length, `${version}: one result per rule`);
  for (const result of results) {
    assert.ok(
      explanation(result),
      `${result.id} (${result.status}) says why: ${JSON.stringify(result)}`,
    );
    assert.equal(result.rule?.revision, version);
    // The core spec, or an official extension's own (MCP Apps: ext-apps).
    assert.match(
      result.rule?.specUrl ?? "",
      /^https:\/\/(modelcontextprotocol\.io\/specification|github\.com\/modelcontextprotocol\/ext-[a-z-]+\/blob\/main\/specification)\//,
    );
  }
}

Deno.test(
  "verdicts: the example server gets an explained verdict for every rule of every revision",
  opts,
  async () => {
    const server = stdio(
      "items",
      [Deno.execPath(), "run", "--allow-net=127.0.0.1", "--allow-env", "--allow-read", ITEMS],
      // Six revisions at once, each with its raw-frame sessions: the timeout only bounds a hang
      // (the server answers every probe), so a loaded machine cannot reach it.
      60_000,
    );
    await Promise.all(CORPUS_VERSIONS.map(async (version) => {
      const run = await runCompliance({ server, version, connect: (s) => connect(s) });
      assertExplained(version, run.results);
      const handshake = run.results.find((r) => r.id.endsWith("::PROTO-002"));
      assert.equal(handshake?.status, "pass", `${version}: ${JSON.stringify(handshake)}`);
    }));
  },
);

Deno.test(
  "verdicts: server-everything gets an explained verdict for every rule (initialize era and latest)",
  opts,
  async () => {
    const server = stdio(
      "everything",
      [Deno.execPath(), "run", "--quiet", "-A", "--no-config", "--no-lock", EVERYTHING, "stdio"],
      // Only bounds a hang: a slow npm start must not fail the handshake (and so the revision line).
      60_000,
    );
    const run = await runCompliance({ server, version: "v2025-11-25", connect: (s) => connect(s) });
    assertExplained("v2025-11-25", run.results);
    // It speaks no 2026-07-28: one line, no rule results (not 9 FAILs and 114 errors).
    const latest = await runCompliance({
      server,
      version: "v2026-07-28",
      connect: (s) => connect(s),
    });
    assert.deepEqual(latest.results, []);
    assert.equal(
      latest.revisionUnavailable?.line,
      "server speaks up to 2025-11-25; v2026-07-28 rules not run",
    );
  },
);
