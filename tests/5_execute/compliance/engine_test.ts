/** @module The rule engine's moving parts on a scripted session: setup picks and skips, placeholders, gates, observations. */

import assert from "node:assert/strict";
import type { ServerSpec } from "../../../src/3_load/config/types.ts";
import { runRule, skipReason } from "../../../src/5_execute/compliance/engine/run_rules.ts";
import {
  duplicateIds,
  progressObservation,
  repeatObservation,
} from "../../../src/5_execute/compliance/engine/observations.ts";
import { fillTemplates } from "../../../src/5_execute/compliance/engine/templates.ts";
import type { RuleSpec } from "../../../src/3_load/compliance_corpus/types.ts";
import { findRevision } from "../../../src/0_base/protocol/revisions.ts";
import type { Exchange, Session } from "../../../src/2_connect/session/types.ts";

type Answer = (method: string, params?: Record<string, unknown>) => unknown;

/** A session that answers each request with `answer(method, params)` as its result (or `{error}`). */
function scripted(
  answer: Answer,
  options: { capabilities?: Record<string, unknown>; http?: Record<string, string> } = {},
): Session & { sent: { method: string; params?: Record<string, unknown> }[] } {
  const sent: { method: string; params?: Record<string, unknown> }[] = [];
  const server: ServerSpec = {
    key: "s",
    name: "s",
    target: options.http
      ? {
        kind: "http",
        url: "http://127.0.0.1:9/mcp?x=1",
        headers: options.http,
        transport: "streamable-http",
      }
      : { kind: "stdio", command: ["x"], env: {} },
    parallel: false,
    timeoutMs: 1000,
    source: "cli flag",
  };
  return {
    sent,
    server,
    protocolVersion: "2025-11-25",
    serverCapabilities: options.capabilities ?? { tools: {}, prompts: {} },
    serverInfo: { name: "s", version: "1" },
    request(method, params) {
      sent.push({ method, ...(params ? { params } : {}) });
      const value = answer(method, params) as { error?: unknown };
      const response = value && typeof value === "object" && "error" in value
        ? { jsonrpc: "2.0" as const, id: sent.length, error: value.error }
        : { jsonrpc: "2.0" as const, id: sent.length, result: value };
      return Promise.resolve({
        request: { jsonrpc: "2.0", id: sent.length, method },
        response,
        durationMs: 0,
        notifications: [],
      } as unknown as Exchange);
    },
    notify: () => Promise.resolve(),
    sendRaw: () => Promise.reject(new Error("not scripted")),
    capture: () => ({ server_label: "s", exchanges: [], server_messages: [] }) as never,
    close: () => Promise.resolve(),
  };
}

const options = {
  version: "v2025-11-25",
  revision: findRevision("2025-11-25")!,
  registry: {},
  file: "compliance/v2025-11-25",
  timeoutMs: 1000,
};

const promptRule: RuleSpec = {
  id: "PROMPT-900",
  setup: {
    method: "prompts/list",
    pick: {
      prompt: "result.prompts[0].name",
      args: { path: "result.prompts[0].arguments", as: "argument_values" },
    },
  },
  probe: {
    kind: "request",
    method: "prompts/get",
    params: { name: "{{prompt}}", arguments: "{{args}}" },
  },
  expect: [{ target: "result.name", matcher: { exact: "{{prompt}}" } }],
};

Deno.test("setup: picks fill the probe (whole placeholders keep their JSON type) and the expectations", async () => {
  const session = scripted((method, params) =>
    method === "prompts/list"
      ? {
        prompts: [{
          name: "greet",
          arguments: [{ name: "who", required: true }, { name: "tone" }],
        }],
      }
      : { name: params?.name }
  );
  const result = await runRule(session, promptRule, options);
  assert.equal(result.status, "pass", JSON.stringify(result));
  assert.deepEqual(session.sent[1], {
    method: "prompts/get",
    params: { name: "greet", arguments: { who: "mcptest" } },
  });
  const wrong = scripted((method) =>
    method === "prompts/list" ? { prompts: [{ name: "greet" }] } : { name: "other" }
  );
  assert.equal((await runRule(wrong, promptRule, options)).status, "fail");
});

Deno.test("setup: an empty list skips with the reason; a refused setup is an error, not a verdict", async () => {
  const empty = await runRule(scripted(() => ({ prompts: [] })), promptRule, options);
  assert.equal(empty.status, "skip");
  assert.match(
    empty.skipReason ?? "",
    /nothing to check: prompts\/list offers no result\.prompts\[0\]\.name/,
  );
  const refused = await runRule(
    scripted(() => ({ error: { code: -32603, message: "boom" } })),
    promptRule,
    options,
  );
  assert.equal(refused.status, "error");
  assert.match(refused.failure?.message ?? "", /setup prompts\/list was refused: -32603 boom/);
});

