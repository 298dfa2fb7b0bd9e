/** @module loadSuite() reads `requests:` and `sequences:`: steps by kind, step-local captures left for run time, and bad steps as load errors at file:line:col. */

import assert from "node:assert/strict";
import { loadSuite } from "../../../src/3_load/config/load_suite.ts";
import { loadErrors, withFiles } from "./_helpers.ts";

const HEAD = `servers:
  s:
    command: ["deno", "run", "server.ts"]
`;

Deno.test("a sequence loads its steps in order; a requests: test is a request call", async () => {
  await withFiles({
    "suite.yml": HEAD + `requests:
  - name: ping
    method: ping
sequences:
  - name: flow
    steps:
      - tool: create
        capture: { id: result.id }
      - tool: read
        args: { id: "\${id}" }
      - notify: notifications/roots/list_changed
      - await: notifications/resources/updated
        where: [{ target: params.uri, matcher: { exact: "demo://a" } }]
      - subscribe: { resources: ["demo://a"], lists: [tools] }
      - unsubscribe: true
      - roots: [file:///a, { uri: "file:///b", name: b }]
`,
  }, async (cwd) => {
    const suite = await loadSuite({ paths: ["suite.yml"], cwd, env: {} });
    const [ping, flow] = suite.tests;
    assert.deepEqual(ping!.call, { kind: "request", method: "ping" });
    assert.equal(flow!.kind, "sequence");
    assert.ok(flow!.call.kind === "sequence");
    const steps = flow!.call.steps;
    assert.deepEqual(steps.map((s) => s.action), [
      "call",
      "call",
      "notify",
      "await",
      "subscribe",
      "unsubscribe",
      "roots",
    ]);
    // ${id} is the sequence's own capture: not a use of an earlier test's.
    assert.equal(flow!.captureUses, undefined);
    const read = steps[1]!;
    assert.ok(read.action === "call");
    assert.equal(read.test.serverKey, flow!.serverKey);
    assert.match(JSON.stringify(read.test.call), /capture:id/);
  });
});

Deno.test("bad steps are load errors at the step, with what was expected", async () => {
  await withFiles({
    "suite.yml": HEAD + `sequences:
  - name: bad matcher
    steps:
      - await: notifications/message
        where: [{ target: params.data, matcher: { no-such-matcher: 1 } }]
  - name: unknown key
    steps:
      - tool: a
        argz: {}
`,
  }, async (cwd) => {
    const errors = await loadErrors({ paths: ["suite.yml"], cwd });
    const text = errors.map((e) => `${e.pos?.line}:${e.pos?.col} ${e.message}`).join("\n");
    assert.match(text, /no-such-matcher/, text);
    assert.match(text, /argz/, text);
    assert.match(text, /did you mean "args"/, text);
  });
});

Deno.test("cancel: on progress needs progress: true", async () => {
  await withFiles({
    "suite.yml": HEAD + `tools:
  - name: c
    tool: long
    cancel: { on: notifications/progress }
`,
  }, async (cwd) => {
    const errors = await loadErrors({ paths: ["suite.yml"], cwd });
    assert.equal(errors.length, 1);
    assert.match(errors[0]!.message, /needs progress: true/);
    assert.equal(errors[0]!.pos?.line, 7);
  });
});

Deno.test("a step with two actions, or none, is an error at the step naming them", async () => {
  await withFiles({
    "suite.yml": HEAD + `sequences:
  - name: two actions
    steps:
      - tool: a
        notify: notifications/x
      - name: nothing to do
`,
  }, async (cwd) => {
    const errors = await loadErrors({ paths: ["suite.yml"], cwd });
    const text = errors.map((e) => `${e.pos?.line}:${e.pos?.col} ${e.message}`).join("\n");
    assert.match(
      text,
      /^7:9 .*a step takes exactly one of tool:.*; this one has tool:, notify:$/m,
      text,
    );
  });
});
