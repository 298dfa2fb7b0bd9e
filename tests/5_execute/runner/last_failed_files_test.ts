/** @module `--last-failed` state with the files of its remembered tests (src/5_execute/runner/last_failed.ts): a pass is hashed only where a remembered failure may be, and the state is the one hashing every pass would give. */

import assert from "node:assert/strict";
import fc from "fast-check";
import type { TestCase } from "../../../src/3_load/config/types.ts";
import type { RunRecord, Status, TestResult } from "../../../src/4_record/run_record.ts";
import {
  hashTestId,
  type LastFailedState,
  parseLastFailed,
  updateLastFailed,
} from "../../../src/5_execute/runner/last_failed.ts";

const test = (file: string, name: string, line: number): TestCase =>
  ({
    id: `${file}::tool::${name}`,
    name,
    kind: "tool",
    file,
    pos: { file, line, col: 5 },
  }) as unknown as TestCase;

function recordOf(results: ReadonlyArray<readonly [TestCase, Status]>): RunRecord {
  const tests = results.map(([t, status]) =>
    ({
      id: t.id,
      name: t.name,
      kind: t.kind,
      file: t.file,
      line: t.pos.line,
      col: 5,
      status,
    }) as unknown as TestResult
  );
  return { tests } as unknown as RunRecord;
}

/** hashTestId, counting its calls. */
function countingHash() {
  const calls: string[] = [];
  const hash = (id: string) => {
    calls.push(id);
    return hashTestId(id);
  };
  return { calls, hash };
}

const A = test("a.yml", "one", 3), B = test("b.yml", "two", 3), B2 = test("b.yml", "three", 9);

Deno.test("a pass in a file that holds no remembered failure is not hashed", async () => {
  const first = await updateLastFailed(undefined, [A], recordOf([[A, "fail"]]));
  assert.deepEqual(Object.values(first.files ?? {}), [await hashTestId("a.yml")]);
  const { calls, hash } = countingHash();
  const next = await updateLastFailed(first, [B, B2], recordOf([[B, "pass"], [B2, "pass"]]), hash);
  assert.deepEqual(calls, [], "b.yml holds none of them");
  assert.deepEqual(next, first);
  const again = countingHash();
  const forgotten = await updateLastFailed(
    first,
    [A, B],
    recordOf([[A, "pass"], [B, "pass"]]),
    again.hash,
  );
  assert.deepEqual(again.calls, [A.id], "a.yml holds one: its pass is hashed");
  assert.deepEqual(forgotten, { version: 2, failed: [] });
  // Once a run forgets a file's last remembered test, its later passes are not hashed either.
  const A2 = test("a.yml", "four", 12);
  const both = await updateLastFailed(first, [B], recordOf([[B, "fail"]]));
  const third = countingHash();
  const left = await updateLastFailed(
    both,
    [A, A2],
    recordOf([[A, "pass"], [A2, "pass"]]),
    third.hash,
  );
  assert.deepEqual(third.calls, [A.id]);
  assert.deepEqual(left.failed, [await hashTestId(B.id)]);
});

Deno.test("while a remembered test's file is unknown (a state from before), every pass is hashed", async () => {
  const old: LastFailedState = { version: 2, failed: [await hashTestId(A.id)] };
  const { calls, hash } = countingHash();
  const next = await updateLastFailed(old, [B, B2], recordOf([[B, "pass"], [B2, "fail"]]), hash);
  assert.deepEqual(calls, [B.id, B2.id]);
  assert.deepEqual(next.failed, [await hashTestId(A.id), await hashTestId(B2.id)].sort());
  assert.deepEqual(
    Object.keys(next.files ?? {}),
    [await hashTestId(B2.id)],
    "A's file stays unknown",
  );
});

Deno.test("the files are kept in the state file, and only for remembered tests", async () => {
  const first = await updateLastFailed(undefined, [A], recordOf([[A, "fail"]]));
  assert.deepEqual(await parseLastFailed(JSON.stringify(first)), first);
  const stray = { ...first, files: { ...first.files, ["f".repeat(64)]: "e".repeat(64), x: "y" } };
  assert.deepEqual(await parseLastFailed(JSON.stringify(stray)), first);
});

const files = ["a.yml", "b.yml", "c.yml"];
const anyTest = fc.record({ file: fc.constantFrom(...files), name: fc.constantFrom("p", "q", "r") })
  .map(({ file, name }) => test(file, name, 1 + name.charCodeAt(0)));
const run = fc.uniqueArray(anyTest, { selector: (t) => t.id, maxLength: 6 }).chain((tests) =>
  fc.tuple(
    fc.constant(tests),
    fc.array(fc.constantFrom<Status>("pass", "fail", "error", "skip"), {
      minLength: tests.length,
      maxLength: tests.length,
    }),
  )
);

Deno.test("the state is the same as hashing every pass, over any sequence of runs (property)", async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(run, { maxLength: 5 }), fc.boolean(), async (runs, fromOld) => {
      // `fromOld`: the first state forgets its files, as one written before them would.
      let withFiles: LastFailedState | undefined;
      let plain: LastFailedState | undefined;
      for (const [i, [tests, statuses]] of runs.entries()) {
        const record = recordOf(tests.map((t, j) => [t, statuses[j]!] as const));
        withFiles = await updateLastFailed(withFiles, tests, record);
        if (fromOld && i === 0) withFiles = { version: 2, failed: withFiles.failed };
        // Every pass hashed: a state that never knows a file.
        const next = await updateLastFailed(plain, tests, record);
        plain = { version: 2, failed: next.failed };
        assert.deepEqual(withFiles.failed, plain.failed);
      }
    }),
    { numRuns: 200 },
  );
});
