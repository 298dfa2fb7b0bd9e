/** @module `mcptest init`: reads the server's surface, writes a starter suite that loads, never overwrites. */

import assert from "node:assert/strict";
import { exampleFor, objectExample } from "../../../src/0_base/util/schema_example.ts";
import { parseServerFlag } from "../../../src/3_load/config/server_spec.ts";
import { DEFAULT_INIT_NAME } from "../../../src/7_features/init/init_suite.ts";
import { itemsServerArgv, mcptest, ROOT, startHttp } from "../../_helpers/cli.ts";

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
      assert.match(
        run.stdout,
        /also wrote mcptest\.schema\.json \(the schema your editor reads\), \.gitignore \(ignoring \.mcptest\/\)/,
      );
      const config = await Deno.readTextFile(`${dir}/mcptest.yml`);
      const tests = await Deno.readTextFile(`${dir}/tests/items.yml`);
      assert.match(config, /^# yaml-language-server: \$schema=mcptest\.schema\.json\n/);
      assert.match(tests, /^# yaml-language-server: \$schema=\.\.\/mcptest\.schema\.json\n/);
      // The $schema reference resolves offline: the copy of the schema the package ships.
      const shipped = JSON.parse(await Deno.readTextFile(`${ROOT}schemas/v1.json`));
      assert.deepEqual(JSON.parse(await Deno.readTextFile(`${dir}/mcptest.schema.json`)), shipped);
      assert.equal(await Deno.readTextFile(`${dir}/.gitignore`), ".mcptest/\n");
      assert.match(config, /servers:\n {2}items:\n {4}command:\n {6}- /);
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
    assert.match(config, new RegExp(`url: ${server.url.replaceAll(".", "\\.")}\n`));
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

Deno.test("mcptest init adds a server to an existing mcptest.yml, changing nothing else", async (t) => {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-init-add-" });
  const original = [
    "# my project: keep this comment",
    "variables:",
    '  PORT: "1"',
    "servers:",
    "  other:",
    '    url: "http://127.0.0.1:${PORT}/mcp" # and this one',
    "suites: [smoke/]",
    "",
  ].join("\n");
  const smoke = "lists:\n  - name: other lists\n    server: other\n    list: tools\n";
  try {
    await Deno.writeTextFile(`${dir}/mcptest.yml`, original);
    await Deno.mkdir(`${dir}/smoke`);
    await Deno.writeTextFile(`${dir}/smoke/a.yml`, smoke);
    await Deno.writeTextFile(`${dir}/.gitignore`, "node_modules");
    await t.step("adds the server and its test file to suites:, keeps the rest", async () => {
      const run = await mcptest(["init", "--server", serverFlag()], { cwd: dir });
      assert.equal(run.code, 0, run.stderr);
      assert.match(
        run.stdout,
        /^added server "items" to mcptest\.yml and wrote tests\/items\.yml$/m,
      );
      assert.match(run.stdout, /\.mcptest\/ to \.gitignore/);
      const config = await Deno.readTextFile(`${dir}/mcptest.yml`);
      assert.ok(config.startsWith("# my project: keep this comment\n"), config);
      assert.match(config, /url: "http:\/\/127\.0\.0\.1:\$\{PORT\}\/mcp" # and this one/);
      assert.match(config, /\n {2}items:\n {4}command:/);
      assert.match(
        config,
        /suites: \[ smoke\/, tests\/items\.yml \]|suites: \[smoke\/, tests\/items\.yml\]/,
      );
      assert.equal(await Deno.readTextFile(`${dir}/.gitignore`), "node_modules\n.mcptest/\n");
      assert.equal(await Deno.readTextFile(`${dir}/smoke/a.yml`), smoke);
      const list = await mcptest(["list"], { cwd: dir });
      assert.equal(list.code, 0, list.stderr);
      assert.match(list.stdout, /other lists +\(other\)/);
      assert.match(list.stdout, /add answers +\(items\)/);
    });
    await t.step(
      "a server of that name is never overwritten: exit 2, nothing written",
      async () => {
        const before = await Deno.readTextFile(`${dir}/mcptest.yml`);
        await Deno.rename(`${dir}/tests/items.yml`, `${dir}/items.yml.bak`);
        const run = await mcptest(["init", "--server", serverFlag()], { cwd: dir });
        assert.equal(run.code, 2);
        assert.match(
          run.stderr,
          /^error: server "items" is already in mcptest\.yml; mcptest init never overwrites it/m,
        );
        assert.equal(await Deno.readTextFile(`${dir}/mcptest.yml`), before);
        await assert.rejects(Deno.stat(`${dir}/tests/items.yml`), Deno.errors.NotFound);
      },
    );
    await t.step("a second server: .gitignore keeps one .mcptest/ line", async () => {
      const flag = serverFlag().replace(/^items=/, "more=");
      const run = await mcptest(["init", "--server", flag], { cwd: dir });
      assert.equal(run.code, 0, run.stderr);
      assert.doesNotMatch(run.stdout, /gitignore|schema/);
      assert.equal(await Deno.readTextFile(`${dir}/.gitignore`), "node_modules\n.mcptest/\n");
      assert.match(await Deno.readTextFile(`${dir}/mcptest.yml`), /tests\/more\.yml/);
    });
    await t.step("a config that is not valid YAML: exit 2, nothing written", async () => {
      const other = await Deno.makeTempDir({ prefix: "mcptest-init-bad-config-" });
      try {
        await Deno.writeTextFile(`${other}/mcptest.yml`, "servers: [\n");
        const run = await mcptest(["init", "--server", serverFlag()], { cwd: other });
        assert.equal(run.code, 2);
        assert.match(run.stderr, /^error: mcptest\.yml is not valid YAML; nothing was changed/m);
        assert.deepEqual([...Deno.readDirSync(other)].map((e) => e.name), ["mcptest.yml"]);
      } finally {
        await Deno.remove(other, { recursive: true });
      }
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
