/** @module Tests of scoreTier(): the SEP-1730-anchored tier rules. */

import assert from "node:assert/strict";
import { scoreTier, type TierInput } from "../../../src/7_features/conformance/tier.ts";

const c = (passed: number, total: number) => ({ passed, total });
const input = (
  must: [number, number],
  should: [number, number],
  may: [number, number] = [0, 0],
  unanswered?: { must: number; should: number },
): TierInput => ({
  must: c(...must),
  should: c(...should),
  may: c(...may),
  ...(unanswered ? { unanswered } : {}),
});

Deno.test("scoreTier() maps pass rates to tiers and badges", async (t) => {
  const cases: Array<[string, TierInput, string, string]> = [
    ["everything passed", input([10, 10], [5, 5]), "tier-1", "T1"],
    ["MAY failures never lower the tier", input([10, 10], [5, 5], [0, 3]), "tier-1", "T1"],
    ["one SHOULD missed of ten", input([10, 10], [9, 10]), "tier-2", "T2"],
    ["exactly 80% of MUST", input([8, 10], [5, 5]), "tier-2", "T2"],
    ["SHOULD at 70% but overall 85%", input([10, 10], [7, 10]), "tier-2", "T2"],
    ["overall below 80%", input([10, 10], [2, 10]), "tier-3", "T3"],
    ["MUST below 80%", input([7, 10], [10, 10]), "tier-3", "T3"],
    ["MUST at 50%", input([5, 10], [0, 0]), "tier-3", "T3"],
    ["MUST below 50%", input([4, 10], [5, 5]), "fail", "F"],
    ["no MUST decided: SHOULDs alone never make tier 1", input([0, 0], [3, 3]), "tier-3", "T3"],
    ["nothing decided", input([0, 0], [0, 0], [1, 1]), "tier-3", "T3"],
  ];
  for (const [name, value, tier, badge] of cases) {
    await t.step(name, () => {
      const result = scoreTier(value);
      assert.equal(result.tier, tier);
      assert.equal(result.badge, badge);
      assert.ok(result.reason.length > 0);
    });
  }
});

Deno.test("scoreTier() reports the rates it used", () => {
  const result = scoreTier(input([9, 10], [4, 5]));
  assert.equal(result.mustRate, 0.9);
  assert.equal(result.shouldRate, 0.8);
  assert.equal(result.overallRate, 13 / 15);
  assert.match(result.reason, /MUST 90%, SHOULD 80%, overall 86.6%/);
});

Deno.test("scoreTier() rejects impossible counts", async (t) => {
  await t.step("passed above total", () => {
    assert.throws(() => scoreTier(input([3, 2], [0, 0])), RangeError);
  });
  await t.step("negative total", () => {
    assert.throws(() => scoreTier(input([0, -1], [0, 0])), RangeError);
  });
  await t.step("fractional count", () => {
    assert.throws(() => scoreTier(input([0.5, 1], [0, 0])), RangeError);
  });
  await t.step("negative unanswered count", () => {
    assert.throws(
      () => scoreTier(input([1, 1], [0, 0], [0, 0], { must: -1, should: 0 })),
      RangeError,
    );
  });
});

Deno.test("scoreTier() gives tier 1 only with evidence", async (t) => {
  const cases: Array<[string, TierInput, string]> = [
    [
      "every MUST passed, none unanswered",
      input([10, 10], [5, 5], [0, 0], { must: 0, should: 0 }),
      "tier-1",
    ],
    [
      "a MUST check got no answer: at most tier 3",
      input([10, 10], [5, 5], [0, 0], { must: 1, should: 0 }),
      "tier-3",
    ],
    [
      "a SHOULD check got no answer: at most tier 2",
      input([10, 10], [5, 5], [0, 0], { must: 0, should: 1 }),
      "tier-2",
    ],
    ["a cap never raises a tier", input([2, 10], [5, 5], [0, 0], { must: 1, should: 0 }), "fail"],
    [
      "a cap above the rates' tier changes nothing",
      input([10, 10], [2, 10], [0, 0], { must: 0, should: 1 }),
      "tier-3",
    ],
    [
      "only the handshake answered",
      input([0, 0], [0, 0], [0, 0], { must: 9, should: 3 }),
      "tier-3",
    ],
  ];
  for (const [name, value, tier] of cases) {
    await t.step(name, () => assert.equal(scoreTier(value).tier, tier));
  }
  await t.step("the reason names the silence and the cap", () => {
    const capped = scoreTier(input([10, 10], [5, 5], [0, 0], { must: 2, should: 1 }));
    assert.match(capped.reason, /a MUST check got no answer, so at most tier-3/);
    assert.match(capped.reason, /2 MUST and 1 SHOULD check\(s\) got no answer by the deadline/);
    const silent = scoreTier(input([0, 0], [0, 0], [0, 0], { must: 9, should: 0 }));
    assert.match(silent.reason, /no evidence either way\); 9 MUST check\(s\) got no answer/);
  });
});
