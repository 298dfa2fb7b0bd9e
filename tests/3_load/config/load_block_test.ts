import assert from "node:assert/strict";
import { loadSuite } from "../../../src/3_load/config/load_suite.ts";
import { loadDurationMs } from "../../../src/3_load/config/load_block.ts";
import { loadMessages, withFiles } from "./_helpers.ts";

const SERVER = `servers:\n  s:\n    command: ["true"]\n`;
const test = (load: string) => `${SERVER}tools:\n  - name: t\n    tool: x\n    load:\n${load}`;

Deno.test("load: a test's load block becomes its LoadSpec, with defaults and budgets", async () => {
  const text = test(
    "      concurrency: 4\n      warm_up: 5\n      ramp: 2s\n      p95_ms: 200\n      error_rate: 0.01\n",
  );
  await withFiles({ "f.yml": text }, async (dir) => {
    const suite = await loadSuite({ paths: ["f.yml"], cwd: dir, env: {} });
    const load = suite.tests[0]?.load;
    assert.equal(load?.repeat, 100, "repeat defaults to 100");
    assert.equal(load?.durationMs, undefined);
    assert.equal(load?.concurrency, 4);
    assert.equal(load?.warmUp, 5);
    assert.equal(load?.rampMs, 2000);
    assert.deepEqual(load?.budgets.map((b) => [b.kind, b.value, b.pos.line]), [
      ["p95_ms", 200, 11],
      ["error_rate", 0.01, 12],
    ]);
  });
});

Deno.test("load: a test without load: has none", async () => {
  await withFiles({ "f.yml": `${SERVER}tools:\n  - name: t\n    tool: x\n` }, async (dir) => {
    const suite = await loadSuite({ paths: ["f.yml"], cwd: dir, env: {} });
    assert.equal(suite.tests[0]?.load, undefined);
  });
});

Deno.test("load: bad load blocks are refused at file:line:col, saying what was expected", async (t) => {
  const cases: Array<[string, string, RegExp]> = [
    [
      "repeat and duration",
      "      repeat: 10\n      duration: 2s\n",
      /^f\.yml:9:7: load: sets both repeat: and duration:; expected one of them/,
    ],
    [
      "an unreadable duration",
      "      duration: soon\n",
      /^f\.yml:8:17: invalid load duration: "soon"; expected milliseconds or a duration such as 500ms, 30s, 2m$/,
    ],
    ["a zero concurrency", "      concurrency: 0\n", /^f\.yml:8:20: .*concurrency/],
    ["an error rate above 1", "      error_rate: 2\n", /^f\.yml:8:19: .*error_rate/],
    ["an unknown key", "      concurency: 2\n", /did you mean "concurrency"\?$/],
  ];
  for (const [name, load, expected] of cases) {
    await t.step(name, async () => {
      await withFiles({ "f.yml": test(load) }, async (dir) => {
        const [message] = await loadMessages({ paths: ["f.yml"], cwd: dir });
        assert.match(message ?? "", expected);
      });
    });
  }
});

Deno.test("loadDurationMs() reads milliseconds and ms/s/m durations only", () => {
  assert.deepEqual(
    [1500, "500ms", "30s", "2m", "1.5s", "soon", "5h", -1, "", null].map(loadDurationMs),
    [1500, 500, 30000, 120000, 1500, undefined, undefined, undefined, undefined, undefined],
  );
});
