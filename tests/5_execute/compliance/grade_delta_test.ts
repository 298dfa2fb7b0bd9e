/** @module The `grade_delta:` gate in-process: load errors at file:line:col, and every verdict of the gate on given results. */

import assert from "node:assert/strict";
import { loadSuite } from "../../../src/3_load/config/load_suite.ts";
import type { Suite } from "../../../src/3_load/config/types.ts";
import { ConfigError, ConfigErrors } from "../../../src/0_base/errors/errors.ts";
import type { ComplianceBlock } from "../../../src/3_load/config/compliance_block.ts";
import {
  evaluateGates,
  readGradeBaselines,
} from "../../../src/5_execute/compliance/gates/run_gates.ts";
import {
  readGradeFile,
  renderGradeFile,
  writeGradeFile,
} from "../../../src/5_execute/compliance/gates/grade_file.ts";
import type { Status, TestResult } from "../../../src/4_record/run_record.ts";
import { withFiles } from "../../3_load/config/_helpers.ts";

const SERVER = `server:\n  command: ["deno", "run", "server.ts"]\n`;

/** A suite with `compliance:` = `block` (indented two spaces), loaded from a temp dir. */
async function withSuite(
  block: string,
  fn: (suite: Suite, dir: string) => void | Promise<void>,
): Promise<void> {
  await withFiles({ "suite.yml": `${SERVER}compliance:\n${block}` }, async (dir) => {
    const suite = await loadSuite({ paths: ["suite.yml"], cwd: dir, env: {} });
    await fn(suite, dir);
  });
}

/** The compliance blocks loadSuite() parsed. */
const blocksOf = (suite: Suite): ComplianceBlock[] => [...(suite.compliance ?? [])];

/** The messages loadSuite() rejects `block` with (schema and block checks alike). */
async function blockErrors(block: string): Promise<string[]> {
  let messages: string[] = [];
  await withFiles({ "suite.yml": `${SERVER}compliance:\n${block}` }, async (dir) => {
    try {
      blocksOf(await loadSuite({ paths: ["suite.yml"], cwd: dir, env: {} }));
      assert.fail("expected the block to be rejected");
    } catch (error) {
      if (!(error instanceof ConfigErrors)) throw error;
      assert.equal(error.exitCode, 2);
      messages = error.errors.map((e) => e.message);
    }
  });
  return messages;
}

const TESTS = "  tests:\n    - name: PROTO-002\n    - name: TOOL-003\n    - name: RES-005\n";

