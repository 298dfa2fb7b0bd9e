/** @module Variable expansion is capped: an expansion bomb is a config error at file:line:col, not an out-of-memory crash. */

import assert from "node:assert/strict";
import { MAX_EXPANSION_CHARS, VariableStack } from "../../../src/3_load/config/variable_stack.ts";
import { ConfigError } from "../../../src/0_base/errors/errors.ts";
import { mcptest } from "../../_helpers/cli.ts";
import { loadMessages, withFiles } from "../../3_load/config/_helpers.ts";
import { loadSuite } from "../../../src/3_load/config/load_suite.ts";
import { interpolateValue } from "../../../src/3_load/config/interpolate.ts";

/** variables: v0 is 10 characters, each next one references the previous 10 times. */
function bomb(levels: number): string {
  const lines = ["variables:", '  v0: "xxxxxxxxxx"'];
  for (let i = 1; i <= levels; i++) lines.push(`  v${i}: "${`\${v${i - 1}}`.repeat(10)}"`);
  return lines.join("\n") + "\n";
}

const suiteUsing = (variable: string) =>
  `servers:
  s: { command: ["server"] }
tools:
  - name: t
    tool: echo
    args: { text: "\${${variable}}" }
`;

Deno.test("VariableStack.interpolate() stops an expansion bomb at the cap", () => {
  const values = new Map([["a", { value: "x".repeat(1000) }]]);
  for (let i = 1; i <= 12; i++) {
    values.set(`a${i}`, { value: `\${${i === 1 ? "a" : `a${i - 1}`}}`.repeat(4) });
  }
  const stack = new VariableStack([{ label: "test", values }]);
  const pos = { file: "s.yml", line: 3, col: 9 };
  // 1000 * 4^10 = 1,048,576,000 characters: far past the cap.
  assert.throws(() => stack.interpolate("${a10}", pos), (error) => {
    assert.ok(error instanceof ConfigError);
    assert.match(
      error.message,
      /^s\.yml:3:9: variable expansion of the value of variable "a\d+" exceeds 1048576 characters/,
    );
    return true;
  });
  // Just under the cap is fine.
  const fits = new VariableStack([{
    label: "t",
    values: new Map([["b", { value: "y".repeat(MAX_EXPANSION_CHARS) }]]),
  }]);
  assert.equal(fits.interpolate("${b}").length, MAX_EXPANSION_CHARS);
  assert.throws(() => fits.interpolate("${b}!"), /exceeds 1048576 characters/);
});

Deno.test("loadSuite() reports an expansion bomb in variables: at the variable's file:line:col", async () => {
  // v9 would expand to 10^10 characters, more than a string can hold: the cap's message (not a
  // RangeError, not an out-of-memory crash) proves the expansion stopped at the cap.
  await withFiles({ "s.yml": bomb(9) + suiteUsing("v9") }, async (dir) => {
    const messages = await loadMessages({ paths: ["s.yml"], cwd: dir });
    assert.equal(messages.length, 1, messages.join("\n"));
    assert.match(
      messages[0]!,
      /^s\.yml:\d+:\d+: variable expansion of the value of variable "v\d" exceeds 1048576 characters/,
    );
  });
  await withFiles({ "s.yml": bomb(4) + suiteUsing("v4") }, async (dir) => {
    const suite = await loadSuite({ paths: ["s.yml"], cwd: dir, env: {} });
    assert.equal(suite.tests.length, 1, "100,000 characters is under the cap");
  });
});

Deno.test("mcptest run exits 2 on an expansion bomb, with the position and no stack trace", async () => {
  await withFiles({ "s.yml": bomb(12) + suiteUsing("v12") }, async (dir) => {
    const run = await mcptest(["run", "s.yml"], { cwd: dir });
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /^error: s\.yml:\d+:\d+: variable expansion .* exceeds/m);
    assert.doesNotMatch(run.stderr, /internal error|Invalid string length/);
  });
});

Deno.test("interpolateValue() keeps __proto__ and constructor keys as plain own keys", () => {
  const value = JSON.parse('{"__proto__": {"x": "${v}"}, "constructor": "${v}"}');
  const stack = new VariableStack([{ label: "t", values: new Map([["v", { value: "ok" }]]) }]);
  const done = interpolateValue(value, [], stack, () => ({ file: "f.yml", line: 1, col: 1 }));
  const out = done.value as Record<string, unknown>;
  assert.deepEqual(Object.keys(out), ["__proto__", "constructor"]);
  assert.equal(Object.getPrototypeOf(out), Object.prototype);
  assert.equal(JSON.stringify(out), '{"__proto__":{"x":"ok"},"constructor":"ok"}');
});
