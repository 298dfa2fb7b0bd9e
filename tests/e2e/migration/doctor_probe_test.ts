/** @module The migration probe live against the example server (stdio and HTTP), and each failing row on a scripted session. */

import assert from "node:assert/strict";
import type { ServerSpec } from "../../../src/3_load/config/types.ts";
import { MIGRATION_CORPUS } from "../../../src/7_features/migration/corpus.ts";
import {
  migrationExitCode,
  type MigrationRow,
  renderMigrationRows,
  runMigrationProbe,
} from "../../../src/7_features/doctor/migration_probe.ts";
import { connect } from "../../../src/2_connect/session/connect.ts";
import type { Session } from "../../../src/2_connect/session/types.ts";
import { type FakeAnswer, fakeSession, testServer } from "../../_helpers/fake_session.ts";
import { HttpServerProcess, RUN_FLAGS, SERVER } from "../../examples/_items_wire.ts";

function stdioServer(args: string[]): ServerSpec {
  return testServer("items", {
    target: { kind: "stdio", command: [Deno.execPath(), ...RUN_FLAGS, SERVER, ...args], env: {} },
    timeoutMs: 10_000,
  });
}

async function probe(server: ServerSpec): Promise<Record<string, MigrationRow>> {
  const session = await connect(server);
  try {
    const rows = await runMigrationProbe(session);
    assert.deepEqual(rows.map((r) => r.id), MIGRATION_CORPUS.map((e) => e.id), "one row per entry");
    return Object.fromEntries(rows.map((r) => [r.id, r]));
  } finally {
    await session.close();
  }
}

const statuses = (rows: Record<string, MigrationRow>) =>
  Object.fromEntries(Object.entries(rows).map(([id, r]) => [id, r.status]));

Deno.test("migration probe: the conformant example server passes every live row", async () => {
  const rows = await probe(stdioServer([]));
  assert.deepEqual(statuses(rows), {
    "legacy-error-code": "pass",
    "missing-resource-empty-contents": "pass",
    "rc-error-codes": "pass",
    "stateless-lifecycle": "pass",
    "ping-removed": "pass",
    "logging-set-level-removed": "pass",
    "roots-deprecated": "pass",
    "sampling-deprecated": "pass",
    "logging-deprecated": "pass",
    "server-initiated-requests": "pass",
    "resources-subscribe-replaced": "skip",
    "elicitation-complete-removed": "skip",
    "http-sessions-removed": "skip",
  });
  assert.match(rows["rc-error-codes"]?.rationale ?? "", /-32022/);
  assert.match(rows["http-sessions-removed"]?.rationale ?? "", /stdio target/);
  assert.equal(migrationExitCode(Object.values(rows)), 0);
});

Deno.test("migration probe: the legacy scenario fails the missing-resource row naming -32602", async () => {
  const rows = await probe(stdioServer(["--scenario", "legacy"]));
  assert.equal(rows["legacy-error-code"]?.status, "fail");
  assert.match(rows["legacy-error-code"]?.rationale ?? "", /answered -32002 .*requires -32602/);
  const failed = Object.values(rows).filter((r) => r.status === "fail").map((r) => r.id);
  assert.deepEqual(failed, ["legacy-error-code"]);
  assert.equal(migrationExitCode(Object.values(rows)), 1);
});

Deno.test("migration probe: an initialize-only server fails the stateless lifecycle row", async () => {
  const rows = await probe(stdioServer(["--era", "legacy", "--scenario", "legacy"]));
  assert.equal(rows["stateless-lifecycle"]?.status, "fail");
  assert.match(
    rows["stateless-lifecycle"]?.rationale ?? "",
    /only the legacy initialize handshake/,
  );
  assert.equal(rows["legacy-error-code"]?.status, "fail");
  for (const id of ["rc-error-codes", "ping-removed", "logging-set-level-removed"]) {
    assert.equal(rows[id]?.status, "skip", id);
    assert.match(rows[id]?.rationale ?? "", /needs the 2026-07-28 stateless lifecycle/);
  }
});

Deno.test("migration probe over HTTP: ?scenario=legacy fails, sessionless POSTs pass", async () => {
  const http = await HttpServerProcess.start();
  try {
    const server = (query: string) =>
      testServer("items", {
        target: { kind: "http", url: http.mcp(query), headers: {}, transport: "auto" },
        timeoutMs: 10_000,
      });
    const legacy = await probe(server("?scenario=legacy"));
    assert.equal(legacy["legacy-error-code"]?.status, "fail");
    assert.equal(legacy["http-sessions-removed"]?.status, "pass");
    const conformant = await probe(server(""));
    assert.ok(
      Object.values(conformant).every((r) => r.status !== "fail"),
      JSON.stringify(conformant),
    );
  } finally {
    await http.stop();
  }
});

/** A scripted 2026 session: `answer` per method, extra capabilities, server-sent messages. */
function statelessFake(
  answer: (method: string, params: Record<string, unknown>) => FakeAnswer,
  capabilities: Record<string, unknown>,
  serverMessages: unknown[] = [],
): Session & { closed: boolean } {
  const base = fakeSession(testServer(), answer);
  return Object.assign(base, {
    protocolVersion: "2026-07-28",
    serverCapabilities: capabilities,
    capture: () => ({
      server_label: "fake://",
      server_capabilities: capabilities,
      exchanges: [],
      server_messages: serverMessages.map((message) => ({ message })),
    }),
  });
}

