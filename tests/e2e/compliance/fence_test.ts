/** @module On stdio, raw-frame and notification probes end at a `ping` fence: "no answer" is decided when the server answered pings sent after the frame (in order), never by a clock; an answer that comes before the fence's, however slow, counts. */

import assert from "node:assert/strict";
import { runRule } from "../../../src/5_execute/compliance/engine/run_rules.ts";
import type { RuleSpec } from "../../../src/3_load/compliance_corpus/types.ts";
import type { ServerSpec } from "../../../src/3_load/config/types.ts";
import { findRevision } from "../../../src/0_base/protocol/revisions.ts";
import { connect } from "../../../src/2_connect/session/connect.ts";

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
  probe: { kind: "notification", method: "notifications/mcptest-unknown" },
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

/**
 * Run `rule` against the in-order server started with `args`. The deadline is far beyond anything
 * the server takes: a verdict reached before it came from the fence, not from the clock.
 */
async function judge(args: string[], rule: RuleSpec) {
  const session = await connect(spec(args));
  try {
    const result = await runRule(session, rule, {
      version: "v2025-11-25",
      revision,
      registry: {},
      file: "compliance/v2025-11-25",
      timeoutMs: 60_000,
    });
    const pings = session.capture().exchanges.filter((e) =>
      (e.request as { method?: string }).method === "ping"
    );
    return { result, pings: pings.length };
  } finally {
    await session.close();
  }
}

Deno.test("runRule() on stdio: a raw frame ends at the ping fence", async (t) => {
  await t.step(
    "a dropped frame fails once two pings after it are answered, saying why",
    async () => {
      const { result, pings } = await judge(["--frames", "silent"], PARSE_ERROR);
      assert.equal(result.status, "fail");
      assert.match(
        result.failure?.message ?? "",
        /^unanswered: no answer to the frame: the server answered 2 pings sent after it/,
      );
      assert.equal(pings, 2);
    },
  );
  await t.step("a slow answer, in order, passes however slow it is", async () => {
    const { result } = await judge(["--frames", "late"], PARSE_ERROR);
    assert.equal(result.status, "pass", JSON.stringify(result.assertions));
  });
  await t.step(
    "an answer written after one later ping's answer (one out of order) passes",
    async () => {
      const { result } = await judge(["--frames", "after-1"], PARSE_ERROR);
      assert.equal(result.status, "pass", JSON.stringify(result.assertions));
    },
  );
  await t.step(
    "an answer held back past both fence pings is judged unanswered",
    async () => {
      const { result } = await judge(["--frames", "after-3"], PARSE_ERROR);
      assert.equal(result.status, "fail");
      assert.match(result.failure?.message ?? "", /^unanswered: no answer to the frame/);
    },
  );
  await t.step("a prompt answer passes", async () => {
    const { result } = await judge(["--frames", "prompt"], PARSE_ERROR);
    assert.equal(result.status, "pass");
  });
});

Deno.test("runRule() on stdio: a notification probe ends at the ping fence", async (t) => {
  await t.step("nothing drawn: passes once the fence is answered", async () => {
    const { result, pings } = await judge([], UNKNOWN_NOTIFICATION);
    assert.equal(result.status, "pass");
    assert.equal(pings, 2);
  });
  await t.step("a response drawn before the fence's answer: fails", async () => {
    const { result } = await judge(["--notify", "answer"], UNKNOWN_NOTIFICATION);
    assert.equal(result.status, "fail");
  });
});
