/**
 * @module The JSON Schema engine (ajv) is loaded only where a schema must be compiled: a schema of
 * the plain keywords is checked without it, and a value that fits it is matched without it; a
 * value that fails it, or any other schema, loads it. A bad schema is still a positioned config
 * error.
 */

import assert from "node:assert/strict";
import { ConfigErrors } from "../../../src/0_base/errors/errors.ts";
import { compileMatcher } from "../../../src/1_matchers/registry.ts";
import { schemaEngineLoaded } from "../../../src/1_matchers/schema.ts";
import { loadSuite } from "../../../src/3_load/config/load_suite.ts";
import { listTests } from "../../../src/5_execute/suite/list_tests.ts";

const suiteWith = (matcher: string) =>
  `servers:
  items:
    command: ["deno", "run", "server.ts"]
tools:
  - name: echo
    server: items
    tool: echo
    args: { text: hi }
    expect:
      - target: result.content[0].text
        matcher: ${matcher}
`;

Deno.test("the JSON Schema engine loads only when a schema is compiled", async (t) => {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-schema-engine-" });
  const list = async (name: string, matcher: string) => {
    await Deno.writeTextFile(`${dir}/${name}`, suiteWith(matcher));
    const suite = await loadSuite({ paths: [`${dir}/${name}`], cwd: dir });
    return await listTests(suite, { cwd: dir });
  };
  try {
    await t.step("a suite without a schema matcher", async () => {
      assert.equal((await list("plain.yml", "{ contains: hi }")).length, 1);
      assert.equal(schemaEngineLoaded(), false);
    });
    const plain = { type: "object", properties: { text: { type: "string", minLength: 1 } } };
    const context = { suiteDir: dir, updateSnapshots: false };
    const matcher = () =>
      compileMatcher({ name: "schema", arg: plain, pos: { file: "t.yml", line: 1, col: 1 } });
    await t.step(
      "a plain schema: listed, and a value that fits it matched, without the engine",
      async () => {
        const listed = await list("plain-schema.yml", "{ schema: { type: string, minLength: 1 } }");
        assert.equal(listed.length, 1);
        assert.equal(schemaEngineLoaded(), false);
        const outcome = await matcher().match({ text: "hi" }, context);
        assert.equal(outcome.pass, true);
        assert.equal(schemaEngineLoaded(), false);
      },
    );
    await t.step(
      "a value that fails a plain schema: the engine loaded, its message given",
      async () => {
        const outcome = await matcher().match({ text: 5 }, context);
        assert.equal(outcome.pass, false);
        assert.match(outcome.message ?? "", /\/text must be string/);
        assert.equal(schemaEngineLoaded(), true);
      },
    );
    await t.step("a bad schema: a config error at its matcher, the engine loaded", async () => {
      const error = await list("bad.yml", "{ schema: { type: 12 } }").catch((e) => e);
      assert.ok(error instanceof ConfigErrors, String(error));
      assert.match(error.message, /^bad\.yml:11:18: .*invalid JSON Schema/m);
      assert.equal(schemaEngineLoaded(), true);
    });
    await t.step("a good schema lists", async () => {
      assert.equal((await list("good.yml", "{ schema: { type: string } }")).length, 1);
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
