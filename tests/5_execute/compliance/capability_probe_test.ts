/** @module The client_capability probe on scripted sessions: which tools it calls (by default the read-only ones that name the capability, arguments filled), the two sessions it opens (shared by every capability rule of a run, and by the APPS probe), and the verdicts of the capability rules (pass, fail, not verified, error). */

import assert from "node:assert/strict";
import type { ClientSpec } from "../../../src/2_connect/session/client_spec.ts";
import type { Exchange, ServerMessage, Session } from "../../../src/2_connect/session/types.ts";
import type { ServerSpec } from "../../../src/3_load/config/types.ts";
import { findRevision } from "../../../src/0_base/protocol/revisions.ts";
import { COMPLIANCE_CORPUS } from "../../../src/3_load/compliance_corpus/embedded.ts";
import {
  CAPABILITY_METHODS,
  type ClientCapability,
  exercisingClient,
  runCapabilityProbe,
  runCapabilityProbes,
} from "../../../src/5_execute/compliance/engine/capability_probe.ts";
import { runRule, runRules } from "../../../src/5_execute/compliance/engine/run_rules.ts";

/**
 * How the scripted server behaves: `conformant` asks only a client that declared the capability,
 * `always` asks whatever was declared, `never` asks nothing, `input` asks in a 2026-style
 * `input_required` result whatever was declared, `greet` asks every client for everything right
 * after the handshake (and nothing on a call). `cross` is conformant, but `where` (a roots tool)
 * also asks every client for elicitation; `chain` is conformant, but `ask` (an elicitation tool)
 * also asks for roots a client that declared them.
 */
type Behaviour = "conformant" | "always" | "never" | "input" | "greet" | "cross" | "chain";

const READ_ONLY = { readOnlyHint: true };
const TOOLS: readonly Record<string, unknown>[] = [
  {
    name: "ask",
    description: "Ask the user (elicitation)",
    inputSchema: { type: "object" },
    annotations: READ_ONLY,
  },
  {
    name: "summarize",
    description: "Summarize with the client's model (sampling)",
    inputSchema: { type: "object" },
    annotations: READ_ONLY,
  },
  {
    name: "where",
    description: "Name the client's roots",
    inputSchema: { type: "object" },
    annotations: READ_ONLY,
  },
  { name: "delete", description: "Delete the roots", inputSchema: { type: "object" } },
  {
    name: "lookup",
    description: "Look a word up",
    inputSchema: { type: "object", required: ["q"] },
    annotations: READ_ONLY,
  },
];
const ASKS: Record<string, ClientCapability> = {
  ask: "elicitation",
  summarize: "sampling",
  where: "roots",
};

const SERVER: ServerSpec = {
  key: "s",
  name: "s",
  target: { kind: "stdio", command: ["x"], env: {} },
  parallel: false,
  timeoutMs: 1000,
  source: "cli flag",
};

/** A scripted session of a server that behaves as `behaviour`, for a client declaring `client`. */
function scriptedSession(
  behaviour: Behaviour,
  client: ClientSpec,
  calls: { name: string; arguments: unknown }[],
  tools: readonly Record<string, unknown>[] = TOOLS,
): Session {
  const messages: ServerMessage[] = [];
  let id = 0;
  if (behaviour === "greet") {
    for (const method of Object.values(CAPABILITY_METHODS)) {
      messages.push({ message: { jsonrpc: "2.0", id: `srv-${++id}`, method, params: {} } });
    }
  }
  const answer = (method: string, params?: Record<string, unknown>): unknown => {
    if (method === "tools/list") return { tools };
    const name = String(params?.name);
    calls.push({ name, arguments: params?.arguments });
    const also = behaviour === "cross" && name === "where"
      ? "elicitation"
      : behaviour === "chain" && name === "ask" && client.capabilities.roots !== undefined
      ? "roots"
      : undefined;
    if (also !== undefined) {
      const method = CAPABILITY_METHODS[also];
      messages.push({ message: { jsonrpc: "2.0", id: `srv-${++id}`, method, params: {} } });
    }
    const capability = ASKS[name];
    if (capability === undefined || behaviour === "never" || behaviour === "greet") {
      return { content: [] };
    }
    const request = { method: CAPABILITY_METHODS[capability], params: {} };
    if (behaviour === "input") {
      return { resultType: "input_required", inputRequests: { one: request } };
    }
    if (behaviour === "always" || client.capabilities[capability] !== undefined) {
      messages.push({ message: { jsonrpc: "2.0", id: `srv-${++id}`, ...request } });
    }
    return { content: [] };
  };
  return {
    server: { ...SERVER, client },
    protocolVersion: "2025-11-25",
    serverCapabilities: { tools: {} },
    serverInfo: { name: "s", version: "1" },
    request(method, params) {
      const result = answer(method, params);
      return Promise.resolve({
        request: { jsonrpc: "2.0", id: ++id, method },
        response: { jsonrpc: "2.0", id, result },
        durationMs: 0,
        notifications: [],
      } as unknown as Exchange);
    },
    notify: () => Promise.resolve(),
    sendRaw: () => Promise.reject(new Error("not scripted")),
    fence: () => Promise.resolve({ held: true, mark: messages.length, end: messages.length }),
    capture: () => ({
      server_label: "s",
      server_capabilities: { tools: {} },
      exchanges: [],
      server_messages: [...messages],
    }),
    close: () => Promise.resolve(),
  };
}

