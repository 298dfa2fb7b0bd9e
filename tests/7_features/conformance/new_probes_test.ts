/** @module The 2026 probes added for upstream parity: subscriptions/listen, `_meta` rejections, removed methods, data URIs, tasks. */

import assert from "node:assert/strict";
import type { ProbeContext } from "../../../src/7_features/conformance/probes/probe_types.ts";
import type { Scripted } from "./_fake.ts";
import { runProbe as run, type Script, scriptedContext, TIMEOUT } from "./_scripted.ts";

function context(options: {
  script: Script;
  capabilities?: Record<string, unknown>;
  transport?: "stdio" | "http";
}): ProbeContext {
  return scriptedContext({
    ...options,
    capabilities: options.capabilities ?? { tools: { listChanged: true } },
  });
}

const ack = (id: unknown, extra: Record<string, unknown> = {}) => ({
  jsonrpc: "2.0" as const,
  method: "notifications/subscriptions/acknowledged",
  params: { _meta: { "io.modelcontextprotocol/subscriptionId": id }, notifications: {}, ...extra },
});

Deno.test("subscriptions/listen probes judge ack order, tagging and the filter", async (t) => {
  const listen = (notifications: NonNullable<Scripted["notifications"]>): Script => (method) =>
    method === "subscriptions/listen" ? { ...TIMEOUT, notifications } : { result: {} };
  const checks = [
    "sep-2575-server-sends-subscription-ack",
    "sep-2575-server-tags-subscription-id",
    "sep-2575-server-honors-notification-filter",
  ];
  const changed = {
    jsonrpc: "2.0" as const,
    method: "notifications/tools/list_changed",
    params: { _meta: { "io.modelcontextprotocol/subscriptionId": 1 } },
  };
  await t.step("a conforming stream that delivered an event passes all three", async () => {
    for (const check of checks) {
      const outcome = await run(check, context({ script: listen([ack(1), changed]) }));
      assert.equal(outcome.status, "pass", `${check}: ${outcome.detail}`);
    }
  });
  await t.step("a stream with only its ack: the filter was never put to work", async () => {
    const outcomes = [];
    for (const check of checks) {
      outcomes.push(await run(check, context({ script: listen([ack(1)]) })));
    }
    assert.deepEqual(outcomes.map((o) => o.status), ["pass", "pass", "not-verified"]);
    assert.match(
      outcomes[2]?.detail ?? "",
      /no event of the requested types before its acknowledgment/,
    );
  });
  await t.step("a silent stream fails the ack check at the deadline", async () => {
    const outcome = await run(checks[0]!, context({ script: listen([]) }));
    assert.equal(outcome.status, "fail");
    assert.match(outcome.detail ?? "", /before the deadline \(--timeout 1000 ms\)/);
  });
  await t.step("the stream is read to the server's deadline, not a shorter window", async () => {
    const deadlines: Array<number | undefined> = [];
    const script: Script = (method, params, seen) => {
      if (method === "subscriptions/listen") deadlines.push(seen.timeoutMs);
      return listen([ack(1)])(method, params, seen);
    };
    await run(checks[0]!, context({ script }));
    assert.deepEqual(deadlines, [1000], "the fake server's timeoutMs (--timeout)");
  });
  await t.step("a -32601 answer fails them", async () => {
    const ctx = context({ script: () => ({ error: { code: -32601 } }) });
    for (const check of checks) assert.equal((await run(check, ctx)).status, "fail", check);
  });
  await t.step("a notification before the ack fails the ack check", async () => {
    const early = { jsonrpc: "2.0" as const, method: "notifications/tools/list_changed" };
    const outcome = await run(checks[0]!, context({ script: listen([early, ack(1)]) }));
    assert.equal(outcome.status, "fail");
  });
  await t.step("an untagged notification fails the tagging check", async () => {
    const untagged = { jsonrpc: "2.0" as const, method: ack(1).method, params: {} };
    assert.equal((await run(checks[1]!, context({ script: listen([untagged]) }))).status, "fail");
  });
  await t.step("an unrequested type fails the filter check", async () => {
    const prompts = {
      jsonrpc: "2.0" as const,
      method: "notifications/prompts/list_changed",
      params: { _meta: { "io.modelcontextprotocol/subscriptionId": 1 } },
    };
    const outcome = await run(checks[2]!, context({ script: listen([ack(1), prompts]) }));
    assert.equal(outcome.status, "fail");
  });
  await t.step("no listChanged capability: not applicable", async () => {
    const ctx = context({ script: listen([ack(1)]), capabilities: { tools: {} } });
    assert.equal((await run(checks[0]!, ctx)).status, "not-applicable");
  });
});

