/** @module loadSuite() reads `client:` on servers and tests (capabilities, roots, scripted replies) and the protocol options of a test; bad ones are load errors at file:line:col. */

import assert from "node:assert/strict";
import { loadSuite } from "../../../src/3_load/config/load_suite.ts";
import { capabilitySignature } from "../../../src/3_load/config/client_sessions.ts";
import { loadErrors, withFiles } from "./_helpers.ts";

const SUITE = `servers:
  everything:
    command: ["deno", "run", "server.ts"]
    client:
      capabilities: [sampling, roots]
      roots:
        - file:///work
        - { uri: "file:///data", name: data }
      sampling:
        - when:
            - target: params.messages[0].content.text
              matcher: { contains: weather }
          text: sunny
        - error: { code: -1, message: refused }
tools:
  - name: uses the server's client
    tool: trigger-sampling-request
    progress: true
    log_level: debug
  - name: own replies, same capabilities
    tool: trigger-sampling-request
    client:
      sampling:
        - reply: { role: assistant, content: { type: text, text: hi }, model: m }
  - name: own capabilities
    tool: trigger-elicitation-request
    task: { ttl_ms: 5000, cancel: true }
    client:
      capabilities:
        elicitation: { url: true }
      elicitation:
        - action: decline
lists:
  - name: every tool
    list: tools
    all_pages: true
  - name: one page
    list: tools
    cursor: "abc"
`;

Deno.test("loadSuite() reads client: on a server and a test, and the protocol options", async () => {
  await withFiles({ "suite.yml": SUITE }, async (dir) => {
    const suite = await loadSuite({ paths: ["suite.yml"], cwd: dir, env: {} });
    const server = suite.servers["suite.yml#everything"]!;
    assert.deepEqual(server.client?.capabilities, { sampling: {}, roots: {} });
    assert.deepEqual(server.client?.roots, [
      { uri: "file:///work" },
      { uri: "file:///data", name: "data" },
    ]);
    const [weather, refused] = server.client!.sampling!;
    assert.equal(weather!.when![0]!.target, "params.messages[0].content.text");
    assert.deepEqual(weather!.result, {
      role: "assistant",
      content: { type: "text", text: "sunny" },
      model: "mcptest-scripted",
      stopReason: "endTurn",
    });
    assert.deepEqual(refused!.error, { code: -1, message: "refused" });
    const by = (name: string) => suite.tests.find((t) => t.name === name)!;
    assert.deepEqual(by("uses the server's client").protocol, {
      progress: true,
      logLevel: "debug",
    });
    assert.equal(by("uses the server's client").serverKey, "suite.yml#everything");
    // Same capabilities (scripting sampling declares it): the server's session, other replies.
    assert.equal(by("own replies, same capabilities").serverKey, "suite.yml#everything");
    // Other capabilities: a session of its own, declaring the merged set.
    const own = by("own capabilities");
    assert.equal(own.serverKey, "suite.yml#everything~client:elicitation.form.url+roots+sampling");
    assert.deepEqual(own.protocol, { task: { ttlMs: 5000, cancel: true } });
    const derived = suite.servers[own.serverKey]!;
    assert.equal(capabilitySignature(derived.client), "elicitation.form.url+roots+sampling");
    assert.deepEqual(derived.target, server.target);
    assert.deepEqual(by("every tool").protocol, { allPages: true });
    assert.deepEqual(by("one page").protocol, { cursor: "abc" });
  });
});

Deno.test("loadSuite() rejects bad client: blocks and protocol options at file:line:col", async () => {
  const yaml = `servers:
  s:
    command: ["deno", "run", "server.ts"]
    client:
      capabilities: [sampling, smapling]
tools:
  - name: bad when target
    server: s
    tool: t
    client:
      sampling:
        - when:
            - target: result.x
              matcher: { exact: 1 }
          text: hi
  - name: bad matcher
    server: s
    tool: t
    client:
      elicitation:
        - when:
            - target: params.message
              matcher: { exactly: 1 }
  - name: unknown key
    server: s
    tool: t
    client:
      sampling:
        - txt: hi
  - name: bad level
    server: s
    tool: t
    log_level: verbose
lists:
  - name: both
    server: s
    list: tools
    all_pages: true
    cursor: "x"
`;
  await withFiles({ "suite.yml": yaml }, async (dir) => {
    const errors = await loadErrors({ paths: ["suite.yml"], cwd: dir });
    const shown = errors.map((e) => e.message);
    const has = (pattern: RegExp) =>
      assert.ok(shown.some((m) => pattern.test(m)), `${pattern} not in:\n${shown.join("\n")}`);
    has(/^suite\.yml:5:\d+: .*one of: sampling.*"smapling"/);
    has(/^suite\.yml:13:\d+: .*"when" target "result\.x" must start with params\. or method/);
    has(/^suite\.yml:23:\d+: unknown matcher "exactly".*did you mean/);
    has(/^suite\.yml:29:\d+: unknown key "txt".*text/);
    has(/^suite\.yml:33:\d+: .*log_level.*verbose/);
    has(/^suite\.yml:39:\d+: "all_pages" and "cursor" cannot be combined/);
  });
});

Deno.test("a --server flag replaces the target of a server entry and keeps its client:", async () => {
  const config = `servers:
  everything:
    command: ["deno", "run", "server.ts"]
    client:
      capabilities: [roots]
      roots: [file:///work]
`;
  const tests = `tools:
  - name: roots
    tool: get-roots-list
`;
  await withFiles({ "mcptest.yml": config, "suite.yml": tests }, async (dir) => {
    const suite = await loadSuite({
      paths: ["suite.yml"],
      cwd: dir,
      env: {},
      serverOverrides: ["everything=http://127.0.0.1:1/mcp"],
    });
    const server = suite.servers.everything!;
    assert.equal(server.source, "cli flag");
    assert.equal(server.target.kind, "http");
    assert.deepEqual(server.client, {
      capabilities: { roots: {} },
      roots: [{ uri: "file:///work" }],
    });
  });
});

Deno.test("on a parallel server every test with a client: gets a session of its own", async () => {
  const yaml = `servers:
  s:
    command: ["deno", "run", "server.ts"]
    parallel: true
    client:
      capabilities: [sampling]
tools:
  - name: a
    tool: t
    client:
      sampling: [{ text: a }]
  - name: b
    tool: t
    client:
      sampling: [{ text: b }]
  - name: c
    tool: t
`;
  await withFiles({ "suite.yml": yaml }, async (dir) => {
    const suite = await loadSuite({ paths: ["suite.yml"], cwd: dir, env: {} });
    const keys = suite.tests.map((t) => t.serverKey);
    assert.deepEqual(keys, [
      "suite.yml#s~client:sampling@8",
      "suite.yml#s~client:sampling@12",
      "suite.yml#s",
    ]);
  });
});
