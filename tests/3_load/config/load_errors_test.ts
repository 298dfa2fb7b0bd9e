/** @module loadSuite() error reporting: every kind of load error at its exact `file:line:col`, exit 2. */

import assert from "node:assert/strict";
import { ConfigErrors } from "../../../src/0_base/errors/errors.ts";
import { loadSuite } from "../../../src/3_load/config/load_suite.ts";
import { VariableCycleError } from "../../../src/3_load/config/variable_stack.ts";
import { FIXTURES, loadErrors, loadMessages, withFiles } from "./_helpers.ts";

const SYNTAX_ERROR =
  'servers:\n  local:\n    command: ["server"\n\ntools:\n  - name: a\n    tool: echo\n';

const fixture = (name: string) => loadMessages({ paths: [`errors/${name}.yml`], cwd: FIXTURES });

Deno.test("loadSuite() reports each load error at its file:line:col", async (t) => {
  await t.step("YAML syntax error, with the parser's reason", async () => {
    // Written at run time: an invalid YAML fixture would break `deno fmt --check`.
    await withFiles({ "errors/syntax.yml": SYNTAX_ERROR }, async (dir) => {
      assert.deepEqual(await loadMessages({ paths: ["errors/syntax.yml"], cwd: dir }), [
        "errors/syntax.yml:5:1: invalid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]",
      ]);
    });
  });

  await t.step("schema violations: wrong type, unknown key, missing required", async () => {
    assert.deepEqual(await fixture("schema"), [
      'errors/schema.yml:4:17: "timeout_ms" must be a whole number, got string "soon"',
      'errors/schema.yml:7:5: test is missing required key "tool"',
      'errors/schema.yml:8:5: unknown key "tool_name" in test; expected one of: name, server, tool, args, expect, expect_error, cache, tags, skip, only, retries, load, client, progress, log_level, task, cancel, timeout_ms, capture',
      'errors/schema.yml:12:26: "max_duration_ms" must be a number, got string "fast"',
      'errors/schema.yml:13:5: test is missing required key "name"',
    ]);
  });

  await t.step("unknown server, at the server: value, listing the known names", async () => {
    assert.deepEqual(await fixture("unknown_server"), [
      'errors/unknown_server.yml:9:13: unknown server "gamma"; expected one of: alpha, beta',
    ]);
  });

  await t.step("unresolvable variable, at the string", async () => {
    assert.deepEqual(await fixture("unresolvable"), [
      "errors/unresolvable.yml:8:13: unresolvable variable ${who}; define it under variables:, with --var, in an env file or in the environment",
    ]);
  });

  await t.step("variable cycle, as a typed error naming the cycle", async () => {
    const errors = await loadErrors({ paths: ["errors/cycle.yml"], cwd: FIXTURES });
    assert.equal(errors.length, 1);
    const [cycle] = errors;
    assert.ok(cycle instanceof VariableCycleError);
    assert.deepEqual(cycle.cycle, ["a", "b", "a"]);
    assert.equal(cycle.message, "errors/cycle.yml:7:12: variable cycle: a -> b -> a");
    assert.equal(cycle.exitCode, 2);
  });

  await t.step("bad protocol_version, listing the accepted names", async () => {
    assert.deepEqual(await fixture("protocol_version"), [
      'errors/protocol_version.yml:4:23: unknown protocol_version "2025-13-01"; expected one of: 2024-11-05, 2025-03-26, 2025-06-18, 2025-11-25, 2026-07-28, draft',
    ]);
  });

  await t.step("duplicate test name within a file and kind, at the second one", async () => {
    assert.deepEqual(await fixture("duplicate"), [
      'errors/duplicate.yml:9:11: duplicate tool test name "same"; the first is at errors/duplicate.yml:5:11',
    ]);
  });
});

Deno.test("loadSuite() collects the errors of every file into one ConfigErrors, ordered by file", async () => {
  const fixtures = ["unknown_server", "duplicate"].map((
    n,
  ) => [`errors/${n}.yml`, Deno.readTextFileSync(`${FIXTURES}errors/${n}.yml`)]);
  await withFiles(
    { ...Object.fromEntries(fixtures), "errors/syntax.yml": SYNTAX_ERROR },
    async (dir) => {
      const messages = await loadMessages({
        paths: ["errors/unknown_server.yml", "errors/duplicate.yml", "errors/syntax.yml"],
        cwd: dir,
      });
      assert.deepEqual(messages.map((m) => m.split(":").slice(0, 3).join(":")), [
        "errors/duplicate.yml:9:11",
        "errors/syntax.yml:5:1",
        "errors/unknown_server.yml:9:13",
      ]);
    },
  );
});

