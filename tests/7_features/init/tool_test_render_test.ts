/** @module The starter test of one tool: task: true when the tool requires task augmentation, skip: when it needs the outside world at a URL, placeholders otherwise. */

import assert from "node:assert/strict";
import {
  needsOutsideWorld,
  OPEN_WORLD_SKIP,
  taskSupportOf,
  toolTest,
} from "../../../src/7_features/init/tool_test.ts";

const RESEARCH = {
  name: "simulate-research-query",
  inputSchema: {
    type: "object",
    properties: { topic: { type: "string" }, ambiguous: { type: "boolean", default: false } },
    required: ["topic"],
  },
  execution: { taskSupport: "required" },
  annotations: { openWorldHint: false },
};

const GZIP = {
  name: "gzip-file-as-resource",
  inputSchema: {
    type: "object",
    properties: {
      name: { type: "string", default: "README.md.gz" },
      data: { type: "string", format: "uri", default: "https://example.org/README.md" },
    },
  },
  annotations: { openWorldHint: true },
};

Deno.test("taskSupportOf() reads execution.taskSupport, and nothing else", () => {
  assert.equal(taskSupportOf(RESEARCH), "required");
  assert.equal(taskSupportOf({ execution: { taskSupport: "optional" } }), "optional");
  for (const execution of [undefined, null, "required", { taskSupport: 1 }, {}]) {
    assert.equal(taskSupportOf({ execution }), undefined, JSON.stringify(execution));
  }
});

Deno.test("a tool that requires task augmentation is called as a task that must complete", () => {
  assert.deepEqual(toolTest("everything", RESEARCH), {
    name: "simulate-research-query answers",
    server: "everything",
    tool: "simulate-research-query",
    args: { topic: "example" },
    task: true,
    expect: [
      { target: "task.status", matcher: { exact: "completed" } },
      { target: "result.content", matcher: { exists: true } },
    ],
  });
  // optional, forbidden or unsaid: a plain call.
  for (const taskSupport of ["optional", "forbidden", undefined]) {
    const test = toolTest("s", { ...RESEARCH, execution: { taskSupport } });
    assert.equal(test.task, undefined);
    assert.deepEqual(test.expect, [{ target: "result.content", matcher: { exists: true } }]);
  }
});

Deno.test("needsOutsideWorld(): openWorldHint true (said, not defaulted) and a URL input", () => {
  assert.equal(needsOutsideWorld(GZIP), true);
  const url = { type: "string", default: "http://example.org/x" };
  assert.equal(
    needsOutsideWorld({ ...GZIP, inputSchema: { properties: { source: url } } }),
    true,
  );
  // Not said (the spec's default is true, but saying nothing is not saying so), or said false.
  assert.equal(needsOutsideWorld({ ...GZIP, annotations: undefined }), false);
  assert.equal(needsOutsideWorld({ ...GZIP, annotations: {} }), false);
  assert.equal(needsOutsideWorld({ ...GZIP, annotations: { openWorldHint: false } }), false);
  // Open world, but no URL to reach (it reaches out through the client, e.g. by sampling).
  const sampling = {
    name: "trigger-sampling-request",
    inputSchema: {
      properties: { prompt: { type: "string" }, maxTokens: { type: "number", default: 100 } },
      required: ["prompt"],
    },
    annotations: { openWorldHint: true },
  };
  assert.equal(needsOutsideWorld(sampling), false);
  assert.equal(needsOutsideWorld({ ...GZIP, inputSchema: "nope" }), false);
  assert.equal(needsOutsideWorld({ ...GZIP, inputSchema: { properties: [null] } }), false);
});

Deno.test("a tool that needs the outside world is written with skip: and its reason", () => {
  const test = toolTest("everything", GZIP);
  assert.equal(test.skip, OPEN_WORLD_SKIP);
  assert.deepEqual(Object.keys(test), ["name", "server", "tool", "skip", "args", "expect"]);
  assert.equal(toolTest("everything", RESEARCH).skip, undefined);
});