/**
 * An opener of scripted sessions, with what each session declared, the calls made, and every
 * open and request in order (`events`: `open N`, `N tools/list`, `N tools/call NAME`).
 */
function opener(behaviour: Behaviour, tools: readonly Record<string, unknown>[] = TOOLS) {
  const opened: ClientSpec[] = [];
  const calls: { name: string; arguments: unknown }[][] = [];
  const events: string[] = [];
  return {
    opened,
    calls,
    events,
    open: (client: ClientSpec) => {
      const n = opened.length;
      opened.push(client);
      calls.push([]);
      events.push(`open ${n}`);
      const session = scriptedSession(behaviour, client, calls.at(-1)!, tools);
      const request: Session["request"] = (method, params, options) => {
        events.push(`${n} ${method}${method === "tools/call" ? ` ${params?.name}` : ""}`);
        return session.request(method, params, options);
      };
      return Promise.resolve({ ...session, request });
    },
  };
}

const probe = (
  capability: ClientCapability,
  behaviour: Behaviour,
  safeTools = [],
  tools: readonly Record<string, unknown>[] = TOOLS,
) => {
  const o = opener(behaviour, tools);
  return { o, run: runCapabilityProbe(capability, { open: o.open, safeTools, timeoutMs: 1000 }) };
};

Deno.test("exercisingClient(): declares exactly the capability, with a scripted reply", () => {
  assert.deepEqual(Object.keys(exercisingClient("sampling").capabilities), ["sampling"]);
  assert.equal(exercisingClient("sampling").sampling?.length, 1);
  assert.deepEqual(exercisingClient("elicitation").elicitation, [{
    result: { action: "decline" },
  }]);
  assert.deepEqual(exercisingClient("roots").roots, [{ uri: "file:///mcptest", name: "mcptest" }]);
});

Deno.test("capability probe: declared, then undeclared, the same calls; a conformant server asks only the declaring client", async () => {
  const { o, run } = probe("elicitation", "conformant");
  const outcome = await run;
  assert.equal(outcome.error, undefined);
  assert.equal(outcome.unverified, undefined);
  assert.deepEqual(o.opened.map((c) => Object.keys(c.capabilities)), [["elicitation"], []]);
  const root = outcome.root as Record<string, { drawn: number; tool_calls: string[] }>;
  assert.equal(root.declared!.drawn, 1);
  assert.deepEqual(root.declared!.tool_calls, ["ask"], "stops at the first tool that drew it");
  assert.equal(root.undeclared!.drawn, 0);
  assert.deepEqual(root.undeclared!.tool_calls, ["ask"]);
  assert.deepEqual(root.exercised, { tool_calls: 1 });
});

Deno.test("capability probe: by default only the read-only tools that name the capability are called", async () => {
  const { o, run } = probe("roots", "conformant");
  assert.equal((await run).unverified, undefined);
  // where names roots (its description) and is read-only: ask, summarize and lookup name no roots,
  // delete names them but writes.
  assert.deepEqual(o.calls[0]!.map((c) => c.name), ["where"]);
  assert.deepEqual(o.calls[1]!.map((c) => c.name), ["where"]);
  // The same server without a read-only tool that names roots: nothing is called, and the rule
  // is not verified, naming the tool that writes and --safe-tool.
  const writes = probe("roots", "conformant", [], TOOLS.filter((t) => t.name !== "where"));
  const outcome = await writes.run;
  assert.deepEqual(writes.o.calls[0], []);
  assert.match(
    outcome.unverified ?? "",
    /^no tool annotated readOnlyHint: true names roots in its name or description when the client declares roots; "delete" names it but is not annotated readOnlyHint: true: name the tool that draws it, with its arguments, with --safe-tool NAME\[=JSON\] or the compliance: block's safe_tools:$/,
  );
});

