/** @module On stdio, raw-frame and notification probes end at a `ping` fence: a dropped frame costs tens of milliseconds, not the deadline, and an in-order late answer still counts. */

import assert from "node:assert/strict";
import { runRule } from "../../../src/compliance/engine/run_rules.ts";
import type { RuleSpec } from "../../../src/compliance/corpus/types.ts";
import type { ServerSpec } from "../../../src/config/types.ts";
import { findRevision } from "../../../src/protocol/revisions.ts";
import { connect } from "../../../src/session/connect.ts";

const SERVER = new URL("./_fixtures/in_order_server.ts", import.meta.url).pathname;
const revision = findRevision("2025-11-25")!;

function spec(args: string[]): ServerSpec {
  return {
    key: "in-order",
    name: "in-order",
    target: { kind: "stdio", command: [Deno.execPath(), "run", SERVER, ...args], env: {} },
    parallel: false,
    timeoutMs: 5000,
    source: "cli flag",
    revision: "2025-11-25",
  };
}

const PARSE_ERROR: RuleSpec = {
  id: "SCHEMA-005",
  probe: { kind: "raw", frame: '{"jsonrpc": "2.0", "id": "x", "method": ' },
  expect: [{ target: "result.error.code", matcher: { exact: -32700 } }],
};

const UNKNOWN_NOTIFICATION: RuleSpec = {
  id: "SEQ-001",
  probe: { kind: "notification", method: "notifications/mcptest-unknown", wait_ms: 3000 },
  expect: [{
    target: "received",
    matcher: {
      schema: {
        type: "array",
        items: { not: { anyOf: [{ required: ["result"] }, { required: ["error"] }] } },
      },
    },
  }],
};

/** Run `rule` against the in-order server started with `args`, with a 3 s probe deadline. */
async function judge(args: string[], rule: RuleSpec) {
  const session = await connect(spec(args));
  try {
    const started = performance.now();
    const result = await runRule(session, rule, {
      version: "v2025-11-25",
      revision,
      registry: {},
      file: "compliance/v2025-11-25",
      timeoutMs: 5000,
      probeDeadlineMs: 3000,
    });
    return { result, ms: performance.now() - started };
  } finally {
    await session.close();
  }
}

Deno.test("runRule() on stdio: a raw frame ends at the ping fence", async (t) => {
  await t.step("a dropped frame fails well before the deadline, saying why", async () => {
    const { result, ms } = await judge(["--frames", "silent"], PARSE_ERROR);
    assert.equal(result.status, "fail");
    assert.ok(ms < 1500, `took ${ms} ms of a 3000 ms deadline`);
    assert.match(result.failure?.message ?? "", /the server answered a ping sent after it/);
  });
  await t.step("an answer slower than the first look, in order, passes", async () => {
    const { result } = await judge(["--frames", "late"], PARSE_ERROR);
    assert.equal(result.status, "pass", JSON.stringify(result.assertions));
  });
  await t.step("a prompt answer passes", async () => {
    const { result } = await judge(["--frames", "prompt"], PARSE_ERROR);
    assert.equal(result.status, "pass");
  });
});

Deno.test("runRule() on stdio: a notification probe ends at the ping fence", async (t) => {
  await t.step("nothing drawn: passes well before wait_ms", async () => {
    const { result, ms } = await judge([], UNKNOWN_NOTIFICATION);
    assert.equal(result.status, "pass");
    assert.ok(ms < 1500, `took ${ms} ms of a 3000 ms wait`);
  });
  await t.step("a response drawn before the fence's answer: fails", async () => {
    const { result } = await judge(["--notify", "answer"], UNKNOWN_NOTIFICATION);
    assert.equal(result.status, "fail");
  });
});