Deno.test("loadSuite() explains other schema problems in plain words", async (t) => {
  const cases: Array<[string, string, string]> = [
    [
      "unknown top-level key",
      "tets: []\n",
      'f.yml:1:1: unknown top-level key "tets"; expected one of: servers, server, variables, suites, tools, resources, prompts, lists, requests, sequences, compliance, agents, evals, providers, budget, scan, cassette',
    ],
    [
      "server with neither command nor url",
      "servers:\n  s:\n    cwd: .\n",
      'f.yml:3:5: server "s" needs "command" (a stdio server) or "url" (an http server)',
    ],
    [
      "http key on a stdio server",
      "servers:\n  s:\n    command: x\n    headers: {}\n",
      'f.yml:4:5: unknown key "headers" in stdio server "s"; expected one of: command, args, env, inherit_env, cwd, max_message_bytes, max_notification_bytes, protocol_version, parallel, timeout_ms, client',
    ],
    [
      "bad transport",
      "servers:\n  s:\n    url: http://h/\n    transport: http\n",
      'f.yml:4:16: "transport" must be one of: auto, streamable-http, sse; got string "http"',
    ],
    [
      "matcher with two names",
      "tools:\n  - name: t\n    tool: x\n    expect:\n      - target: result\n        matcher: { exact: 1, regex: a }\n",
      "f.yml:6:18: matcher must have exactly one key, the matcher name (e.g. exact: 5); got 2 keys: exact, regex",
    ],
    [
      "empty expect item",
      "tools:\n  - name: t\n    tool: x\n    expect:\n      - {}\n",
      "f.yml:5:9: expect item must be an assertion (target, matcher) or a budget (max_duration_ms, max_response_tokens, response_headers, response_headers_absent); got an empty mapping",
    ],
    [
      "unknown budget",
      "tools:\n  - name: t\n    tool: x\n    expect:\n      - max_duration: 5\n",
      'f.yml:5:9: unknown key "max_duration" in expect item; expected one of: target, matcher, max_duration_ms, max_response_tokens, response_headers, response_headers_absent; did you mean "max_duration_ms"?',
    ],
    [
      "test that is not a mapping",
      "prompts:\n  - greeting\n",
      'f.yml:2:5: "prompts[0]" must be a mapping, got string "greeting"',
    ],
    [
      "empty file",
      "# nothing yet\n",
      "f.yml:1:1: empty file; expected a mapping with tools:, resources:, prompts: or servers:",
    ],
    [
      "both server forms",
      "server: { command: a }\nservers:\n  b: { command: b }\n",
      "f.yml:1:1: use either server: or servers:, not both",
    ],
    [
      "suites outside the config",
      "suites: [a.yml]\n",
      'f.yml:1:1: "suites" is only read from the project config (mcptest.yml or --config)',
    ],
    [
      "test without a server among several",
      "servers:\n  a: { command: a }\n  b: { command: b }\ntools:\n  - name: t\n    tool: x\n",
      "f.yml:5:5: test has no server:; expected one of: a, b",
    ],
    [
      "bad url",
      "server: { url: 'http//x' }\n",
      'f.yml:1:16: "url" must be an absolute http:// or https:// URL, got "http//x"',
    ],
  ];
  for (const [name, text, expected] of cases) {
    await t.step(name, async () => {
      await withFiles({ "f.yml": text }, async (dir) => {
        assert.deepEqual(await loadMessages({ paths: ["f.yml"], cwd: dir }), [expected]);
      });
    });
  }
});

Deno.test("loadSuite() fails on a path that does not exist", async () => {
  await withFiles({}, async (dir) => {
    const error = await loadSuite({ paths: ["missing.yml"], cwd: dir, env: {} }).catch((e) => e);
    assert.ok(error instanceof ConfigErrors);
    assert.equal(error.exitCode, 2);
    assert.deepEqual(error.errors.map((e) => e.message), ['path not found: "missing.yml"']);
  });
});