Deno.test("capability probe: by default a tool whose name names the capability comes before one whose description does, and its required arguments are filled, the same in both sessions", async () => {
  const roots = {
    name: "list_roots",
    inputSchema: {
      type: "object",
      properties: {
        depth: { type: "integer", minimum: 2 },
        mode: { enum: ["flat", "tree"] },
        deep: { type: "boolean" },
        label: { type: "string" },
        note: { type: "string" },
      },
      required: ["depth", "mode", "deep", "label"],
    },
    annotations: READ_ONLY,
  };
  // where (description) is listed first, list_roots (name) last; where draws nothing here.
  const tools = [...TOOLS.filter((t) => t.name === "where"), roots];
  const { o, run } = probe("roots", "never", [], tools);
  const outcome = await run;
  const filled = { depth: 2, mode: "flat", deep: false, label: "example" };
  const expected = [
    { name: "list_roots", arguments: filled },
    { name: "where", arguments: {} },
  ];
  assert.deepEqual(o.calls[0], expected);
  assert.deepEqual(o.calls[1], expected, "the second session repeats the calls and arguments");
  assert.match(outcome.unverified ?? "", /\(called: "list_roots", "where"\)/);
});

Deno.test("capability probe: with nothing to call and nothing drawn the second session is not opened; a request right after the handshake still opens it", async () => {
  const quiet = TOOLS.filter((t) => t.name === "lookup");
  const silent = probe("sampling", "never", [], quiet);
  const outcome = await silent.run;
  assert.equal(silent.o.opened.length, 1);
  assert.match(outcome.unverified ?? "", /^no tool annotated readOnlyHint: true names sampling /);
  const root = outcome.root as Record<string, { opened?: boolean; server_requests: unknown[] }>;
  assert.equal(root.undeclared!.opened, false);
  // A server that asks every client right after the handshake: drawn without a call, so the
  // second session is opened, and its request there is a violation.
  const greets = probe("sampling", "greet", [], quiet);
  const asked = await greets.run;
  assert.equal(greets.o.opened.length, 2);
  assert.equal(asked.unverified, undefined);
  const seen = asked.root as Record<string, { drawn: number }>;
  assert.equal(seen.declared!.drawn, 1);
  assert.equal(seen.undeclared!.drawn, 1);
});

Deno.test("capability probe: a server that asks a client that did not declare it is seen (JSON-RPC and input_required)", async () => {
  for (const behaviour of ["always", "input"] as const) {
    const outcome = await probe("sampling", behaviour).run;
    const root = outcome.root as Record<string, { drawn: number; server_requests: unknown[] }>;
    assert.equal(root.undeclared!.drawn, 1, behaviour);
    const sampling = root.undeclared!.server_requests.filter((r) =>
      (r as { method?: string }).method === "sampling/createMessage"
    );
    assert.equal(sampling.length, 1, behaviour);
    assert.deepEqual((sampling[0] as { params?: unknown }).params, {});
  }
});

Deno.test("capability probe: nothing drawn even when declared is not verified, with the reason", async () => {
  const outcome = await probe("elicitation", "never").run;
  assert.match(
    outcome.unverified ?? "",
    /^no tool safe to call drew elicitation\/create when the client declares elicitation \(called: "ask"\), so its absence without elicitation proves nothing; by default only the read-only tools that name elicitation are called: name the tool that draws it, with its arguments, with --safe-tool NAME\[=JSON\] or the compliance: block's safe_tools:$/,
  );
});

Deno.test("capability probe: tools named safe are called with their arguments; an unlisted name is said", async () => {
  const named = probe("sampling", "conformant", [
    { name: "nope" },
    { name: "summarize", arguments: { text: "hi" } },
  ] as never);
  const outcome = await named.run;
  assert.equal(outcome.unverified, undefined);
  assert.deepEqual(named.o.calls[0], [{ name: "summarize", arguments: { text: "hi" } }]);
  assert.deepEqual(named.o.calls[1], [{ name: "summarize", arguments: { text: "hi" } }]);
  const unknown = await probe("sampling", "conformant", [{ name: "nope\u001b[31m" }] as never).run;
  assert.match(
    unknown.unverified ?? "",
    /none of the tools named safe to call \("nope\\u001b\[31m"\)/,
  );
  assert.ok(
    !unknown.unverified?.includes("\u001b"),
    "a name is quoted, control characters escaped",
  );
  assert.match(
    unknown.unverified ?? "",
    /it lists: "ask", "summarize", "where", "delete", "lookup"/,
  );
});

