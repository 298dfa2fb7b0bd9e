/** @module `mcptest init`: reads the server's surface, writes a starter suite that loads, never overwrites. */

import assert from "node:assert/strict";
import { exampleFor, objectExample } from "../../../src/7_features/init/example_args.ts";
import { parseServerFlag } from "../../../src/3_load/config/server_spec.ts";
import { DEFAULT_INIT_NAME } from "../../../src/7_features/init/init_suite.ts";
import { itemsServerArgv, mcptest, startHttp } from "../../_helpers/cli.ts";

const serverFlag = () => `items=${itemsServerArgv().map((a) => JSON.stringify(a)).join(" ")}`;

Deno.test("exampleFor() builds the smallest placeholder a schema accepts", async (t) => {
  const cases: Array<[string, unknown, unknown]> = [
    ["string", { type: "string" }, "example"],
    ["string with minLength", { type: "string", minLength: 10 }, "examplexxx"],
    ["uri format", { type: "string", format: "uri" }, "https://example.com"],
    ["number in a range that holds 0", { type: "integer", minimum: -5, maximum: 5 }, 0],
    ["number with a minimum above 0", { type: "integer", minimum: 1, maximum: 64 }, 1],
    ["exclusive bounds", { type: "number", exclusiveMaximum: -1 }, -2],
    ["default wins", { type: "integer", default: 7 }, 7],
    ["enum", { enum: ["b", "a"] }, "b"],
    ["boolean", { type: "boolean" }, false],
    ["array with minItems", { type: "array", minItems: 2, items: { type: "number" } }, [0, 0]],
    ["nullable", { type: ["null", "string"] }, "example"],
    ["anyOf", { anyOf: [{ type: "null" }, { type: "integer" }] }, 0],
  ];
  for (const [name, schema, expected] of cases) {
    await t.step(name, () => assert.deepEqual(exampleFor(schema), expected));
  }
  await t.step("an object takes its required properties only", () => {
    assert.deepEqual(
      objectExample({
        type: "object",
        properties: { a: { type: "string" }, b: { type: "number" }, c: { type: "boolean" } },
        required: ["a", "c"],
      }),
      { a: "example", c: false },
    );
  });
});

Deno.test('init reads NAME=TARGET, and a bare command or url as the server "server"', () => {
  const serverOf = (flag: string) => parseServerFlag(flag, { defaultName: DEFAULT_INIT_NAME });
  assert.deepEqual(serverOf("items=deno run s.ts").name, "items");
  assert.deepEqual(serverOf("deno run --allow-net=127.0.0.1 s.ts"), {
    name: "server",
    target: { kind: "stdio", command: ["deno", "run", "--allow-net=127.0.0.1", "s.ts"], env: {} },
  });
  assert.equal(serverOf("http://127.0.0.1:1/mcp?a=b").target.kind, "http");
  assert.throws(() => serverOf("x="), /missing the target/);
});

Deno.test("mcptest init writes a starter suite that loads, lists and runs", async (t) => {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-init-" });
  try {
    await t.step("writes mcptest.yml and tests/items.yml", async () => {
      const run = await mcptest(["init", "--server", serverFlag()], { cwd: dir });
      assert.equal(run.code, 0, run.stderr);
      assert.match(
        run.stdout,
        /server "items" offers 9 tools, 3 resources, 1 resource template, 2 prompts/,
      );
      assert.match(run.stdout, /wrote mcptest\.yml and tests\/items\.yml/);
      const config = await Deno.readTextFile(`${dir}/mcptest.yml`);
      const tests = await Deno.readTextFile(`${dir}/tests/items.yml`);
      for (const text of [config, tests]) {
        assert.match(
          text,
          /^# yaml-language-server: \$schema=https:\/\/mcptest\.sh\/schema\/v1\.json\n/,
        );
      }
      assert.match(config, /servers:\n {2}items:\n {4}command: \[/);
      assert.match(tests, /list: tools[\s\S]*- name: create_item/);
      // From the input schema (name: string, min 1) and the output schema (schema: on structuredContent).
      assert.match(tests, /tool: create_item\n {4}args:\n {6}name: example\n/);
      assert.match(
        tests,
        /tool: add\n[\s\S]*?target: result\.structuredContent\n {8}matcher:\n {10}schema:/,
      );
      // No output schema: the content must be there.
      assert.match(
        tests,
        /tool: echo\n {4}args:\n {6}text: example\n {4}expect:\n {6}- target: result\.content\n {8}matcher:\n {10}exists: true/,
      );
    });
    await t.step("mcptest list shows the written tests with file:line and server", async () => {
      const run = await mcptest(["list"], { cwd: dir });
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stdout, /^tests\/items\.yml:\d+:5 +list +advertises its tools +\(items\)$/m);
      assert.match(run.stdout, /^tests\/items\.yml:\d+:5 +tool +add answers +\(items\)$/m);
      assert.match(run.stdout, /\n13 tests in 1 file\n$/);
    });
    await t.step("the lists and every tool with workable placeholders pass", async () => {
      const run = await mcptest(["run"], { cwd: dir });
      assert.equal(run.code, 1, run.stdout + run.stderr);
      assert.match(run.stdout, /PASS {2}advertises its tools/);
      assert.match(run.stdout, /PASS {2}advertises its resource templates/);
      assert.match(run.stdout, /PASS {2}add answers/);
      // get_item 0 does not exist and fail always fails: the placeholders are for people to edit.
      assert.match(run.stdout, /11 passed, 2 failed/);
    });
    await t.step("never overwrites: exit 2 naming the file, nothing written", async () => {
      const before = await Deno.readTextFile(`${dir}/tests/items.yml`);
      await Deno.remove(`${dir}/mcptest.yml`);
      const run = await mcptest(["init", "--server", serverFlag()], { cwd: dir });
      assert.equal(run.code, 2);
      assert.match(
        run.stderr,
        /^error: tests\/items\.yml already exists; mcptest init never overwrites a file/m,
      );
      assert.equal(await Deno.readTextFile(`${dir}/tests/items.yml`), before);
      await assert.rejects(Deno.stat(`${dir}/mcptest.yml`), Deno.errors.NotFound);
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("mcptest init reads an HTTP server and writes its url", async () => {
  const server = await startHttp(itemsServerArgv("--http", "--port", "0"));
  const dir = await Deno.makeTempDir({ prefix: "mcptest-init-http-" });
  try {
    const run = await mcptest(["init", "--server", `remote=${server.url}`, "--dir", "suite"], {
      cwd: dir,
    });
    assert.equal(run.code, 0, run.stderr);
    const config = await Deno.readTextFile(`${dir}/suite/mcptest.yml`);
    assert.match(config, new RegExp(`url: "${server.url.replaceAll(".", "\\.")}"`));
    assert.match(await Deno.readTextFile(`${dir}/suite/tests/remote.yml`), /server: remote/);
  } finally {
    await server.stop();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("mcptest init with an unreachable server fails without writing", async () => {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-init-bad-" });
  try {
    const run = await mcptest(["init", "--server", "x=http://127.0.0.1:1/mcp"], { cwd: dir });
    assert.equal(run.code, 1);
    assert.match(run.stderr, /^error: /m);
    assert.deepEqual([...Deno.readDirSync(dir)], []);
    const missing = await mcptest(["init"], { cwd: dir });
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /required option '--server <name=target>' not specified/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
