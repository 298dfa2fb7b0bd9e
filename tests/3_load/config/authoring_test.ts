/** @module Authoring ergonomics at LOAD: did-you-mean, one pass for every error, YAML reuse, typed variables, list: tests. */

import assert from "node:assert/strict";
import { loadSuite } from "../../../src/3_load/config/load_suite.ts";
import { closestName } from "../../../src/0_base/util/suggest.ts";
import { requestFor } from "../../../src/5_execute/runner/call.ts";
import { prepareTests } from "../../../src/5_execute/runner/prepare.ts";
import { ConfigErrors } from "../../../src/0_base/errors/errors.ts";
import { loadMessages, withFiles } from "./_helpers.ts";

const SERVER = `servers:
  local:
    command: ["deno", "run", "server.ts"]
`;

Deno.test("closestName() suggests a plausible typo and nothing for an unrelated word", async (t) => {
  const cases: Array<[string, string[], string | undefined]> = [
    ["expcet", ["name", "server", "tool", "args", "expect", "expect_error"], "expect"],
    ["exactly", ["exact", "schema", "regex"], "exact"],
    ["locl", ["local", "remote"], "local"],
    ["max_duration", ["max_duration_ms", "max_response_tokens"], "max_duration_ms"],
    ["banana", ["exact", "schema", "regex"], undefined],
    ["exact", ["exact", "exists"], undefined],
  ];
  for (const [word, known, expected] of cases) {
    await t.step(`${word} -> ${expected}`, () => assert.equal(closestName(word, known), expected));
  }
});

Deno.test("loadSuite() says 'did you mean' for unknown keys, matcher names and server names", async (t) => {
  await t.step("unknown key", async () => {
    const text = `${SERVER}tools:\n  - name: t\n    tool: x\n    expcet: []\n`;
    await withFiles({ "f.yml": text }, async (dir) => {
      const [message] = await loadMessages({ paths: ["f.yml"], cwd: dir });
      assert.match(
        message ?? "",
        /^f\.yml:7:5: unknown key "expcet" in test; .*did you mean "expect"\?$/,
      );
    });
  });
  await t.step("unknown matcher (the schema names every matcher)", async () => {
    const text =
      `${SERVER}tools:\n  - name: t\n    tool: x\n    expect:\n      - target: result\n        matcher: { exactly: 1 }\n`;
    await withFiles({ "f.yml": text }, async (dir) => {
      assert.deepEqual(await loadMessages({ paths: ["f.yml"], cwd: dir }), [
        'f.yml:9:18: unknown matcher "exactly", expected one of: exact, schema, regex, contains, subset, contains-all, contains-any, icontains, starts-with, levenshtein, is-json, is-valid-tools-call, snapshot, exists, absent, not, llm-judge, llm-jury; did you mean "exact"?',
      ]);
    });
  });
  await t.step("a matcher with a value of the wrong shape", async () => {
    const text =
      `${SERVER}tools:\n  - name: t\n    tool: x\n    expect:\n      - target: result\n        matcher: { exists: false }\n      - target: result\n        matcher: { regex: 5 }\n`;
    await withFiles({ "f.yml": text }, async (dir) => {
      assert.deepEqual(await loadMessages({ paths: ["f.yml"], cwd: dir }), [
        'f.yml:9:28: "exists" must be true, got boolean false',
        'f.yml:11:27: "regex" must be a string, got number 5',
      ]);
    });
  });
  await t.step("unknown server", async () => {
    const text = `${SERVER}tools:\n  - name: t\n    tool: x\n    server: locl\n`;
    await withFiles({ "f.yml": text }, async (dir) => {
      assert.deepEqual(await loadMessages({ paths: ["f.yml"], cwd: dir }), [
        'f.yml:7:13: unknown server "locl"; expected one of: local; did you mean "local"?',
      ]);
    });
  });
  await t.step("no suggestion when nothing is close", async () => {
    const text = `${SERVER}tools:\n  - name: t\n    tool: x\n    server: zzzzzz\n`;
    await withFiles({ "f.yml": text }, async (dir) => {
      const [message] = await loadMessages({ paths: ["f.yml"], cwd: dir });
      assert.doesNotMatch(message ?? "", /did you mean/);
    });
  });
});

