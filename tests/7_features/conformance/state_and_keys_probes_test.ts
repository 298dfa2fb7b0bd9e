/** @module The SEP-2322 tampered-state probe and the SEP-2663 input-key and MRTR-before-task probes, each against a conforming and a deliberately wrong scripted server. */

import assert from "node:assert/strict";
import { tamper } from "../../../src/7_features/conformance/probes/_tamper.ts";
import type { Script } from "./_scripted.ts";
import { runProbe, scriptedContext } from "./_scripted.ts";

type Json = Record<string, unknown>;

const TOOL = { name: "book", inputSchema: { type: "object" }, annotations: { readOnlyHint: true } };
const ELICIT = (text: string) => ({
  method: "elicitation/create",
  params: { message: text, requestedSchema: { type: "object", properties: {} } },
});
const b64 = (value: unknown) => btoa(JSON.stringify(value));

/** An MRTR server: asks once, then completes; `verify` decides whether a state is genuine. */
function mrtrServer(options: {
  state: (n: number) => string | undefined;
  verify: (state: string) => boolean;
  onForged: "error" | "complete" | "ask";
  refuseAll?: boolean;
}): Script {
  let n = 0;
  return (method, params) => {
    if (method === "tools/list") return { result: { tools: [TOOL], resultType: "complete" } };
    if (method !== "tools/call") return { result: { resultType: "complete" } };
    const ask = () => {
      const state = options.state(++n);
      return {
        result: {
          resultType: "input_required",
          inputRequests: { confirm: ELICIT("Book it?") },
          ...(state === undefined ? {} : { requestState: state }),
        },
      };
    };
    const state = params.requestState;
    if (typeof state !== "string") return ask();
    if (options.refuseAll) return { error: { code: -32602, message: "bad input responses" } };
    if (options.verify(state)) return { result: { resultType: "complete", content: [] } };
    if (options.onForged === "error") return { error: { code: -32602, message: "state failed" } };
    return options.onForged === "ask" ? ask() : { result: { resultType: "complete", content: [] } };
  };
}

const TAMPERED = "sep-2322-reject-tampered-state";
const mrtrContext = (script: Script) =>
  scriptedContext({ script, capabilities: { tools: {} }, safeTools: [{ name: "book" }] });

Deno.test("tampered requestState: a server that verifies its state passes", async () => {
  const issued = new Set<string>();
  const script = mrtrServer({
    state: (n) => {
      const state = `${b64({ step: n })}.sig${n}`;
      issued.add(state);
      return state;
    },
    verify: (state) => issued.has(state),
    onForged: "error",
  });
  const outcome = await runProbe(TAMPERED, mrtrContext(script));
  assert.equal(outcome.status, "pass", outcome.detail);
  assert.match(outcome.detail ?? "", /segment 1 of 2/);
});

Deno.test("tampered requestState: unsigned state taken as is fails", async () => {
  const script = mrtrServer({
    state: (n) => b64({ step: n }),
    verify: (state) => {
      try {
        return typeof JSON.parse(atob(state)).step === "number";
      } catch {
        return false;
      }
    },
    onForged: "complete",
  });
  const outcome = await runProbe(TAMPERED, mrtrContext(script));
  assert.equal(outcome.status, "fail");
  assert.match(outcome.detail ?? "", /was accepted/);
});

Deno.test("tampered requestState: asking again instead of an error fails; no state, refusals", async (t) => {
  const issued = new Set<string>();
  const state = (n: number) => {
    const value = `opaque${n}xyz`;
    issued.add(value);
    return value;
  };
  await t.step("a forged state re-prompted while the real one completes: fail", async () => {
    const script = mrtrServer({ state, verify: (s) => issued.has(s), onForged: "ask" });
    const outcome = await runProbe(TAMPERED, mrtrContext(script));
    assert.equal(outcome.status, "fail");
    assert.match(outcome.detail ?? "", /new InputRequiredResult instead of a JSON-RPC error/);
  });
  await t.step("no requestState at all: not applicable", async () => {
    const script = mrtrServer({ state: () => undefined, verify: () => true, onForged: "error" });
    assert.equal((await runProbe(TAMPERED, mrtrContext(script))).status, "not-applicable");
  });
  await t.step("every retry refused, genuine or not: not verified", async () => {
    const script = mrtrServer({ state, verify: () => true, onForged: "error", refuseAll: true });
    const outcome = await runProbe(TAMPERED, mrtrContext(script));
    assert.equal(outcome.status, "not-verified");
    assert.match(outcome.detail ?? "", /says nothing about the state/);
  });
});

Deno.test("tamper() edits what it can read and keeps the encoding", () => {
  const json = tamper('{"a":1}');
  assert.deepEqual(JSON.parse(json.state), { a: 1, "mcptest-tampered": true });
  const url = btoa(JSON.stringify({ user: "ü?>" })).replaceAll("+", "-").replaceAll("/", "_")
    .replace(/=+$/, "");
  const forged = tamper(`${url}.c2ln`).state.split(".");
  assert.equal(forged[1], "c2ln", "the signature segment is kept");
  assert.doesNotMatch(forged[0] ?? "", /[+/=]/, "base64url stays base64url");
  assert.equal(tamper("abc123").state.length, 6);
  assert.notEqual(tamper("abc123").state, "abc123");
  assert.equal(tamper("").state, "x");
});

const TASKS_CAPS = { tools: {}, extensions: { "io.modelcontextprotocol/tasks": {} } };
const declaresTasks = (params: Json) => {
  const caps = (params._meta as Json | undefined)?.["io.modelcontextprotocol/clientCapabilities"];
  return (caps as Json | undefined)?.extensions !== undefined;
};

