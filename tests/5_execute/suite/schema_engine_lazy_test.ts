/** @module The JSON Schema engine (ajv) is loaded only by a load or a listing whose matchers compile a schema; a bad schema is still a positioned config error. */

import assert from "node:assert/strict";
import { ConfigErrors } from "../../../src/0_base/errors/errors.ts";
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