Deno.test("loadSuite() reports schema and semantic errors of every file in one pass", async (t) => {
  await t.step("a bad url no longer hides behind a bad transport", async () => {
    const text = `servers:
  remote:
    url: "http//missing-colon"
    transport: carrier-pigeon
tools:
  - name: t
    server: remote
    tool: x
  - name: u
    server: nowhere
    tool: x
`;
    await withFiles({ "f.yml": text }, async (dir) => {
      assert.deepEqual(await loadMessages({ paths: ["f.yml"], cwd: dir }), [
        'f.yml:3:10: "url" must be an absolute http:// or https:// URL, got "http//missing-colon"',
        'f.yml:4:16: "transport" must be one of: auto, streamable-http, sse; got string "carrier-pigeon"',
        'f.yml:10:13: unknown server "nowhere"; expected one of: remote',
      ]);
    });
  });
  await t.step("a bad test item is left out; the others are still checked", async () => {
    const a =
      `${SERVER}tools:\n  - name: bad\n    tool: 5\n  - name: ok\n    tool: x\n    args: { n: "\${missing}" }\n`;
    const b = `${SERVER}tools:\n  - name: t\n    tool: x\n    server: other\n`;
    await withFiles({ "a.yml": a, "b.yml": b }, async (dir) => {
      assert.deepEqual(await loadMessages({ paths: ["a.yml", "b.yml"], cwd: dir }), [
        'a.yml:6:11: "tool" must be a string, got number 5',
        "a.yml:9:16: unresolvable variable ${missing}; define it under variables:, with --var, in an env file or in the environment",
        'b.yml:7:13: unknown server "other"; expected one of: local',
      ]);
    });
  });
  await t.step("a server with a bad command is known by name: no unknown-server echo", async () => {
    const text =
      `servers:\n  local:\n    command: 5\ntools:\n  - name: t\n    server: local\n    tool: x\n`;
    await withFiles({ "f.yml": text }, async (dir) => {
      const messages = await loadMessages({ paths: ["f.yml"], cwd: dir });
      assert.equal(messages.length, 1, messages.join("\n"));
      assert.match(messages[0]!, /^f\.yml:3:14: "command" must be/);
    });
  });
  await t.step("schema errors in mcptest.yml come with the test files' errors", async () => {
    const config =
      `servers:\n  local:\n    command: [deno]\n    timeout_ms: soon\nsuites: [t.yml]\n`;
    const test = `tools:\n  - name: t\n    server: locl\n    tool: x\n`;
    await withFiles({ "mcptest.yml": config, "t.yml": test }, async (dir) => {
      assert.deepEqual(await loadMessages({ paths: [], cwd: dir }), [
        'mcptest.yml:4:17: "timeout_ms" must be a whole number, got string "soon"',
        't.yml:3:13: unknown server "locl"; expected one of: local; did you mean "local"?',
      ]);
    });
  });
});

Deno.test("loadSuite() ignores top-level x- keys and applies << merge keys, positions kept", async (t) => {
  const text = `x-base: &base
  server: local
  tool: add
  args: { a: 1 }
${SERVER}tools:
  - <<: *base
    name: one
  - <<: *base
    name: two
    args: { a: 2 }
`;
  await t.step("the merged tests load (careful parser: anchors)", async () => {
    await withFiles({ "f.yml": text }, async (dir) => {
      const suite = await loadSuite({ paths: ["f.yml"], cwd: dir, env: {} });
      assert.deepEqual(suite.tests.map((x) => [x.name, x.call, x.pos.line]), [
        ["one", { kind: "tool", tool: "add", args: { a: 1 } }, 9],
        ["two", { kind: "tool", tool: "add", args: { a: 2 } }, 11],
      ]);
    });
  });
  await t.step("an error in a merged value points at the anchor's key", async () => {
    const bad = text.replace("server: local", "server: locl");
    await withFiles({ "f.yml": bad }, async (dir) => {
      assert.deepEqual(await loadMessages({ paths: ["f.yml"], cwd: dir }), [
        'f.yml:2:11: unknown server "locl"; expected one of: local; did you mean "local"?',
        'f.yml:2:11: unknown server "locl"; expected one of: local; did you mean "local"?',
      ]);
    });
  });
  await t.step("an inline merge without anchors (fast parser)", async () => {
    const inline = `${SERVER}tools:\n  - <<: { server: local, tool: add }\n    name: one\n`;
    await withFiles({ "f.yml": inline }, async (dir) => {
      const suite = await loadSuite({ paths: ["f.yml"], cwd: dir, env: {} });
      assert.deepEqual(suite.tests.map((x) => [x.name, x.call]), [
        ["one", { kind: "tool", tool: "add", args: {} }],
      ]);
    });
  });
  await t.step("x- keys are also ignored in mcptest.local.yml", async () => {
    const local = `x-note: anything\nservers:\n  local:\n    command: [deno]\n`;
    const test = `tools:\n  - name: t\n    server: local\n    tool: x\n`;
    await withFiles({ "mcptest.local.yml": local, "t.yml": test }, async (dir) => {
      const suite = await loadSuite({ paths: ["t.yml"], cwd: dir, env: {} });
      assert.equal(suite.tests.length, 1);
    });
  });
});

