/** @module eligibility(): each rule of docs/cache.md, failing and passing; opt-out lines (the store: store_test.ts). */

import assert from "node:assert/strict";
import type { TestCase } from "../../../src/3_load/config/types.ts";
import { eligibility, type EligibilityContext } from "../../../src/5_execute/cache/eligibility.ts";
import { loadSuite } from "../../../src/3_load/config/load_suite.ts";

const pos = { file: "s.yml", line: 1, col: 1 };
const test = (matchers: [string, unknown][], budgets: TestCase["budgets"] = []): TestCase =>
  ({
    id: "s.yml::tool::t",
    name: "t",
    kind: "tool",
    serverKey: "srv",
    call: { kind: "tool", tool: "echo", args: {} },
    assertions: matchers.map(([name, arg]) => ({
      kind: "assertion",
      target: "result",
      matcher: { name, arg, pos },
      pos,
    })),
    budgets,
    file: "s.yml",
    pos,
    order: 0,
  }) as TestCase;
const replay: EligibilityContext = {
  mode: "auto",
  updateSnapshots: false,
  cassetteHash: "abc",
  optedOut: false,
};
const reason = (t: TestCase, c: EligibilityContext = replay) => {
  const v = eligibility(t, c);
  return v.cacheable ? "cacheable" : v.reason;
};

Deno.test("eligibility() applies the rules of docs/cache.md", async (t) => {
  await t.step("replayed test with deterministic matchers: cacheable", () => {
    assert.equal(reason(test([["exact", 1], ["not", { regex: "x" }]])), "cacheable");
  });
  await t.step("live server: not cacheable", () => {
    assert.match(reason(test([]), { ...replay, cassetteHash: undefined }), /live server/);
  });
  await t.step("--live, --record, --update-snapshots, cache: false", () => {
    assert.match(reason(test([]), { ...replay, mode: "live" }), /--live/);
    assert.match(reason(test([]), { ...replay, mode: "record" }), /--record/);
    assert.match(reason(test([]), { ...replay, updateSnapshots: true }), /--update-snapshots/);
    assert.equal(reason(test([]), { ...replay, optedOut: true }), "cache: false");
  });
  await t.step("snapshot, model-graded or unknown matchers, nested too", () => {
    assert.equal(reason(test([["snapshot", "x"]])), "matcher snapshot");
    assert.equal(reason(test([["llm-judge", "x"]])), "matcher llm-judge");
    assert.equal(reason(test([["not", { "llm-jury": {} }]])), "matcher llm-jury");
  });
  await t.step("performance budgets; header budgets are fine", () => {
    assert.match(reason(test([], [{ kind: "max_duration_ms", value: 1, pos }])), /max_duration_ms/);
    assert.match(
      reason(test([], [{ kind: "max_response_tokens", value: 1, pos }])),
      /max_response_tokens/,
    );
    assert.equal(
      reason(test([], [{ kind: "response_headers", headers: { a: "b" }, pos }])),
      "cacheable",
    );
  });
});

Deno.test("loadSuite() marks the tests whose author wrote cache: false (noCache)", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const yaml = "server:\n  command: x\ntools:\n  - name: a\n    tool: x\n" +
      "  - name: b\n    cache: false\n    tool: y\nlists:\n  - name: c\n    list: tools\n" +
      "    cache: true\n  - name: d\n    list: tools\n    cache: false\n";
    await Deno.writeTextFile(`${dir}/s.yml`, yaml);
    const suite = await loadSuite({ paths: ["s.yml"], cwd: dir, env: {} });
    assert.deepEqual(suite.tests.map((t) => [t.name, t.noCache ?? false]), [
      ["a", false],
      ["b", true],
      ["c", false],
      ["d", true],
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("every registered matcher is judged for the cache: deterministic, or snapshot", async () => {
  const { DETERMINISTIC_MATCHERS } = await import("../../../src/5_execute/cache/eligibility.ts");
  const { MATCHER_NAMES } = await import("../../../src/1_matchers/registry.ts");
  // snapshot reads a file outside the key, llm-judge / llm-jury ask a model; a matcher added
  // later must be judged here too.
  const odd = ["snapshot", "llm-judge", "llm-jury"];
  const unjudged = MATCHER_NAMES.filter((n) => !DETERMINISTIC_MATCHERS.has(n) && !odd.includes(n));
  assert.deepEqual(unjudged, []);
  const unknown = [...DETERMINISTIC_MATCHERS].filter((n) => !MATCHER_NAMES.includes(n));
  assert.deepEqual(unknown, []);
});
