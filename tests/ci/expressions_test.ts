/** @module The test runner's `${{ }}` evaluator follows GitHub's rules where the action's conditions depend on them: loose equality, status functions, the implicit success(), interpolation. */

import assert from "node:assert/strict";
import { condition, evaluate, type ExprScope, interpolate } from "./_expressions.ts";

const scope = (failed = false): ExprScope => ({
  contexts: {
    inputs: { "upload-sarif": "true", summary: "false" },
    steps: { summary: { outputs: { "sarif-path": "/r/results.sarif" } }, mcptest: { outputs: {} } },
    matrix: { shard: 2 },
    strategy: { "job-total": 3 },
    github: { event_name: "push" },
  },
  failed,
});

Deno.test("evaluate() compares like GitHub: strings without case, a missing value equals ''", () => {
  assert.equal(evaluate("inputs.upload-sarif == 'TRUE'", scope()), true);
  assert.equal(evaluate("steps.mcptest.outputs.sarif-path == ''", scope()), true);
  assert.equal(evaluate("steps.summary.outputs.sarif-path != ''", scope()), true);
  assert.equal(evaluate("github.event_name == 'push' && 'yes' || 'no'", scope()), "yes");
  assert.equal(evaluate("matrix.shard == '2'", scope()), true);
  assert.throws(() => evaluate("nope.x", scope()), /unknown context "nope"/);
  assert.throws(() => evaluate("hashFiles('x')", scope()), /not supported/);
});

Deno.test("condition() applies the implicit success() unless a status function is named", () => {
  const sarif =
    "${{ !cancelled() && inputs.upload-sarif == 'true' && steps.summary.outputs.sarif-path != '' }}";
  assert.equal(condition(sarif, scope(true)), true);
  assert.equal(condition("inputs.upload-sarif == 'true'", scope(true)), false);
  assert.equal(condition("inputs.upload-sarif == 'true'", scope(false)), true);
  assert.equal(condition(undefined, scope(true)), false);
  assert.equal(condition("${{ always() }}", scope(true)), true);
  assert.equal(condition("inputs.summary == 'true'", scope()), false);
});

Deno.test("interpolate() pastes each value as text", () => {
  assert.equal(interpolate("${{ matrix.shard }}/${{ strategy.job-total }}", scope()), "2/3");
  assert.equal(interpolate("shard-${{ matrix.shard }}", scope()), "shard-2");
  assert.equal(interpolate("${{ github.event_name == 'push' }}", scope()), "true");
  assert.equal(interpolate("${{ format('{0}-{1}', 'a', matrix.shard) }}", scope()), "a-2");
});
