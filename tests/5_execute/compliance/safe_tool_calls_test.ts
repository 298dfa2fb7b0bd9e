/** @module Which tools the capability probes call: the tools named safe exactly as named; by default the read-only ones that name the capability, by name before description, with their required arguments filled, at most ten; and the reasons when there is none. */

import assert from "node:assert/strict";
import {
  MAX_DEFAULT_CALLS,
  planToolCalls,
} from "../../../src/5_execute/compliance/engine/safe_tool_calls.ts";

const WHERE = "when the client declares sampling";
const readOnly = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  inputSchema: { type: "object" },
  annotations: { readOnlyHint: true },
  ...extra,
});

Deno.test("planToolCalls(): by default only read-only tools that name the capability, by name before title or description, each in list order", () => {
  const tools = [
    readOnly("slow", { description: "Runs for ten seconds" }),
    readOnly("audit", { description: "Audits the sampling settings" }),
    readOnly("stats", { title: "Sample statistics" }),
    readOnly("trigger-sampling-request"),
    { name: "sampleWriter", inputSchema: { type: "object" } },
    readOnly("getSampleCount"),
    readOnly("elicit"),
  ];
  const plan = planToolCalls(tools, [], WHERE, "sampling");
  assert.deepEqual(
    "calls" in plan ? plan.calls.map((c) => c.name) : plan,
    ["trigger-sampling-request", "getSampleCount", "audit", "stats"],
  );
  const roots = planToolCalls([readOnly("rooted"), readOnly("get_root")], [], WHERE, "roots");
  assert.deepEqual("calls" in roots ? roots.calls.map((c) => c.name) : roots, ["get_root"]);
});

Deno.test("planToolCalls(): a default tool's required arguments are filled from its inputSchema, optional ones left out", () => {
  const tool = readOnly("sample", {
    inputSchema: {
      type: "object",
      properties: {
        prompt: { type: "string" },
        maxTokens: { type: "integer", minimum: 1 },
        temperature: { type: "number" },
        stream: { type: "boolean" },
        model: { enum: ["small", "large"] },
        stop: { type: "string" },
      },
      required: ["prompt", "maxTokens", "temperature", "stream", "model"],
    },
  });
  assert.deepEqual(planToolCalls([tool], [], WHERE, "sampling"), {
    calls: [{
      name: "sample",
      arguments: { prompt: "example", maxTokens: 1, temperature: 0, stream: false, model: "small" },
    }],
  });
  assert.deepEqual(planToolCalls([readOnly("sample")], [], WHERE, "sampling"), {
    calls: [{ name: "sample", arguments: {} }],
  });
});

Deno.test("planToolCalls(): at most ten default calls", () => {
  const tools = Array.from({ length: 12 }, (_, i) => readOnly(`sample_${i}`));
  const plan = planToolCalls(tools, [], WHERE, "sampling");
  assert.equal("calls" in plan ? plan.calls.length : 0, MAX_DEFAULT_CALLS);
});

Deno.test("planToolCalls(): no default tool: the reason names the tools that name the capability but write, and --safe-tool", () => {
  const none = planToolCalls([readOnly("slow")], [], WHERE, "sampling");
  assert.deepEqual(none, {
    none: "no tool annotated readOnlyHint: true names sampling in its name or description " +
      "when the client declares sampling: name the tool that draws it, with its arguments, " +
      "with --safe-tool NAME[=JSON] or the compliance: block's safe_tools:",
  });
  const writers = planToolCalls(
    [
      { name: "trigger-sampling-request", annotations: { readOnlyHint: false } },
      { name: "sample\u001b[31m" },
      readOnly("slow"),
    ],
    [],
    WHERE,
    "sampling",
  );
  assert.match(
    "none" in writers ? writers.none : "",
    /; "trigger-sampling-request", "sample\\u001b\[31m" name it but are not annotated readOnlyHint: true: name the tool that draws it/,
  );
});

Deno.test("planToolCalls(): tools named safe are called as named (user's order and arguments), whatever their annotations and names", () => {
  const tools = [
    readOnly("trigger-sampling-request"),
    { name: "write", inputSchema: { type: "object", required: ["x"] } },
    readOnly("slow"),
  ];
  const plan = planToolCalls(
    tools,
    [
      { name: "slow" },
      { name: "write", arguments: { x: 1 } },
      { name: "absent" },
    ],
    WHERE,
    "sampling",
  );
  assert.deepEqual(plan, {
    calls: [{ name: "slow", arguments: {} }, { name: "write", arguments: { x: 1 } }],
  });
  const absent = planToolCalls(tools, [{ name: "absent" }], WHERE, "sampling");
  assert.deepEqual(absent, {
    none: `none of the tools named safe to call ("absent") is in the server's tools/list when ` +
      `the client declares sampling (it lists: "trigger-sampling-request", "write", "slow")`,
  });
});
