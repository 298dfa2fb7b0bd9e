/** @module yamlTest(): every finding's test loads as a suite file (no process). */

import assert from "node:assert/strict";
import { loadSuite } from "../../../src/3_load/config/load_suite.ts";
import { yamlTest } from "../../../src/7_features/fuzz/yaml_test.ts";
import { FINDING_KINDS } from "../../../src/7_features/fuzz/types.ts";

const SERVER = 'servers:\n  s:\n    command: "deno run server.ts"\n';

async function load(yaml: string) {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-fuzz-yaml-" });
  try {
    await Deno.writeTextFile(`${dir}/suite.yml`, yaml);
    return await loadSuite({ paths: ["suite.yml"], cwd: dir, env: {} });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("yamlTest() writes a test of the suite format for every kind, target and expectation", async (t) => {
  const inputs: unknown[] = [{ text: "" }, { text: "${HOME} \u00e9 \ud83d\udca5 \u2028 ::x" }, {}];
  for (const kind of FINDING_KINDS) {
    for (const expectation of ["valid", "invalid", "unspecified"] as const) {
      await t.step(`${kind} ${expectation}`, async () => {
        const tests = [
          yamlTest(
            {
              kind,
              expectation,
              target: { kind: "tool", name: "echo" },
              input: inputs[1],
              seed: 1,
            },
            "s",
            { type: "object" },
          ),
          yamlTest({
            kind,
            expectation,
            target: { kind: "prompt", name: "p" },
            input: inputs[0],
            seed: 1,
          }, "s"),
          yamlTest({
            kind,
            expectation,
            target: { kind: "resource_template", name: "a://{x}" },
            input: "a://%20",
            seed: 1,
          }, "s"),
        ];
        for (const test of tests) {
          assert.match(test, /^[\x20-\x7e\n]*$/, "pure ASCII");
          const suite = await load(SERVER + test);
          assert.equal(suite.tests.length, 1);
        }
        const suite = await load(SERVER + tests[0]);
        const args = (suite.tests[0]!.call as { args?: Record<string, unknown> }).args;
        assert.deepEqual(args, inputs[1]);
      });
    }
  }
});