/** A task server: `polls` gives the task's view after `answered` keys were acknowledged. */
function taskServer(options: {
  polls: (answered: readonly string[], poll: number) => Json;
  mrtrFirst?: boolean;
  syncAsks?: boolean;
}): Script {
  const answered: string[] = [];
  let poll = 0;
  return (method, params) => {
    if (method === "tools/list") return { result: { tools: [TOOL], resultType: "complete" } };
    if (method === "tools/call") {
      if (!declaresTasks(params)) {
        return options.syncAsks && params.requestState === undefined
          ? { result: { resultType: "input_required", inputRequests: { a: ELICIT("first?") } } }
          : { result: { resultType: "complete", content: [] } };
      }
      if (options.mrtrFirst && params.requestState !== "s1") {
        return {
          result: {
            resultType: "input_required",
            inputRequests: { a: ELICIT("first?") },
            requestState: "s1",
          },
        };
      }
      return { result: { resultType: "task", taskId: "t1", status: "working", pollIntervalMs: 0 } };
    }
    if (method === "tasks/update") {
      answered.push(...Object.keys((params.inputResponses as Json | undefined) ?? {}));
      return { result: { resultType: "complete" } };
    }
    if (method === "tasks/get") {
      return {
        result: {
          resultType: "complete",
          taskId: "t1",
          pollIntervalMs: 0,
          ...options.polls(answered, poll++),
        },
      };
    }
    return { result: { resultType: "complete" } };
  };
}

const taskContext = (script: Script) =>
  scriptedContext({ script, capabilities: TASKS_CAPS, safeTools: [{ name: "book" }] });
const KEYS = "sep-2663-no-key-reuse-after-response";
const SYNC = "sep-2663-mrtr-synchronous-before-task-creation";
const asking = (key: string, text = "ok?") => ({
  status: "input_required",
  inputRequests: { [key]: ELICIT(text) },
});

Deno.test("input keys: fresh keys to the end pass; a key used again fails", async (t) => {
  await t.step("k1 answered, then k2, then completed: pass", async () => {
    const script = taskServer({
      polls: (answered) =>
        answered.length === 0
          ? asking("k1")
          : answered.length === 1
          ? asking("k2")
          : { status: "completed" },
    });
    const outcome = await runProbe(KEYS, taskContext(script));
    assert.equal(outcome.status, "pass", outcome.detail);
    assert.match(outcome.detail ?? "", /2 input request key/);
  });
  await t.step("k1 answered, gone, then asked again: fail", async () => {
    const script = taskServer({
      polls: (answered, poll) =>
        answered.length === 0
          ? asking("k1")
          : poll === 1
          ? { status: "working" }
          : asking("k1", "again?"),
    });
    const outcome = await runProbe(KEYS, taskContext(script));
    assert.equal(outcome.status, "fail");
    assert.match(outcome.detail ?? "", /"k1" again/);
  });
  await t.step("one key naming two different requests: fail", async () => {
    const script = taskServer({
      polls: (_answered, poll) => asking("k1", poll === 0 ? "first?" : "second?"),
    });
    assert.equal((await runProbe(KEYS, taskContext(script))).status, "fail");
  });
  await t.step("a task that never asks: not verified", async () => {
    const script = taskServer({ polls: () => ({ status: "completed" }) });
    const outcome = await runProbe(KEYS, taskContext(script));
    assert.equal(outcome.status, "not-verified");
    assert.match(outcome.detail ?? "", /asked for no input/);
  });
  await t.step("a task still running at the deadline: not verified", async () => {
    const script = taskServer({
      polls: (answered) => answered.length === 0 ? asking("k1") : { status: "working" },
    });
    const ctx = scriptedContext({
      script,
      capabilities: TASKS_CAPS,
      safeTools: [{ name: "book" }],
      timeoutMs: 50,
    });
    const outcome = await runProbe(KEYS, ctx);
    assert.equal(outcome.status, "not-verified");
    assert.match(outcome.detail ?? "", /still working at the deadline/);
  });
  await t.step("a server without the tasks extension: not applicable", async () => {
    const ctx = scriptedContext({ script: () => ({ result: {} }), capabilities: { tools: {} } });
    assert.equal((await runProbe(KEYS, ctx)).status, "not-applicable");
    assert.equal((await runProbe(SYNC, ctx)).status, "not-applicable");
  });
});

Deno.test("MRTR before task creation: asked first passes; asked inside the task fails", async (t) => {
  await t.step("InputRequiredResult, then the CreateTaskResult: pass", async () => {
    const script = taskServer({ mrtrFirst: true, polls: () => ({ status: "completed" }) });
    const outcome = await runProbe(SYNC, taskContext(script));
    assert.equal(outcome.status, "pass", outcome.detail);
  });
  await t.step(
    "task first, input inside it, though the tool asks up front without tasks: fail",
    async () => {
      const script = taskServer({
        syncAsks: true,
        polls: (answered) =>
          answered.length === 0 ? asking("a", "first?") : { status: "completed" },
      });
      const outcome = await runProbe(SYNC, taskContext(script));
      assert.equal(outcome.status, "fail");
      assert.match(outcome.detail ?? "", /asked inside task t1/);
    },
  );
  await t.step(
    "input inside the task that the tool never asks up front: not verified",
    async () => {
      const script = taskServer({
        polls: (answered) => answered.length === 0 ? asking("a") : { status: "completed" },
      });
      assert.equal((await runProbe(SYNC, taskContext(script))).status, "not-verified");
    },
  );
  await t.step("no input anywhere: not verified", async () => {
    const script = taskServer({ polls: () => ({ status: "completed" }) });
    assert.equal((await runProbe(SYNC, taskContext(script))).status, "not-verified");
  });
});