Deno.test("migration probe fails each live row on the behaviour it guards against", async () => {
  const session = statelessFake(
    (method, params) => {
      const meta = params._meta as Record<string, unknown> | undefined;
      if (method === "tools/list" && meta) {
        return { error: { code: -32004, message: "unsupported" } };
      }
      if (method === "resources/read") return { result: { contents: [] } };
      if (method === "logging/setLevel") return { result: {} };
      if (method === "ping") return { error: { code: -32601, message: "not found" } };
      return { result: { tools: [] } };
    },
    { tools: {}, resources: {}, logging: {}, roots: {} },
    [{ jsonrpc: "2.0", id: 9, method: "sampling/createMessage", params: {} }],
  );
  const rows = Object.fromEntries((await runMigrationProbe(session)).map((r) => [r.id, r]));
  assert.equal(rows["legacy-error-code"]?.status, "skip");
  assert.equal(rows["missing-resource-empty-contents"]?.status, "fail");
  assert.equal(rows["rc-error-codes"]?.status, "fail");
  assert.match(rows["rc-error-codes"]?.rationale ?? "", /-32004, the RC number of .* uses -32022/);
  assert.equal(rows["logging-set-level-removed"]?.status, "fail");
  assert.equal(rows["ping-removed"]?.status, "pass");
  assert.equal(rows["roots-deprecated"]?.status, "fail");
  assert.equal(rows["logging-deprecated"]?.status, "fail");
  assert.equal(rows["sampling-deprecated"]?.status, "fail");
  assert.match(rows["sampling-deprecated"]?.rationale ?? "", /sent sampling\/createMessage/);
  assert.equal(rows["server-initiated-requests"]?.status, "fail");
  assert.equal(rows["stateless-lifecycle"]?.status, "pass");
});

Deno.test("migration probe: a demanded deprecated client capability fails its row", async () => {
  const session = statelessFake((method, params) => {
    if (method === "tools/list" && !(params._meta)) {
      return {
        error: { code: -32021, message: "missing", data: { requiredCapabilities: ["roots"] } },
      };
    }
    return { error: { code: -32022, message: "unsupported" } };
  }, { tools: {} });
  const rows = Object.fromEntries((await runMigrationProbe(session)).map((r) => [r.id, r]));
  assert.equal(rows["roots-deprecated"]?.status, "fail");
  assert.match(rows["roots-deprecated"]?.rationale ?? "", /demanded the roots client capability/);
  assert.equal(rows["sampling-deprecated"]?.status, "pass");
  assert.equal(rows["rc-error-codes"]?.status, "pass");
});

Deno.test("migration probe opens a pinned second session for a legacy session and closes it", async () => {
  const legacy = fakeSession(testServer(), () => ({ result: {} }));
  const second = statelessFake(() => ({ error: { code: -32602, message: "bad" } }), {
    resources: {},
  });
  let pinned: string | undefined;
  const rows = await runMigrationProbe(legacy, {
    connect: (server) => {
      pinned = server.revision;
      return Promise.resolve(second);
    },
  });
  assert.equal(pinned, "2026-07-28");
  assert.equal(second.closed, true);
  assert.equal(legacy.closed, false, "the doctor's own session stays open");
  const row = rows.find((r) => r.id === "stateless-lifecycle");
  assert.match(row?.rationale ?? "", /second session/);
  const refused = await runMigrationProbe(legacy, {
    connect: () => Promise.reject(new Error("server/discover returned error -32601")),
  });
  const failed = refused.find((r) => r.id === "stateless-lifecycle");
  assert.equal(failed?.status, "fail");
  assert.match(failed?.rationale ?? "", /-32601/);
});

Deno.test("renderMigrationRows prints [PASS]/[FAIL]/[SKIP] rows with rationales", () => {
  const rows: MigrationRow[] = [
    {
      id: "legacy-error-code",
      status: "fail",
      title: "missing-resource error code",
      rationale: "answered -32002",
    },
    { id: "ping-removed", status: "pass", title: "ping removed", rationale: "-32601" },
    { id: "x", status: "skip", title: "static", rationale: "run mcptest lint" },
  ];
  assert.equal(
    renderMigrationRows(rows, false),
    [
      "migration probe: target 2026-07-28",
      "  [FAIL] legacy-error-code  missing-resource error code",
      "         answered -32002",
      "  [PASS] ping-removed       ping removed",
      "         -32601",
      "  [SKIP] x                  static",
      "         run mcptest lint",
      "",
      "1 passed, 1 failed, 1 skipped",
      "",
    ].join("\n"),
  );
  const colored = renderMigrationRows(rows, true);
  const ESC = "\u001b";
  assert.ok(colored.includes(`${ESC}[31m[FAIL]${ESC}[39m`));
  assert.ok(colored.includes(`${ESC}[32m[PASS]`));
  assert.ok(colored.includes(`${ESC}[33m[SKIP]`));
});

Deno.test("migration probe turns a session that throws into rows, not an exception", async () => {
  const session = statelessFake(() => ({ result: {} }), { resources: {}, tools: {} });
  session.request = () => Promise.reject(new Error("transport closed"));
  const rows = Object.fromEntries((await runMigrationProbe(session)).map((r) => [r.id, r]));
  assert.equal(rows["legacy-error-code"]?.status, "skip");
  assert.match(rows["legacy-error-code"]?.rationale ?? "", /closed: transport closed/);
  assert.equal(rows["logging-set-level-removed"]?.status, "skip");
});
