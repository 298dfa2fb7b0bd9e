/** @module `mcptest init` against a server whose every string is hostile: what it writes is data, inert and clean (issue #23). */

import assert from "node:assert/strict";
import { parse } from "yaml";
import { mcptest, ROOT } from "../../_helpers/cli.ts";
import { HOSTILE_TOOLS } from "./fixtures/hostile_init_server.ts";

const FIXTURE = `${ROOT}tests/e2e/cli/fixtures/hostile_init_server.ts`;
const SERVER = `hostile=${Deno.execPath()} run --allow-env --allow-write ${FIXTURE}`;
/** Any control, format or separator character but the line feed. */
const RAW_CONTROL = /[^\P{Cc}\n]|[\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u;
const SECRETS = { GITHUB_TOKEN: "ghp-sekrit-4d1f", SECRET_VAR: "sekrit-var-9c2e" };

Deno.test("mcptest init writes a hostile server's strings as inert, clean YAML data", async (t) => {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-init-hostile-" });
  try {
    const init = await mcptest(["init", "--server", SERVER], { cwd: dir, env: SECRETS });
    assert.equal(init.code, 0, init.stderr);
    const config = await Deno.readTextFile(`${dir}/mcptest.yml`);
    const tests = await Deno.readTextFile(`${dir}/tests/hostile.yml`);

    await t.step("no control, format or separator character in either file", () => {
      for (const text of [config, tests]) {
        const bad = RAW_CONTROL.exec(text);
        assert.equal(bad, null, `raw U+${bad?.[0].codePointAt(0)?.toString(16)} in\n${text}`);
      }
    });
    await t.step("no server or section is planted: only what init writes", () => {
      const parsedConfig = parse(config) as Record<string, unknown>;
      assert.deepEqual(Object.keys(parsedConfig.servers as object), ["hostile"]);
      const parsed = parse(tests) as Record<string, unknown>;
      assert.deepEqual(Object.keys(parsed).sort(), ["lists", "tools"]);
      const tools = parsed.tools as Array<Record<string, unknown>>;
      assert.equal(tools.length, HOSTILE_TOOLS.length);
      for (const test of tools) assert.equal(test.server, "hostile");
      // Every comment line is a whole line of its own: nothing of the server starts a line.
      for (const line of tests.split("\n")) {
        assert.doesNotMatch(line, /^(servers|pwn|tools: \[\]|- name: pwn)/);
      }
    });
    await t.step("every ${ is escaped, no *_Env or << key is written", () => {
      const parsed = parse(tests) as { tools: Array<Record<string, unknown>> };
      const names = parsed.tools.map((test) => test.tool);
      assert.deepEqual(names, HOSTILE_TOOLS.map((tool) => tool.name.replaceAll("${", () => "$${")));
      assert.doesNotMatch(tests, /(^|[^$])\$\{/m);
      assert.doesNotMatch(tests, /_Env|"?<<"?:/);
      // The output schema holding an a_Env key is not used; the exists check stands in.
      assert.deepEqual(parsed.tools[1]!.expect, [{
        target: "result.content",
        matcher: { exists: true },
      }]);
    });
    await t.step("list and run: nothing planted starts, no secret reaches the server", async () => {
      const list = await mcptest(["list"], { cwd: dir, env: SECRETS });
      assert.equal(list.code, 0, list.stderr);
      assert.doesNotMatch(list.stdout, /\(pwn\)/);
      const log = `${dir}/calls.jsonl`;
      const run = await mcptest(["run"], { cwd: dir, env: { ...SECRETS, HOSTILE_LOG: log } });
      assert.ok(run.code === 0 || run.code === 1, run.stdout + run.stderr);
      await assert.rejects(Deno.stat(`${dir}/PWNED`), Deno.errors.NotFound);
      const calls = (await Deno.readTextFile(log)).trim().split("\n").map((l) => JSON.parse(l));
      // The tools are called by their exact names: `${GITHUB_TOKEN}` stays text.
      assert.deepEqual(calls.map((c) => c.name).sort(), HOSTILE_TOOLS.map((t) => t.name).sort());
      const sent = JSON.stringify(calls);
      for (const secret of Object.values(SECRETS)) assert.ok(!sent.includes(secret), sent);
      assert.equal(calls[0].arguments.q, "${HOME}$${X}");
      for (const output of [run.stdout, run.stderr, list.stdout]) {
        for (const secret of Object.values(SECRETS)) assert.ok(!output.includes(secret));
      }
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
