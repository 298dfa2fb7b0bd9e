/** @module loadSuite() normalises `expect_error:` into an error-kind check plus assertions, and rejects combinations that cannot hold; header budgets on stdio servers give load warnings. */

import assert from "node:assert/strict";
import { loadSuite } from "../../../src/3_load/config/load_suite.ts";
import { headerBudgetWarnings } from "../../../src/3_load/config/normalize_tests.ts";
import type { TestCase } from "../../../src/3_load/config/types.ts";
import { loadMessages, withFiles } from "./_helpers.ts";

const SERVERS = `servers:
  local:
    command: ["deno", "run", "server.ts"]
  remote:
    url: "http://127.0.0.1:1/mcp"
`;

function brief(test: TestCase | undefined) {
  assert.ok(test);
  return {
    expectError: test.expectError?.kind,
    assertions: test.assertions.map((a) => [a.target, a.matcher.name, a.matcher.arg]),
  };
}

Deno.test("loadSuite() normalises every form of expect_error:", async () => {
  const yaml = `${SERVERS}tools:
  - name: any
    server: local
    tool: fail
    expect_error: true
  - name: none
    server: local
    tool: echo
    expect_error: false
  - name: code
    server: local
    tool: nope
    expect_error: { code: -32602, message: { icontains: "unknown tool" } }
  - name: code matcher
    server: local
    tool: nope
    expect_error: { code: { not: { exact: -32002 } } }
  - name: tool
    server: local
    tool: get_item
    expect_error: { kind: tool, message: { regex: "not found" } }
    expect:
      - target: result.content
        matcher: { exists: true }
  - name: implicit
    server: local
    tool: echo
resources:
  - name: resource
    server: local
    uri: "items://999"
    expect_error: true
`;
  await withFiles({ "suite.yml": yaml }, async (dir) => {
    const suite = await loadSuite({ paths: ["suite.yml"], cwd: dir, env: {} });
    const by = (name: string) => brief(suite.tests.find((t) => t.name === name));
    assert.deepEqual(by("any"), { expectError: "any", assertions: [] });
    assert.deepEqual(by("none"), { expectError: "none", assertions: [] });
    assert.deepEqual(by("code"), {
      expectError: "protocol",
      assertions: [
        ["result.error.code", "exact", -32602],
        ["result.error.message", "icontains", "unknown tool"],
      ],
    });
    assert.deepEqual(by("code matcher"), {
      expectError: "protocol",
      assertions: [["result.error.code", "not", { exact: -32002 }]],
    });
    assert.deepEqual(by("tool"), {
      expectError: "tool",
      assertions: [
        ["result.content[0].text", "regex", "not found"],
        ["result.content", "exists", true],
      ],
    });
    assert.deepEqual(by("implicit"), { expectError: undefined, assertions: [] });
    assert.deepEqual(by("resource"), { expectError: "protocol", assertions: [] });
    const code = suite.tests.find((t) => t.name === "code")!;
    assert.deepEqual(code.expectError?.pos, { file: "suite.yml", line: 18, col: 19 });
    assert.deepEqual(code.assertions[0]?.matcher.pos, { file: "suite.yml", line: 18, col: 27 });
  });
});

Deno.test("loadSuite() rejects expect_error: values that cannot hold, at their position", async (t) => {
  const cases: Array<[string, string, RegExp]> = [
    ["3", "tool: fail", /suite\.yml:10:19: "expect_error" must be true or false or a mapping/],
    ["{ kind: nope }", "tool: fail", /suite\.yml:10:27: "kind" must be one of: protocol, tool/],
    ['{ code: "x" }', "tool: fail", /suite\.yml:10:27: "code" must be a whole number/],
    ["{ extra: 1 }", "tool: fail", /unknown key "extra" .*expected one of: kind, code, message/],
    [
      "{ kind: tool, code: 1 }",
      "tool: fail",
      /suite\.yml:10:39: expect_error: a tool error \(isError: true\) has no code/,
    ],
    [
      '{ message: { icontains: "x" } }',
      "tool: fail",
      /suite\.yml:10:30: expect_error: message needs to know where the error text is, expected kind: protocol .* or kind: tool/,
    ],
    [
      "{ kind: tool }",
      'uri: "items://1"',
      /suite\.yml:10:27: expect_error: kind "tool" applies to tool tests only/,
    ],
  ];
  for (const [value, call, pattern] of cases) {
    await t.step(value, async () => {
      const block = call.startsWith("uri") ? "resources" : "tools";
      const yaml =
        `${SERVERS}${block}:\n  - name: t\n    server: local\n    ${call}\n    expect_error: ${value}\n`;
      await withFiles({ "suite.yml": yaml }, async (dir) => {
        const messages = await loadMessages({ paths: ["suite.yml"], cwd: dir });
        assert.ok(messages.some((m) => pattern.test(m)), messages.join("\n"));
      });
    });
  }
});

Deno.test("headerBudgetWarnings() warns once per header budget of a stdio test, never for HTTP", async () => {
  const yaml = `${SERVERS}tools:
  - name: on stdio
    server: local
    tool: echo
    expect:
      - max_duration_ms: 100
      - response_headers: { x-a: "b" }
      - response_headers_absent: [server]
  - name: on http
    server: remote
    tool: echo
    expect:
      - response_headers: { x-a: "b" }
`;
  await withFiles({ "suite.yml": yaml }, async (dir) => {
    const suite = await loadSuite({ paths: ["suite.yml"], cwd: dir, env: {} });
    const warnings = headerBudgetWarnings(suite.tests, suite.servers);
    assert.deepEqual(warnings, [
      {
        message:
          'response_headers budget of tool test "on stdio" will be skipped: server "local" is stdio, and response headers are not available over stdio',
        file: "suite.yml",
        line: 12,
        col: 9,
      },
      {
        message:
          'response_headers_absent budget of tool test "on stdio" will be skipped: server "local" is stdio, and response headers are not available over stdio',
        file: "suite.yml",
        line: 13,
        col: 9,
      },
    ]);
  });
});
