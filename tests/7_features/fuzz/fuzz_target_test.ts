/** @module fuzzTarget() finds each kind on a fragile handler, nothing on a strict one, shrinks, and repeats itself for a seed (no process). */

import assert from "node:assert/strict";
import { fuzzTarget } from "../../../src/7_features/fuzz/fuzz_target.ts";
import { promptTarget, templateTarget, toolTarget } from "../../../src/7_features/fuzz/targets.ts";
import type { FuzzFinding } from "../../../src/7_features/fuzz/types.ts";
import { type FakeAnswer, fakeSender, ok, toolError } from "./_fake_server.ts";
import { loadSchemaEngine } from "../../../src/1_matchers/schema.ts";

// Matchers are compiled here directly, not behind a run or a load that loads the engine.
await loadSchemaEngine();

const readOnly = { readOnlyHint: true };
const optIns = { writes: false, destructive: false };
const TEXT = { type: "object", properties: { text: { type: "string" } }, required: ["text"] };

type Args = Record<string, unknown>;
const argsOf = (params: Args) => (params.arguments ?? {}) as Args;

/** A strict handler for TEXT: isError for anything but a string `text`. */
function strictText(params: Args): FakeAnswer {
  return typeof argsOf(params).text === "string" ? ok() : toolError();
}

async function run(
  tool: Args,
  handler: (params: Args) => FakeAnswer,
  seed = 7,
  runs = 100,
): Promise<FuzzFinding[]> {
  const pool = fakeSender(handler);
  const target = toolTarget({ annotations: readOnly, ...tool }, optIns);
  const result = await fuzzTarget(target, {
    pool,
    serverName: "s",
    seed,
    runs,
    timeUp: () => false,
  });
  return result.findings;
}

/** Per kind: the tool, a fragile handler that shows it, a strict one that does not. */
const KINDS: Record<
  string,
  { tool: Args; bad: (p: Args) => FakeAnswer; good: (p: Args) => FakeAnswer; input?: unknown }
> = {
  crash: {
    tool: { name: "echo", inputSchema: TEXT },
    bad: (p) => argsOf(p).text === "" ? { failure: "closed" } : strictText(p),
    good: strictText,
    input: { text: "" },
  },
  timeout: {
    tool: { name: "echo", inputSchema: TEXT },
    bad: (p) =>
      typeof argsOf(p).text === "string" && (argsOf(p).text as string).length > 3
        ? { failure: "timeout" }
        : strictText(p),
    good: strictText,
  },
  malformed_response: {
    tool: { name: "echo", inputSchema: TEXT },
    bad: (p) => typeof argsOf(p).text === "string" ? { result: { content: "nope" } } : toolError(),
    good: strictText,
  },
  internal_error: {
    tool: { name: "echo", inputSchema: TEXT },
    bad: (p) =>
      argsOf(p).text === "" ? { error: { code: -32603, message: "boom" } } : strictText(p),
    good: strictText,
    input: { text: "" },
  },
  accepted_invalid: {
    tool: { name: "echo", inputSchema: TEXT },
    bad: () => ok(),
    good: strictText,
  },
  rejected_valid: {
    tool: { name: "echo", inputSchema: TEXT },
    bad: (p) =>
      typeof argsOf(p).text === "string" && (argsOf(p).text as string).length > 5
        ? { error: { code: -32602, message: "too long" } }
        : strictText(p),
    good: strictText,
  },
};

for (const [kind, c] of Object.entries(KINDS)) {
  Deno.test(`fuzzTarget() finds ${kind} on a fragile handler and nothing on a strict one`, async () => {
    const bad = await run(c.tool, c.bad);
    const found = bad.find((f) => f.kind === kind);
    assert.ok(found, `no ${kind} in ${JSON.stringify(bad.map((f) => f.kind))}`);
    if (c.input !== undefined) assert.deepEqual(found.input, c.input);
    assert.equal(found.expectation, kind === "accepted_invalid" ? "invalid" : found.expectation);
    assert.match(found.yaml, /^tools:\n {2}- name: "fuzz: /);
    assert.deepEqual(await run(c.tool, c.good), []);
  });
}

Deno.test("fuzzTarget() shrinks a valid string that is rejected to the shortest one", async () => {
  const findings = await run(KINDS.rejected_valid!.tool, KINDS.rejected_valid!.bad);
  const found = findings.find((f) => f.kind === "rejected_valid")!;
  assert.equal((found.input as { text: string }).text.length, 6);
});

Deno.test("fuzzTarget() gives the same findings for the same seed, and the run asks for restarts", async () => {
  const bad = (p: Args) => argsOf(p).text === "" ? { failure: "closed" as const } : ok();
  const first = await run(KINDS.crash!.tool, bad, 42);
  const second = await run(KINDS.crash!.tool, bad, 42);
  assert.deepEqual(first, second);
  const pool = fakeSender(bad);
  await fuzzTarget(toolTarget({ name: "echo", inputSchema: TEXT, annotations: readOnly }, optIns), {
    pool,
    serverName: "s",
    seed: 42,
    runs: 50,
    timeUp: () => false,
  });
  assert.ok(pool.drops > 0, "a crash must drop the session");
});

Deno.test("fuzzTarget() stops generating when the time budget is spent, and judges nothing by it", async () => {
  const pool = fakeSender(strictText);
  let checks = 0;
  const result = await fuzzTarget(
    toolTarget({ name: "echo", inputSchema: TEXT, annotations: readOnly }, optIns),
    {
      pool,
      serverName: "s",
      seed: 1,
      runs: 100,
      timeUp: () => ++checks > 10,
    },
  );
  assert.ok(result.cases < 100 && result.cases > 0, String(result.cases));
  assert.deepEqual(result.findings, []);
});

Deno.test("fuzzTarget() checks prompts (missing required argument) and resource templates (-32603)", async () => {
  const prompt = promptTarget({ name: "p", arguments: [{ name: "topic", required: true }] });
  const answered = {
    result: { messages: [{ role: "user", content: { type: "text", text: "x" } }] },
  };
  const pool = fakeSender(() => answered);
  const ctx = { pool, serverName: "s", seed: 3, runs: 100, timeUp: () => false };
  const promptRun = await fuzzTarget(prompt, ctx);
  assert.ok(
    promptRun.findings.some((f) => f.kind === "accepted_invalid" && f.target.kind === "prompt"),
  );
  const template = templateTarget({ uriTemplate: "item://{id}" });
  const templatePool = fakeSender((p) =>
    /^item:\/\/\d+$/.test(String(p.uri))
      ? { result: { contents: [{ uri: String(p.uri), text: "x" }] } }
      : { error: { code: -32603, message: "NaN" } }
  );
  const templateRun = await fuzzTarget(template, { ...ctx, pool: templatePool });
  const found = templateRun.findings.find((f) => f.kind === "internal_error")!;
  assert.equal(typeof found.input, "string");
  assert.match(found.yaml, /^resources:\n/);
});