Deno.test("placeholders: endpoint variables over HTTP; an unknown placeholder is an authoring error", async () => {
  const rule: RuleSpec = {
    id: "PROTO-900",
    probe: {
      kind: "request",
      method: "echo",
      params: { url: "{{endpoint_url}}", v: "{{protocol_version}}" },
    },
    expect: [{ target: "result.url", matcher: { exact: "http://127.0.0.1:9/mcp" } }],
  };
  const session = scripted((_, params) => params, { http: {} });
  assert.equal((await runRule(session, rule, options)).status, "pass");
  assert.deepEqual(session.sent[0]!.params, { url: "http://127.0.0.1:9/mcp", v: "2025-11-25" });
  const stdio = await runRule(scripted((_, p) => p), rule, options);
  assert.equal(stdio.status, "error");
  assert.match(stdio.failure?.message ?? "", /undefined placeholders: endpoint_url/);
});

Deno.test("fillTemplates(): whole vs inline placeholders, missing names reported", () => {
  const filled = fillTemplates(
    { a: "{{obj}}", b: "x-{{obj}}-{{n}}", c: ["{{s}}"], d: "{{nope}}" },
    {
      obj: { k: 1 },
      n: 2,
      s: "str",
    },
  );
  assert.deepEqual(filled.value, { a: { k: 1 }, b: 'x-{"k":1}-2', c: ["str"], d: "{{nope}}" });
  assert.deepEqual(filled.missing, ["nope"]);
});

Deno.test("skipReason(): dotted capability gates and requires: authorization", () => {
  const rule = (extra: Partial<RuleSpec>): RuleSpec => ({
    id: "RES-900",
    probe: { kind: "handshake" },
    expect: [],
    ...extra,
  });
  const entry = {
    id: "RES-900",
    title: "t",
    area: "RES",
    severity: "MUST" as const,
    capability: "resources.subscribe",
    spec_url: "https://modelcontextprotocol.io/specification/draft/x",
  };
  const withCaps = (capabilities: Record<string, unknown>) =>
    scripted(() => ({}), { capabilities });
  assert.equal(
    skipReason(rule({}), entry, withCaps({ resources: { subscribe: true } })),
    undefined,
  );
  for (const caps of [{ resources: { subscribe: false } }, { resources: {} }, {}]) {
    assert.equal(
      skipReason(rule({}), entry, withCaps(caps)),
      "server does not advertise the resources.subscribe capability",
    );
  }
  const auth = rule({ requires: "authorization" });
  assert.match(
    skipReason(auth, undefined, scripted(() => ({}))) ?? "",
    /not configured with credentials/,
  );
  assert.match(
    skipReason(auth, undefined, scripted(() => ({}), { http: { "X-Other": "1" } })) ?? "",
    /not configured with credentials/,
  );
  assert.equal(
    skipReason(auth, undefined, scripted(() => ({}), { http: { authorization: "Bearer t" } })),
    undefined,
  );
});

const exchange = (result: unknown): Exchange =>
  ({
    request: {},
    response: { jsonrpc: "2.0", id: 1, result },
    durationMs: 0,
    notifications: [],
  }) as unknown as Exchange;

Deno.test("observations: repeat identity ignores ttlMs only; progress order; duplicate ids", () => {
  const same = repeatObservation([exchange({ a: 1, ttlMs: 5 }), exchange({ ttlMs: 9, a: 1 })]);
  assert.deepEqual(same, { calls: 2, answered: 2, identical: true });
  assert.equal(repeatObservation([exchange({ a: 1 }), exchange({ a: 2 })]).identical, false);
  const silent = { request: {}, durationMs: 0, notifications: [] } as unknown as Exchange;
  assert.deepEqual(repeatObservation([exchange({}), silent]), {
    calls: 2,
    answered: 1,
    identical: false,
  });
  const progress = (...values: unknown[]) =>
    progressObservation(values.map((progress) => ({
      jsonrpc: "2.0",
      method: "notifications/progress",
      params: { progressToken: 1, progress },
    })) as never);
  assert.deepEqual(progress(1, 2, 5), { count: 3, increasing: true });
  assert.deepEqual(progress(2, 1), { count: 2, increasing: false });
  assert.deepEqual(progress(1, 1), { count: 2, increasing: false });
  assert.deepEqual(progress(), { count: 0, increasing: true });
  assert.deepEqual(duplicateIds({ tools: [{ name: "a" }, { name: "b" }, { name: "a" }] }), ["a"]);
  assert.deepEqual(duplicateIds({ resources: [{ uri: "x" }, { uri: "y" }] }), []);
  assert.deepEqual(duplicateIds(null), []);
});

Deno.test("fillTemplates(): {{text:N}} generates N characters, capped", () => {
  const { value, missing } = fillTemplates({
    a: "{{text:5}}",
    b: "<{{text:3}}>",
    c: "{{text:99999999}}",
  }, {});
  assert.deepEqual(value, { a: "xxxxx", b: "<xxx>", c: "{{text:99999999}}" });
  assert.deepEqual(missing, ["text:99999999"]);
  assert.equal(fillTemplates("{{text:262144}}", {}).value.length, 262144);
});

Deno.test("setup: a setup method the server does not offer (-32601) skips the rule", async () => {
  const result = await runRule(
    scripted(() => ({ error: { code: -32601, message: "Method not found" } })),
    promptRule,
    options,
  );
  assert.equal(result.status, "skip");
  assert.equal(
    result.skipReason,
    "nothing to check: the server does not offer prompts/list (-32601)",
  );
});