Deno.test("_meta rejection probes need -32602 (and HTTP 400) for each missing field", async (t) => {
  const strict: Script = (_method, params, seen) => {
    const meta = params._meta as Record<string, unknown> | undefined;
    const complete = meta?.["io.modelcontextprotocol/protocolVersion"] !== undefined &&
      meta?.["io.modelcontextprotocol/clientCapabilities"] !== undefined;
    if (seen.raw !== undefined && !complete) {
      return { error: { code: -32602 }, http: { status: 400, headers: {} } };
    }
    return {
      result: { _meta: { "io.modelcontextprotocol/serverInfo": { name: "s", version: "1" } } },
    };
  };
  const lax: Script = () => ({ result: {}, http: { status: 200, headers: {} } });
  const checks = [
    "sep-2575-request-meta-invalid-missing-meta",
    "sep-2575-request-meta-invalid-missing-protocol-version",
    "sep-2575-request-meta-invalid-missing-client-capabilities",
    "sep-2575-http-server-meta-invalid-400",
    "sep-2575-request-meta-client-info-optional",
    "sep-2575-server-identifies-in-result-meta",
  ];
  await t.step("a strict server passes", async () => {
    for (const check of checks) {
      const outcome = await run(check, context({ script: strict }));
      assert.equal(outcome.status, "pass", `${check}: ${outcome.detail}`);
    }
  });
  await t.step("a server that serves incomplete _meta fails the rejections", async () => {
    for (const check of checks.slice(0, 4)) {
      assert.equal((await run(check, context({ script: lax }))).status, "fail", check);
    }
    const anonymous = await run(checks[5]!, context({ script: lax }));
    assert.equal(anonymous.status, "fail");
  });
  await t.step("a server that needs clientInfo fails the optional-clientInfo check", async () => {
    const needy: Script = (_m, params) =>
      (params._meta as Record<string, unknown> | undefined)?.["io.modelcontextprotocol/clientInfo"]
        ? { result: {} }
        : { error: { code: -32602 } };
    assert.equal((await run(checks[4]!, context({ script: needy }))).status, "fail");
  });
  await t.step("the HTTP 400 check is not applicable on stdio", async () => {
    const outcome = await run(checks[3]!, context({ script: strict, transport: "stdio" }));
    assert.equal(outcome.status, "not-applicable");
  });
});

Deno.test("removed methods must be 404 with -32601 over HTTP", async (t) => {
  for (const method of ["initialize", "ping"]) {
    const check = `sep-2575-http-server-method-not-found-404-${method}`;
    await t.step(method, async () => {
      const gone: Script = () => ({ error: { code: -32601 }, http: { status: 404, headers: {} } });
      const served: Script = () => ({ result: {}, http: { status: 200, headers: {} } });
      assert.equal((await run(check, context({ script: gone }))).status, "pass");
      assert.equal((await run(check, context({ script: served }))).status, "fail");
      const stdio = await run(check, context({ script: served, transport: "stdio" }));
      assert.equal(stdio.status, "not-applicable");
    });
  }
});

Deno.test("prompts served without being declared in discover fail", async () => {
  const check = "sep-2575-server-declares-prompts-in-discover";
  const served: Script = () => ({ result: { prompts: [] } });
  assert.equal((await run(check, context({ script: served, capabilities: {} }))).status, "fail");
  const declared = context({ script: served, capabilities: { prompts: {} } });
  assert.equal((await run(check, declared)).status, "pass");
  const none = context({ script: () => ({ error: { code: -32601 } }), capabilities: {} });
  assert.equal((await run(check, none)).status, "not-applicable");
});

Deno.test("sep-2164-data-uri wants the missing uri in error data", async () => {
  const check = "sep-2164-data-uri";
  const caps = { resources: {} };
  const withUri: Script = (_m, params) => ({ error: { code: -32602, data: { uri: params.uri } } });
  const bare: Script = () => ({ error: { code: -32602 } });
  assert.equal((await run(check, context({ script: withUri, capabilities: caps }))).status, "pass");
  assert.equal((await run(check, context({ script: bare, capabilities: caps }))).status, "fail");
});

Deno.test("SEP-2663 probes only judge servers that declare the tasks extension", async (t) => {
  const ext = { extensions: { "io.modelcontextprotocol/tasks": {} } };
  const good: Script = (method, params) => {
    const caps = (params._meta as Record<string, Record<string, unknown>> | undefined)?.[
      "io.modelcontextprotocol/clientCapabilities"
    ];
    if (method === "tasks/result") return { error: { code: -32601 } };
    if (!caps?.extensions) return { error: { code: -32021 } };
    return { error: { code: -32602 } };
  };
  const bad: Script = () => ({ result: { resultType: "complete" } });
  const checks = [
    "sep-2663-tasks-get-invalid-task-id-32602",
    "sep-2663-tasks-update-cancel-invalid-task-id-32602",
    "sep-2663-update-error-unknown-task-id",
    "sep-2663-cancel-error-unknown-task-id",
    "sep-2663-tasks-methods-non-declaring",
    "sep-2663-tasks-result-removed-method-not-found",
    "sep-2663-migrate-from-legacy-capabilities",
  ];
  await t.step("a declaring, conforming server passes", async () => {
    for (const check of checks) {
      const outcome = await run(check, context({ script: good, capabilities: ext }));
      assert.equal(outcome.status, "pass", `${check}: ${outcome.detail}`);
    }
  });
  await t.step("a declaring server that answers results fails", async () => {
    for (const check of checks.slice(0, 6)) {
      assert.equal((await run(check, context({ script: bad, capabilities: ext }))).status, "fail");
    }
    const legacy = context({ script: good, capabilities: { ...ext, tasks: { list: {} } } });
    assert.equal((await run(checks[6]!, legacy)).status, "fail");
  });
  await t.step("a server without the extension: not applicable", async () => {
    for (const check of checks) {
      assert.equal(
        (await run(check, context({ script: bad, capabilities: {} }))).status,
        "not-applicable",
      );
    }
  });
});