Deno.test("capability probe: a session that cannot open is an error, not a verdict", async () => {
  const outcome = await runCapabilityProbe("roots", {
    open: () => Promise.reject(new Error("spawn failed")),
    safeTools: [],
    timeoutMs: 1000,
  });
  assert.match(
    outcome.error ?? "",
    /could not open a session when the client declares roots: spawn failed/,
  );
});

const options = {
  version: "v2025-11-25",
  revision: findRevision("2025-11-25")!,
  registry: COMPLIANCE_CORPUS.registry,
  file: "compliance/v2025-11-25",
  timeoutMs: 1000,
};
const rule = (id: string) =>
  COMPLIANCE_CORPUS.revisions["v2025-11-25"]!.rules.find((r) => r.id === id)!;

Deno.test("ELICIT-001, SAMPLE-001, ROOTS-001: pass on a conformant server, fail on one that asks anyway, not verified on a silent one", async (t) => {
  for (const id of ["ELICIT-001", "SAMPLE-001", "ROOTS-001"]) {
    await t.step(id, async () => {
      const verdict = async (behaviour: Behaviour) => {
        const o = opener(behaviour);
        const shared = scriptedSession("conformant", { capabilities: {} }, []);
        return await runRule(shared, rule(id), { ...options, openClientSession: o.open });
      };
      assert.equal((await verdict("conformant")).status, "pass");
      const failed = await verdict("always");
      assert.equal(failed.status, "fail");
      assert.match(failed.assertions[0]!.target, /^undeclared\.server_requests$/);
      assert.equal((await verdict("input")).status, "fail");
      const silent = await verdict("never");
      assert.equal(silent.status, "skip");
      assert.match(silent.skipReason ?? "", /^not verified: no tool safe to call drew /);
    });
  }
});

Deno.test("capability rules: without a way to open sessions they are an error; runRules runs them beside the others", async () => {
  const shared = scriptedSession("conformant", { capabilities: {} }, []);
  const alone = await runRule(shared, rule("ROOTS-001"), options);
  assert.equal(alone.status, "error");
  assert.match(alone.failure?.message ?? "", /^could not run: /);
  const o = opener("conformant");
  const results = await runRules(shared, [rule("PROTO-002"), rule("ROOTS-001")], {
    ...options,
    openClientSession: o.open,
  });
  assert.deepEqual(results.map((r) => r.id.split("::")[2]), ["PROTO-002", "ROOTS-001"]);
  assert.equal(results[1]!.status, "pass");
  assert.equal(o.opened.length, 2);
});

const CAPABILITY_RULES = ["ELICIT-001", "SAMPLE-001", "ROOTS-001"];
const idOf = (r: { id: string }) => r.id.split("::")[2]!;
const declaredBy = (client: ClientSpec) => Object.keys(client.capabilities).sort();

Deno.test("capability rules in one run share two sessions: one declaring every capability (tools listed once), one declaring none; the calls in rule order on both", async () => {
  for (const order of [CAPABILITY_RULES, [...CAPABILITY_RULES].reverse()]) {
    const o = opener("conformant");
    const shared = scriptedSession("conformant", { capabilities: {} }, []);
    const results = await runRules(shared, order.map(rule), {
      ...options,
      openClientSession: o.open,
    });
    assert.deepEqual(results.map((r) => [idOf(r), r.status]), order.map((id) => [id, "pass"]));
    assert.deepEqual(o.opened.map(declaredBy), [["elicitation", "roots", "sampling"], []]);
    assert.equal(o.events.filter((e) => e === "0 tools/list").length, 1, "tools listed once");
    const tool = { "ELICIT-001": "ask", "SAMPLE-001": "summarize", "ROOTS-001": "where" };
    const inOrder = order.map((id) => tool[id as keyof typeof tool]);
    assert.deepEqual(o.calls[0]!.map((c) => c.name), inOrder, "declaring: rule order");
    assert.deepEqual(o.calls[1]!.map((c) => c.name), inOrder, "undeclared: the same calls");
  }
});

Deno.test("capability rules and APPS rules in one run: the APPS probe runs on the declaring session (declaring the UI extension too), no session of its own", async () => {
  const o = opener("conformant");
  const shared = scriptedSession("conformant", { capabilities: {} }, []);
  const ids = ["APPS-001", ...CAPABILITY_RULES];
  const results = await runRules(shared, ids.map(rule), { ...options, openClientSession: o.open });
  assert.deepEqual(results.map(idOf), ids);
  assert.deepEqual(results.slice(1).map((r) => r.status), ["pass", "pass", "pass"]);
  assert.match(results[0]!.skipReason ?? "", /no tool declares a UI resource/);
  assert.deepEqual(o.opened.map(declaredBy), [
    ["elicitation", "extensions", "roots", "sampling"],
    [],
  ]);
  assert.deepEqual(Object.keys(o.opened[0]!.capabilities.extensions ?? {}), [
    "io.modelcontextprotocol/ui",
  ]);
  // The APPS probe lists the tools, then the capability rules do, before any call.
  assert.deepEqual(o.events.slice(0, 3), ["open 0", "0 tools/list", "0 tools/list"]);
});