Deno.test("loadSuite() keeps the type of a variable that is the whole scalar", async () => {
  const text = `${SERVER}variables:
  n: 5
  flag: true
  boxed: { value: 2.5 }
  word: hello
tools:
  - name: t
    tool: x
    args:
      n: "\${n}"
      spaced: "\${ n }"
      flag: "\${flag}"
      boxed: "\${boxed}"
      word: "\${word}"
      mixed: "n=\${n}"
      escaped: "$\${n}"
`;
  await withFiles({ "f.yml": text }, async (dir) => {
    const suite = await loadSuite({ paths: ["f.yml"], cwd: dir, env: {} });
    const call = suite.tests[0]?.call;
    assert.equal(call?.kind, "tool");
    assert.deepEqual(call?.kind === "tool" ? call.args : undefined, {
      n: 5,
      spaced: 5,
      flag: true,
      boxed: 2.5,
      word: "hello",
      mixed: "n=5",
      escaped: "${n}",
    });
    const fromCli = await loadSuite({ paths: ["f.yml"], cwd: dir, env: {}, vars: ["n=7"] });
    const args = fromCli.tests[0]?.call.kind === "tool" ? fromCli.tests[0].call.args : {};
    assert.equal(args.n, "7", "a --var is text: it stays a string");
  });
});

Deno.test("loadSuite() normalises lists: tests and requestFor() sends the list method", async () => {
  const text = `${SERVER}lists:
  - name: tools
    list: tools
    expect:
      - target: result.tools
        matcher: { contains: [{ name: add }] }
  - name: templates
    list: resource_templates
  - name: prompts
    list: prompts
    expect_error: true
  - name: resources
    list: resources
`;
  await withFiles({ "f.yml": text }, async (dir) => {
    const suite = await loadSuite({ paths: ["f.yml"], cwd: dir, env: {} });
    assert.deepEqual(suite.tests.map((x) => [x.id, x.kind, requestFor(x.call).method]), [
      ["f.yml::list::tools", "list", "tools/list"],
      ["f.yml::list::templates", "list", "resources/templates/list"],
      ["f.yml::list::prompts", "list", "prompts/list"],
      ["f.yml::list::resources", "list", "resources/list"],
    ]);
    assert.equal(suite.tests[2]?.expectError?.kind, "protocol");
  });
  await withFiles({ "f.yml": text.replace("list: prompts", "list: prompt") }, async (dir) => {
    assert.deepEqual(await loadMessages({ paths: ["f.yml"], cwd: dir }), [
      'f.yml:13:11: "list" must be one of: tools, resources, resource_templates, prompts; got string "prompt"',
    ]);
  });
});

Deno.test("prepareTests() refuses a target that no response has, at file:line:col", async () => {
  const text = `${SERVER}tools:
  - name: t
    tool: x
    expect:
      - target: content[0].text
        matcher: { exists: true }
      - target: reslt.isError
        matcher: { absent: true }
      - target: http.status
        matcher: { exact: 200 }
`;
  await withFiles({ "f.yml": text }, async (dir) => {
    const suite = await loadSuite({ paths: ["f.yml"], cwd: dir, env: {} });
    assert.throws(() => prepareTests(suite), (error: unknown) => {
      assert.ok(error instanceof ConfigErrors);
      assert.deepEqual(error.errors.map((e) => e.message), [
        'f.yml:8:9: target "content[0].text" cannot exist: it starts at "content", which a response never has; expected a path starting with result. or http. or notifications. or logs. or server_requests. or rounds. or server.; did you mean "result.content[0].text"?',
        'f.yml:10:9: target "reslt.isError" cannot exist: it starts at "reslt", which a response never has; expected a path starting with result. or http. or notifications. or logs. or server_requests. or rounds. or server.; did you mean "result.isError"?',
      ]);
      return true;
    });
  });
});
