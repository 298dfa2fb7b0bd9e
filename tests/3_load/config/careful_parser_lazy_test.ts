/** @module loadSuite() loads a valid suite without the careful YAML parser (the `yaml` package), and loads it when a document needs it, as the document is parsed (the file read once). */

import assert from "node:assert/strict";
import { ConfigErrors } from "../../../src/0_base/errors/errors.ts";
import { ModuleNotLoaded, withLazyModules } from "../../../src/0_base/util/lazy_module.ts";
import { carefulParserLoaded, parseCarefully } from "../../../src/0_base/yaml/yaml_source.ts";
import { loadSuite } from "../../../src/3_load/config/load_suite.ts";

const VALID = `servers:
  items:
    command: ["deno", "run", "server.ts"]
tools:
  - name: echo
    server: items
    tool: echo
    args: { text: hi }
    expect:
      - target: result.content[0].text
        matcher: { contains: hi }
`;

/** VALID as a pretty-printed JSON suite. */
const JSON_SUITE = `{
  "servers": {
    "items": {
      "command": ["deno", "run", "server.ts"]
    }
  },
  "tools": [
    {
      "name": "echo",
      "server": "items",
      "tool": "echo",
      "args": { "text": "hi" },
      "expect": [{ "target": "result.content[0].text", "matcher": { "contains": "hi" } }]
    }
  ]
}
`;

/**
 * An anchor run into its node (`&b{`: js-yaml takes it, the careful parser decides whether it is
 * YAML, so the fast path leaves the document to it) and an unknown key.
 */
const ANCHORED = `servers:
  items: &items
    command: ["deno", "run", "server.ts"]
x-base: [&b{k: 1}, *b]
tools:
  - name: echo
    server: items
    tool: echo
    colour: red
`;

async function errorsOf(load: Promise<unknown>): Promise<string[]> {
  try {
    await load;
  } catch (error) {
    if (error instanceof ConfigErrors) return error.errors.map((e) => e.message);
    throw error;
  }
  return [];
}

Deno.test("the careful YAML parser is loaded only when a suite needs it", async (t) => {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-careful-" });
  try {
    await Deno.writeTextFile(`${dir}/valid.yml`, VALID);
    await Deno.writeTextFile(`${dir}/anchored.yml`, ANCHORED);
    await Deno.writeTextFile(`${dir}/windows.yml`, VALID.replaceAll("\n", "\r\n"));
    await Deno.writeTextFile(`${dir}/windows.json`, JSON_SUITE.replaceAll("\n", "\r\n"));
    await t.step("a valid suite loads on the fast path alone", async () => {
      const suite = await loadSuite({ paths: [`${dir}/valid.yml`], cwd: dir });
      assert.equal(suite.tests.length, 1);
      assert.equal(carefulParserLoaded(), false);
    });
    await t.step("so does one saved with CRLF line ends, at the same positions", async () => {
      const [lf, crlf] = await Promise.all(
        ["valid.yml", "windows.yml"].map((file) =>
          loadSuite({ paths: [`${dir}/${file}`], cwd: dir })
        ),
      );
      assert.equal(carefulParserLoaded(), false);
      const where = (t: { pos: object; assertions: readonly { pos: object }[] }) => [
        t.pos,
        t.assertions.map((a) => a.pos),
      ];
      assert.deepEqual(
        JSON.stringify(crlf!.tests.map(where)),
        JSON.stringify(lf!.tests.map(where)).replaceAll("valid.yml", "windows.yml"),
      );
      // A JSON suite's keys are found in flow style, in the same text the fast path read.
      const json = await loadSuite({ paths: [`${dir}/windows.json`], cwd: dir });
      assert.deepEqual(json.tests.map((t) => t.pos), [{ file: "windows.json", line: 8, col: 5 }]);
      assert.equal(carefulParserLoaded(), false);
    });
    await t.step("before it is loaded, a careful parse says so", () => {
      assert.throws(() => parseCarefully("a: 1\n", "a.yml"), ModuleNotLoaded);
      assert.equal(carefulParserLoaded(), false);
    });
    await t.step(
      "an anchored file: the parser loaded as it is parsed, the file read once, the error placed",
      async () => {
        const reads: string[] = [];
        const readTextFile = async (path: string) => {
          reads.push(path);
          return await Deno.readTextFile(path).catch(() => undefined);
        };
        const load = loadSuite({ paths: [`${dir}/anchored.yml`], cwd: dir, readTextFile });
        const errors = await errorsOf(load);
        assert.equal(errors.length, 1, errors.join("\n"));
        assert.match(errors[0]!, /^anchored\.yml:9:5: .*"colour"/);
        assert.equal(carefulParserLoaded(), true);
        assert.equal(reads.filter((p) => p.endsWith("anchored.yml")).length, 1);
      },
    );
    await t.step("withLazyModules() runs its work once when the parser is loaded", async () => {
      let runs = 0;
      const value = await withLazyModules(() => {
        runs++;
        return Promise.resolve(parseCarefully("a: 1\n", "a.yml").value);
      });
      assert.deepEqual([value, runs], [{ a: 1 }, 1]);
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