Deno.test("the shared undeclared session: a request drawn by another rule's call fails the rule of its method, not the caller's", async () => {
  // cross: where (ROOTS's tool) also asks every client for elicitation.
  const o = opener("cross");
  const shared = scriptedSession("conformant", { capabilities: {} }, []);
  const results = await runRules(shared, CAPABILITY_RULES.map(rule), {
    ...options,
    openClientSession: o.open,
  });
  const status = Object.fromEntries(results.map((r) => [idOf(r), r.status]));
  assert.deepEqual(status, { "ELICIT-001": "fail", "SAMPLE-001": "pass", "ROOTS-001": "pass" });
  const elicit = results.find((r) => idOf(r) === "ELICIT-001")!;
  assert.equal(elicit.assertions[0]!.target, "undeclared.server_requests");
  assert.equal(elicit.assertions[0]!.status, "fail");
  assert.match(JSON.stringify(elicit.assertions[0]!.actual), /elicitation\/create/);
  // The same outcome straight from the probe: ELICIT's undeclared drew it, ROOTS's did not.
  const outcomes = await runCapabilityProbes(["elicitation", "sampling", "roots"], {
    open: opener("cross").open,
    safeTools: [],
    timeoutMs: 1000,
  });
  const drawn = outcomes.map((out) => (out.root.undeclared as { drawn: number }).drawn);
  assert.deepEqual(drawn, [1, 0, 0]);
});

Deno.test("the shared declaring session: each rule makes the calls it would make alone, whatever an earlier rule's call drew; drawn counts its method on the whole session", async () => {
  // chain: ask (ELICIT's tool) also draws roots/list on the declaring session.
  const o = opener("chain");
  const outcomes = await runCapabilityProbes(["elicitation", "roots"], {
    open: o.open,
    safeTools: [],
    timeoutMs: 1000,
  });
  assert.deepEqual(o.calls[0]!.map((c) => c.name), ["ask", "where"], "ROOTS still calls where");
  assert.deepEqual(o.calls[1]!.map((c) => c.name), ["ask", "where"]);
  const roots = outcomes[1]!.root as Record<string, { drawn: number; tool_calls: string[] }>;
  assert.equal(roots.declared!.drawn, 2, "both roots/list requests, whichever call drew them");
  assert.deepEqual(roots.declared!.tool_calls, ["where"], "its own calls");
  assert.deepEqual(roots.undeclared!.tool_calls, ["where"]);
  assert.deepEqual((outcomes[1]!.root as Record<string, unknown>).exercised, { tool_calls: 1 });
  assert.equal(outcomes[1]!.unverified, undefined);
});

Deno.test("the shared sessions: the undeclared one opens as soon as a rule has a call to make, and not at all when none has and nothing is drawn", async () => {
  const o = opener("conformant");
  await runCapabilityProbes(["elicitation", "roots"], {
    open: o.open,
    safeTools: [],
    timeoutMs: 1000,
  });
  const opens = o.events.indexOf("open 1");
  assert.ok(opens >= 0 && opens < o.events.indexOf("0 tools/call ask"), o.events.join(", "));
  const quiet = opener("never", TOOLS.filter((t) => t.name === "lookup"));
  const outcomes = await runCapabilityProbes(["elicitation", "sampling", "roots"], {
    open: quiet.open,
    safeTools: [],
    timeoutMs: 1000,
  });
  assert.equal(quiet.opened.length, 1);
  for (const outcome of outcomes) {
    assert.equal((outcome.root.undeclared as { opened?: boolean }).opened, false);
    assert.match(outcome.unverified ?? "", /^no tool annotated readOnlyHint: true names /);
  }
});

Deno.test("the shared sessions: a declaring session that does not open is an error for every rule", async () => {
  const outcomes = await runCapabilityProbes(["elicitation", "sampling", "roots"], {
    open: () => Promise.reject(new Error("spawn failed")),
    safeTools: [],
    timeoutMs: 1000,
  });
  for (const outcome of outcomes) {
    assert.equal(
      outcome.error,
      "could not open a session when the client declares elicitation, sampling and roots: " +
        "spawn failed",
    );
  }
});
