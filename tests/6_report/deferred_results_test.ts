/** @module deferResults(): results reach the display a turn after they are reported, in order; drain() delivers what is queued at once. */

import assert from "node:assert/strict";
import type { TestResult } from "../../src/4_record/run_record.ts";
import { deferResults } from "../../src/6_report/deferred_results.ts";

const result = (name: string) => ({ name }) as unknown as TestResult;
/** One turn of the event loop (a timer set after the queue's own runs after it). */
const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 0));

Deno.test("deferResults() delivers on a later turn, in push order", async () => {
  const seen: string[] = [];
  const results = deferResults((r) => seen.push(r.name));
  results.push(result("a"));
  results.push(result("b"));
  assert.deepEqual(seen, [], "nothing is delivered while the runner's turn goes on");
  await nextTurn();
  assert.deepEqual(seen, ["a", "b"]);
  results.push(result("c"));
  await nextTurn();
  assert.deepEqual(seen, ["a", "b", "c"]);
});

Deno.test("drain() delivers what is queued at once, and only once", async () => {
  const seen: string[] = [];
  const results = deferResults((r) => seen.push(r.name));
  results.push(result("a"));
  results.drain();
  assert.deepEqual(seen, ["a"]);
  await nextTurn();
  assert.deepEqual(seen, ["a"], "the drained result is not delivered again");
  results.drain();
  assert.deepEqual(seen, ["a"]);
});