Deno.test("blocksOf() reads grade_delta: and rejects bad ones at file:line:col", async (t) => {
  await t.step("max_drop shorthand, baseline relative to the suite file", async () => {
    await withSuite(
      `  spec_version: v2025-06-18\n  grade_delta:\n    baseline: .mcptest/grade.json\n    max_drop: 2.5\n${TESTS}`,
      (suite) => {
        const [block] = blocksOf(suite);
        assert.deepEqual(block?.gradeDelta, {
          baseline: ".mcptest/grade.json",
          maxDrop: 2.5,
          pos: { file: "suite.yml", line: 5, col: 3 },
        });
      },
    );
  });
  await t.step("a suite in a subfolder: the baseline sits next to it", async () => {
    await withFiles({
      "sub/suite.yml":
        `${SERVER}compliance:\n  spec_version: v2025-06-18\n  grade_delta:\n    baseline: ../grades/g.json\n${TESTS}`,
    }, async (dir) => {
      const suite = await loadSuite({ paths: ["sub/suite.yml"], cwd: dir, env: {} });
      assert.equal(blocksOf(suite)[0]?.gradeDelta?.baseline, "grades/g.json");
    });
  });
  await t.step("neither max_drop nor expect: max_drop 0", async () => {
    await withSuite(
      `  spec_version: v2025-06-18\n  grade_delta:\n    baseline: g.json\n${TESTS}`,
      (suite) => {
        assert.equal(blocksOf(suite)[0]?.gradeDelta?.maxDrop, 0);
      },
    );
  });
  await t.step("expect: keeps each item and its position", async () => {
    await withSuite(
      `  spec_version: v2025-06-18\n  grade_delta:\n    baseline: g.json\n    expect:\n      - target: grade_delta\n        matcher: { schema: { minimum: -2 } }\n${TESTS}`,
      (suite) => {
        const gate = blocksOf(suite)[0]?.gradeDelta;
        assert.equal(gate?.maxDrop, undefined);
        assert.deepEqual(gate?.expect, [{
          target: "grade_delta",
          matcher: { schema: { minimum: -2 } },
          pos: { file: "suite.yml", line: 8, col: 9 },
        }]);
      },
    );
  });
  const cases: [string, string, RegExp][] = [
    [
      "both max_drop and expect",
      "  spec_version: v2025-06-18\n  grade_delta:\n    baseline: g.json\n    max_drop: 1\n    expect:\n      - target: grade_delta\n        matcher: { exact: 0 }\n",
      /^suite\.yml:8:5: grade_delta: give either max_drop .* or expect .*, not both$/,
    ],
    [
      "negative max_drop (schema)",
      "  spec_version: v2025-06-18\n  grade_delta:\n    baseline: g.json\n    max_drop: -1\n",
      /^suite\.yml:7:15: "max_drop" must be at least 0, got number -1$/,
    ],
    [
      "max_drop not a number (schema)",
      "  spec_version: v2025-06-18\n  grade_delta:\n    baseline: g.json\n    max_drop: lots\n",
      /^suite\.yml:7:15: "max_drop" must be a number/,
    ],
    [
      "no baseline (schema)",
      "  spec_version: v2025-06-18\n  grade_delta:\n    max_drop: 1\n",
      /^suite\.yml:\d+:\d+: grade_delta is missing required key "baseline"$/,
    ],
    [
      "unknown key (schema)",
      "  spec_version: v2025-06-18\n  grade_delta:\n    baseline: g.json\n    tolerance: 1\n",
      /^suite\.yml:7:5: unknown key "tolerance"/,
    ],
    [
      "a baseline of blanks (the schema sees it before interpolation)",
      "  spec_version: v2025-06-18\n  grade_delta:\n    baseline: '  '\n",
      /^suite\.yml:6:15: grade_delta: needs baseline:, the grade file to compare with/,
    ],
    [
      "no spec_version pin",
      "  grade_delta:\n    baseline: g.json\n",
      /^suite\.yml:4:3: grade_delta: needs compliance\.spec_version/,
    ],
    [
      "unknown target",
      "  spec_version: v2025-06-18\n  grade_delta:\n    baseline: g.json\n    expect:\n      - target: score\n        matcher: { exact: 1 }\n",
      /^suite\.yml:8:9: unknown grade_delta target "score", expected one of: grade_score, grade_letter, grade_delta, baseline_score, baseline_letter, grade_regressions, grade_improvements$/,
    ],
    [
      "unknown matcher",
      "  spec_version: v2025-06-18\n  grade_delta:\n    baseline: g.json\n    expect:\n      - target: grade_delta\n        matcher: { gte: -2 }\n",
      /^suite\.yml:8:9: unknown matcher "gte", expected one of: exact, schema/,
    ],
  ];
  for (const [name, block, pattern] of cases) {
    await t.step(name, async () => {
      // Schema and block problems alike fail loadSuite() itself.
      const messages = await blockErrors(`${block}${TESTS}`);
      assert.ok(messages.some((m) => pattern.test(m)), messages.join("\n"));
    });
  }
});

/** One result of kind compliance for the suite's only server. */
function ruleResult(
  suite: Suite,
  id: string,
  status: Status,
  severity: "MUST" | "SHOULD" = "MUST",
  revision = "v2025-06-18",
): TestResult {
  const key = Object.keys(suite.servers)[0]!;
  return {
    id: `suite.yml::compliance::default::${id}`,
    name: id,
    kind: "compliance",
    server: key,
    file: "suite.yml",
    line: 1,
    col: 1,
    status,
    durationMs: 0,
    assertions: [],
    budgets: [],
    rule: { id, revision, severity, specUrl: "https://modelcontextprotocol.io/specification" },
  };
}

async function gates(
  suite: Suite,
  results: TestResult[],
): Promise<TestResult[]> {
  const blocks: ComplianceBlock[] = blocksOf(suite);
  return await evaluateGates(blocks, {
    results,
    servers: suite.servers,
    gradeBaselines: await readGradeBaselines(blocks),
  });
}

const BASELINE = renderGradeFile({
  version: 1,
  grades: {
    default: {
      spec_version: "v2025-06-18",
      score: 100,
      letter: "A",
      rules: { "PROTO-002": "pass", "RES-005": "pass", "TOOL-003": "pass" },
    },
  },
});

