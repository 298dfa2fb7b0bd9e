import assert from "node:assert/strict";
import { inShard, parseShard } from "../../../src/5_execute/runner/shard.ts";
import type { TestCase } from "../../../src/3_load/config/types.ts";
import { UsageError } from "../../../src/0_base/errors/errors.ts";

const test = (id: string) => ({ id } as TestCase);

Deno.test("parseShard() accepts k/n and rejects the rest", async (t) => {
  await t.step("valid", () => assert.deepEqual(parseShard("2/4"), { index: 2, count: 4 }));
  for (const bad of ["0/3", "4/3", "a/b", "1", "1/0"]) {
    await t.step(`rejects ${bad}`, () => assert.throws(() => parseShard(bad), UsageError));
  }
});

Deno.test("inShard() puts every test in exactly one shard, independent of order", () => {
  const ids = Array.from({ length: 200 }, (_, i) => `suite.yml::tool::test ${i}`);
  const shards = [1, 2, 3].map((index) => ({ index, count: 3 }));
  const counts = shards.map((s) => ids.filter((id) => inShard(test(id), s)).length);
  assert.equal(counts.reduce((a, b) => a + b), 200);
  for (const c of counts) assert.ok(c > 40, `shards are balanced enough: ${counts}`);
  const forward = ids.filter((id) => inShard(test(id), shards[0]!));
  const backward = [...ids].reverse().filter((id) => inShard(test(id), shards[0]!)).reverse();
  assert.deepEqual(forward, backward);
});
