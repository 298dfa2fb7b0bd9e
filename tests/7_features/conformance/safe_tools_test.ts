/** @module `--safe-tool`: the probes that must call a tool call the tools the user names, with their arguments; without a name, only read-only tools without required arguments. */

import assert from "node:assert/strict";
import { runProbe as run, type Script, scriptedContext } from "./_scripted.ts";
import type { SafeTool } from "../../../src/3_load/config/safe_tool.ts";

type Json = Record<string, unknown>;

/** A server whose one tool is not annotated read-only and needs `user`; it asks for input (MRTR). */
function mrtr(calls: Json[], options: { incomplete?: boolean } = {}): Script {
  const tool = {
    name: "book",
    inputSchema: { type: "object", properties: { user: { type: "string" } }, required: ["user"] },
  };
  return (method, params) => {
    if (method === "tools/list") return { result: { tools: [tool] } };
    if (method !== "tools/call") return { result: { resultType: "complete", tools: [] } };
    calls.push(params);
    if (typeof (params.arguments as Json | undefined)?.user !== "string") {
      return { result: { isError: true, content: [{ type: "text", text: "user is required" }] } };
    }
    const answer = (params.inputResponses as Json | undefined)?.login;
    const ask = {
      resultType: "input_required",
      // The broken form carries neither inputRequests nor requestState.
      ...(options.incomplete ? {} : {
        inputRequests: { login: { method: "elicitation/create", params: { message: "who?" } } },
        requestState: "s1",
      }),
    };
    if (answer === undefined) return { result: ask };
    return { result: { resultType: "complete", content: [] } };
  };
}

const CHECK = "sep-2322-request-state-incomplete";

function context(script: Script, safeTools?: readonly SafeTool[]) {
  return scriptedContext({
    script,
    capabilities: { tools: {} },
    ...(safeTools ? { safeTools } : {}),
  });
}

Deno.test("without --safe-tool, a tool that is not read-only is never called: not-verified", async () => {
  const calls: Json[] = [];
  const outcome = await run(CHECK, context(mrtr(calls)));
  assert.equal(outcome.status, "not-verified");
  assert.match(outcome.detail ?? "", /--safe-tool/);
  assert.deepEqual(calls, []);
});

Deno.test("with --safe-tool book={user}, the probe calls it with those arguments and judges it", async () => {
  const calls: Json[] = [];
  const safe = [{ name: "book", arguments: { user: "ada" } }];
  const outcome = await run(CHECK, context(mrtr(calls), safe));
  assert.equal(outcome.status, "pass", outcome.detail);
  assert.ok(calls.length > 0);
  for (const call of calls) assert.deepEqual(call.arguments, { user: "ada" });
});

Deno.test("a named tool that breaks the rule now fails instead of staying not-verified", async () => {
  const safe = [{ name: "book", arguments: { user: "ada" } }];
  const outcome = await run(CHECK, context(mrtr([], { incomplete: true }), safe));
  assert.equal(outcome.status, "fail", outcome.detail);
});

Deno.test("a named tool the server does not list: not-verified, naming it", async () => {
  const calls: Json[] = [];
  const outcome = await run(CHECK, context(mrtr(calls), [{ name: "nope" }]));
  assert.equal(outcome.status, "not-verified");
  assert.match(outcome.detail ?? "", /nope/);
  assert.deepEqual(calls, []);
});
