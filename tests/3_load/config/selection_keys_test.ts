/** @module loadSuite() reads tags:, skip:, only: and retries: as plain data, and rejects bad values with positions. */

import assert from "node:assert/strict";
import { loadSuite } from "../../../src/3_load/config/load_suite.ts";
import { loadErrors, withFiles } from "./_helpers.ts";

const SERVERS = `servers:
  local:
    command: ["deno", "run", "server.ts"]
`;

Deno.test("loadSuite() keeps tags, skip reasons, only and retries on the TestCase", async () => {
  const yaml = `${SERVERS}tools:
  - name: tagged
    tool: echo
    tags: [smoke, fast]
    retries: 2
  - name: skipped with a reason
    tool: echo
    skip: "waiting on #12"
  - name: skipped
    tool: echo
    skip: true
  - name: not skipped
    tool: echo
    skip: false
    only: true
resources:
  - name: r
    uri: "items://1"
    tags: [smoke]
`;
  await withFiles({ "suite.yml": yaml }, async (dir) => {
    const suite = await loadSuite({ paths: ["suite.yml"], cwd: dir, env: {} });
    const by = Object.fromEntries(suite.tests.map((t) => [t.name, t]));
    assert.deepEqual(by["tagged"]?.tags, ["smoke", "fast"]);
    assert.equal(by["tagged"]?.retries, 2);
    assert.equal(by["tagged"]?.skip, undefined);
    assert.equal(by["skipped with a reason"]?.skip, "waiting on #12");
    assert.equal(by["skipped"]?.skip, "skipped");
    assert.equal(by["not skipped"]?.skip, undefined);
    assert.equal(by["not skipped"]?.only, true);
    assert.deepEqual(by["r"]?.tags, ["smoke"]);
  });
});

Deno.test("loadSuite() rejects bad tags:, skip:, only: and retries: at their position", async (t) => {
  const cases: Array<[string, string, RegExp]> = [
    ["tags not a list", `tags: smoke`, /tags/],
    ["a tag with a space", `tags: ["two words"]`, /tags/],
    ["an empty skip reason", `skip: ""`, /skip/],
    ["only not a boolean", `only: "yes"`, /only/],
    ["negative retries", `retries: -1`, /retries/],
    ["fractional retries", `retries: 1.5`, /retries/],
  ];
  for (const [label, line, pattern] of cases) {
    await t.step(label, async () => {
      const yaml = `${SERVERS}tools:\n  - name: t\n    tool: echo\n    ${line}\n`;
      await withFiles({ "suite.yml": yaml }, async (dir) => {
        const errors = await loadErrors({ paths: ["suite.yml"], cwd: dir });
        assert.ok(
          errors.some((e) => pattern.test(e.message)),
          errors.map((e) => e.message).join("\n"),
        );
        assert.ok(
          errors.some((e) => e.pos?.line === 7),
          errors.map((e) => `${e.pos?.line}: ${e.message}`).join("\n"),
        );
      });
    });
  }
});