Deno.test("evaluateGates() grades each server of a grade_delta: block against its baseline", async (t) => {
  /** A pinned block with `gate` lines under grade_delta:, its baseline an absolute path into dir. */
  const within = (gate: string, fn: (suite: Suite, dir: string) => Promise<void>) =>
    withFiles({ "g.json": BASELINE }, async (dir) => {
      await Deno.writeTextFile(
        `${dir}/suite.yml`,
        `${SERVER}compliance:\n  spec_version: v2025-06-18\n  grade_delta:\n    baseline: ${dir}/g.json\n${gate}${TESTS}`,
      );
      await fn(await loadSuite({ paths: ["suite.yml"], cwd: dir, env: {} }), dir);
    });

  await t.step("same grade: PASS, one result of kind gate named after the server", async () => {
    await within("", async (suite) => {
      const results = ["PROTO-002", "TOOL-003", "RES-005"].map((id) =>
        ruleResult(suite, id, "pass")
      );
      const [gate, ...rest] = await gates(suite, results);
      assert.equal(rest.length, 0);
      assert.equal(gate?.kind, "gate");
      assert.equal(gate?.name, "grade_delta default [v2025-06-18]");
      assert.equal(gate?.id, "suite.yml::gate::grade_delta::default");
      assert.equal(gate?.status, "pass");
      assert.deepEqual([gate?.line, gate?.col], [5, 3]);
      assert.equal(gate?.assertions[0]?.message, "grade 100 (A) vs baseline 100 (A): 0");
    });
  });
  await t.step("a regressed rule: FAIL with the delta and the regression", async () => {
    await within("", async (suite) => {
      const results = [
        ruleResult(suite, "PROTO-002", "pass"),
        ruleResult(suite, "TOOL-003", "fail"),
        ruleResult(suite, "RES-005", "pass"),
      ];
      const [gate] = await gates(suite, results);
      assert.equal(gate?.status, "fail");
      assert.deepEqual(
        gate?.assertions.map((a) => [a.target, a.matcher, a.status, a.actual, a.message]),
        [[
          "grade_delta",
          "max_drop",
          "fail",
          "-33.3",
          "grade 66.7 (D) vs baseline 100 (A): -33.3, regressions: TOOL-003",
        ]],
      );
    });
  });
  await t.step("max_drop tolerates a drop up to its value", async () => {
    await within("    max_drop: 33.3\n", async (suite) => {
      const results = [
        ruleResult(suite, "PROTO-002", "pass"),
        ruleResult(suite, "TOOL-003", "error"),
        ruleResult(suite, "RES-005", "pass"),
      ];
      assert.equal((await gates(suite, results))[0]?.status, "pass");
    });
  });
  await t.step("expect: asserts on every target", async () => {
    const expect = [
      "    expect:",
      "      - target: grade_score",
      "        matcher: { exact: 66.7 }",
      "      - target: grade_letter",
      "        matcher: { exact: D }",
      "      - target: grade_delta",
      "        matcher: { schema: { maximum: -33 } }",
      "      - target: baseline_score",
      "        matcher: { exact: 100 }",
      "      - target: baseline_letter",
      "        matcher: { exact: A }",
      "      - target: grade_regressions",
      "        matcher: { exact: [TOOL-003] }",
      "      - target: grade_improvements",
      "        matcher: { schema: { maxItems: 0 } }",
      "      - target: grade_regressions[0]",
      "        matcher: { starts-with: TOOL }",
      "",
    ].join("\n");
    await within(expect, async (suite) => {
      const results = [
        ruleResult(suite, "PROTO-002", "pass"),
        ruleResult(suite, "TOOL-003", "fail"),
        ruleResult(suite, "RES-005", "pass"),
      ];
      const [gate] = await gates(suite, results);
      assert.deepEqual(
        gate?.assertions.filter((a) => a.status !== "pass").map((a) => a.target),
        [],
      );
      assert.equal(gate?.status, "pass");
      assert.equal(gate?.assertions.length, 8);
      assert.deepEqual(gate?.assertions.map((a) => a.line), [8, 10, 12, 14, 16, 18, 20, 22]);
    });
  });
  await t.step("an improvement passes the default gate and is named", async () => {
    await within("", async (suite, dir) => {
      await writeGradeFile(`${dir}/g.json`, {
        version: 1,
        grades: {
          default: {
            spec_version: "v2025-06-18",
            score: 66.7,
            letter: "D",
            rules: { "PROTO-002": "pass", "RES-005": "pass", "TOOL-003": "fail" },
          },
        },
      });
      const results = ["PROTO-002", "TOOL-003", "RES-005"].map((id) =>
        ruleResult(suite, id, "pass")
      );
      const [gate] = await gates(suite, results);
      assert.equal(gate?.status, "pass");
      assert.equal(
        gate?.assertions[0]?.message,
        "grade 100 (A) vs baseline 66.7 (D): +33.3, improvements: TOOL-003",
      );
    });
  });
  await t.step("no baseline file, or no entry for the server: PASS with a note", async () => {
    await within("", async (suite, dir) => {
      const results = [ruleResult(suite, "PROTO-002", "fail")];
      const all = [
        ...results,
        ruleResult(suite, "TOOL-003", "pass"),
        ruleResult(suite, "RES-005", "pass"),
      ];
      await Deno.writeTextFile(
        `${dir}/g.json`,
        BASELINE.replace('"default"', '"other"'),
      );
      const [entryless] = await gates(suite, all);
      assert.equal(entryless?.status, "pass");
      assert.match(
        entryless!.assertions[0]!.message!,
        /no baseline grade yet for server "default"/,
      );
      await Deno.remove(`${dir}/g.json`);
      const [fileless] = await gates(suite, all);
      assert.equal(fileless?.status, "pass");
      assert.equal(fileless?.assertions[0]?.matcher, "bootstrap");
      assert.match(
        fileless!.assertions[0]!.message!,
        /^grade 66\.7 \(D\); no baseline grade yet .*; save one with mcptest compliance run --from-suite suite\.yml --save-grade$/,
      );
    });
  });
  await t.step("a baseline of another revision: FAIL, the grades are not comparable", async () => {
    await within("", async (suite, dir) => {
      await Deno.writeTextFile(`${dir}/g.json`, BASELINE.replace("v2025-06-18", "v2025-11-25"));
      const results = ["PROTO-002", "TOOL-003", "RES-005"].map((id) =>
        ruleResult(suite, id, "pass")
      );
      const [gate] = await gates(suite, results);
      assert.equal(gate?.status, "fail");
      assert.equal(gate?.assertions[0]?.target, "baseline_spec_version");
      assert.match(
        gate!.assertions[0]!.message!,
        /taken in v2025-11-25, this block grades v2025-06-18: grades of different revisions are not comparable/,
      );
    });
  });
  await t.step("no rule reached a verdict: SKIP with the reason", async () => {
    await within("", async (suite) => {
      const results = ["PROTO-002", "TOOL-003", "RES-005"].map((id) =>
        ruleResult(suite, id, "skip")
      );
      const [gate] = await gates(suite, results);
      assert.equal(gate?.status, "skip");
      assert.match(gate!.skipReason!, /no rule reached a verdict/);
    });
  });
  await t.step(
    "part of the block ran (--filter): SKIP, a partial grade is not compared",
    async () => {
      await within("", async (suite) => {
        const [gate] = await gates(suite, [ruleResult(suite, "TOOL-003", "fail")]);
        assert.equal(gate?.status, "skip");
        assert.match(gate!.skipReason!, /1 of the block's 3 rules ran/);
      });
    },
  );
  await t.step(
    "a malformed baseline: ConfigError naming the file and the field (exit 2)",
    async () => {
      await within("", async (suite, dir) => {
        const bad: [string, RegExp][] = [
          ["{nope", /g\.json:1:2: not valid JSON \(.+\), expected \{"version": 1, "grades"/],
          ["[]", /g\.json: the file holds an array, expected \{"version": 1/],
          ['{"version": 2, "grades": {}}', /g\.json: "version" is 2, expected 1$/],
          ['{"version": 1}', /g\.json: "grades" is missing, expected an object of grades/],
          [
            BASELINE.replace('"letter": "A"', '"letter": "E"'),
            /g\.json: grades\["default"\]\.letter is "E", expected one of: A, B, C, D, F$/,
          ],
          [
            BASELINE.replace('"score": 100', '"score": 101'),
            /g\.json: grades\["default"\]\.score is 101, expected a number from 0 to 100$/,
          ],
          [
            BASELINE.replace('"TOOL-003": "pass"', '"TOOL-003": "ok"'),
            /g\.json: grades\["default"\]\.rules\["TOOL-003"\] is "ok", expected one of: pass, fail, error, skip$/,
          ],
        ];
        for (const [text, pattern] of bad) {
          await Deno.writeTextFile(`${dir}/g.json`, text);
          await assert.rejects(readGradeBaselines(blocksOf(suite)), (error: unknown) => {
            assert.ok(error instanceof ConfigError);
            assert.equal(error.exitCode, 2);
            assert.match(error.message, pattern);
            return true;
          });
        }
      });
    },
  );
});

Deno.test("readGradeFile() round-trips what writeGradeFile() writes, sorted", async () => {
  await withFiles({}, async (dir) => {
    assert.equal(await readGradeFile(`${dir}/none.json`), undefined);
    const file = {
      version: 1 as const,
      grades: {
        zeta: {
          spec_version: "draft",
          score: 0,
          letter: "F" as const,
          rules: { "B-001": "fail" as const },
        },
        alpha: {
          spec_version: "v2025-11-25",
          score: 96.3,
          letter: "A" as const,
          rules: { "TOOL-001": "pass" as const, "EDGE-001": "skip" as const },
        },
      },
    };
    await writeGradeFile(`${dir}/nested/g.json`, file);
    const text = await Deno.readTextFile(`${dir}/nested/g.json`);
    assert.ok(text.indexOf('"alpha"') < text.indexOf('"zeta"'));
    assert.ok(text.indexOf('"EDGE-001"') < text.indexOf('"TOOL-001"'));
    assert.deepEqual(await readGradeFile(`${dir}/nested/g.json`), file);
    assert.deepEqual(
      [...Deno.readDirSync(`${dir}/nested`)].map((e) => e.name),
      ["g.json"],
      "no temp file is left behind",
    );
  });
});
