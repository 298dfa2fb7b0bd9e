/** @module Discovery: PATHS, folders, the project config's suites: and own tests, the tests/ default. */

import assert from "node:assert/strict";
import { loadSuite } from "../../../src/3_load/config/load_suite.ts";
import { loadMessages, withFiles } from "./_helpers.ts";

const test = (name: string) => `server: { command: s }\ntools:\n  - { name: ${name}, tool: x }\n`;

const TREE: Record<string, string> = {
  "tests/b.yml": test("b"),
  "tests/a.yaml": test("a"),
  "tests/sub/c.yml": test("c"),
  "tests/snapshots/skip.yml": "not: [valid",
  "tests/cassettes/skip.yml": "not: [valid",
  "tests/.hidden/skip.yml": "not: [valid",
  "tests/sub/mcptest.yml": "not: [valid",
  "tests/sub/mcptest.local.yml": "not: [valid",
  "tests/notes.txt": "not yaml",
  "other/d.yml": test("d"),
};

Deno.test("loadSuite() discovers test files", async (t) => {
  await t.step(
    "a folder is walked for *.yml and *.yaml, skipping snapshots/, cassettes/, dot-dirs, config files",
    async () => {
      await withFiles(TREE, async (dir) => {
        const suite = await loadSuite({ paths: ["tests"], cwd: dir, env: {} });
        assert.deepEqual(suite.files, ["tests/a.yaml", "tests/b.yml", "tests/sub/c.yml"]);
        assert.deepEqual(suite.tests.map((x) => [x.id, x.order]), [
          ["tests/a.yaml::tool::a", 0],
          ["tests/b.yml::tool::b", 1],
          ["tests/sub/c.yml::tool::c", 2],
        ]);
      });
    },
  );

  await t.step("with no path and no config, tests/**/*.{yml,yaml}", async () => {
    await withFiles(TREE, async (dir) => {
      const suite = await loadSuite({ paths: [], cwd: dir, env: {} });
      assert.deepEqual(suite.files, ["tests/a.yaml", "tests/b.yml", "tests/sub/c.yml"]);
    });
  });

  await t.step("explicit files in any order come out sorted and deduplicated", async () => {
    await withFiles(TREE, async (dir) => {
      const suite = await loadSuite({
        paths: ["other/d.yml", "tests/b.yml", "tests/", "tests/notes.txt"],
        cwd: dir,
        env: {},
      })
        .catch((e) => e);
      // notes.txt is named explicitly, so it is loaded (and is not YAML mapping)
      assert.deepEqual(suite.errors.map((e: Error) => e.message), [
        'tests/notes.txt:1:1: the file\'s top level must be a mapping, got string "not yaml"',
      ]);
      const ok = await loadSuite({
        paths: ["other/d.yml", "tests/b.yml", "tests/"],
        cwd: dir,
        env: {},
      });
      assert.deepEqual(ok.files, ["other/d.yml", "tests/a.yaml", "tests/b.yml", "tests/sub/c.yml"]);
    });
  });

  await t.step(
    "mcptest.yml suites: (globs, relative to the config) plus its own tests",
    async () => {
      await withFiles({
        ...TREE,
        "mcptest.yml":
          "suites:\n  - tests/*.{yml,yaml}\n  - other\nservers:\n  s: { command: s }\nresources:\n  - { name: own, uri: 'items://1' }\n",
      }, async (dir) => {
        const suite = await loadSuite({ paths: [], cwd: dir, env: {} });
        assert.deepEqual(suite.files, [
          "mcptest.yml",
          "other/d.yml",
          "tests/a.yaml",
          "tests/b.yml",
        ]);
        assert.deepEqual(suite.tests.map((x) => x.id), [
          "mcptest.yml::resource::own",
          "other/d.yml::tool::d",
          "tests/a.yaml::tool::a",
          "tests/b.yml::tool::b",
        ]);
        assert.equal(suite.tests[0]?.serverKey, "s");
        // PATHS given: only those files; the config still supplies servers.
        const only = await loadSuite({ paths: ["tests/b.yml"], cwd: dir, env: {} });
        assert.deepEqual(only.files, ["tests/b.yml"]);
        assert.ok(only.servers.s);
      });
    },
  );

  await t.step(
    "--config replaces mcptest.yml; a config with tests and no suites: runs only its own",
    async () => {
      await withFiles({
        ...TREE,
        "mcptest.yml": "not: [valid",
        "examples/conformance.yml": "server: { command: s }\ntools:\n  - { name: own, tool: x }\n",
      }, async (dir) => {
        const suite = await loadSuite({
          paths: [],
          cwd: dir,
          configFile: "examples/conformance.yml",
          env: {},
        });
        assert.deepEqual(suite.tests.map((x) => x.id), ["examples/conformance.yml::tool::own"]);
        assert.deepEqual(Object.keys(suite.servers), ["default"]);
        assert.equal(suite.servers.default?.source, "mcptest.yml");
      });
    },
  );

  await t.step(
    "errors: missing --config, suites entry that matches nothing or does not exist",
    async () => {
      await withFiles(
        { "mcptest.yml": "suites:\n  - nothing/*.yml\n  - gone.yml\n" },
        async (dir) => {
          assert.deepEqual(await loadMessages({ paths: [], cwd: dir, configFile: "nope.yml" }), [
            "config file not found (--config): nope.yml",
          ]);
          assert.deepEqual(await loadMessages({ paths: [], cwd: dir }), [
            'mcptest.yml:2:5: suites entry "nothing/*.yml" matches no test file',
            'mcptest.yml:3:5: suites entry "gone.yml" does not exist',
          ]);
        },
      );
    },
  );

  await t.step("no test files at all gives an empty suite", async () => {
    await withFiles({}, async (dir) => {
      const suite = await loadSuite({ paths: [], cwd: dir, env: {} });
      assert.deepEqual([suite.files, suite.tests, suite.servers], [[], [], {}]);
    });
  });
});
