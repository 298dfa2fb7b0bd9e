import { deepStrictEqual, rejects, strictEqual } from "node:assert/strict";
import { join } from "node:path";
import { check } from "./_compile.ts";

Deno.test("snapshot matcher records, compares, updates, and refuses writes under CI", async (t) => {
  const dir = await Deno.makeTempDir();
  try {
    const file = join(dir, "snapshots", "tools.json");
    await t.step("first run writes the snapshot and passes", async () => {
      const outcome = await check({ snapshot: "tools" }, { a: [1, 2] }, { suiteDir: dir });
      strictEqual(outcome.pass, true);
      deepStrictEqual(JSON.parse(await Deno.readTextFile(file)), { a: [1, 2] });
    });
    await t.step("a later equal value passes, a different one fails", async () => {
      strictEqual(
        (await check({ snapshot: "tools" }, { a: [1, 2] }, { suiteDir: dir })).pass,
        true,
      );
      strictEqual(
        (await check({ snapshot: "tools" }, { a: [2, 1] }, { suiteDir: dir })).pass,
        false,
      );
    });
    await t.step("-u rewrites", async () => {
      const outcome = await check({ snapshot: "tools" }, { a: [3] }, {
        suiteDir: dir,
        updateSnapshots: true,
      });
      strictEqual(outcome.pass, true);
      deepStrictEqual(JSON.parse(await Deno.readTextFile(file)), { a: [3] });
    });
    await t.step("CI=true refuses a first write and an update with exit 5", async () => {
      await rejects(
        () => check({ snapshot: "fresh" }, 1, { suiteDir: dir, ci: true }),
        (e: Error & { exitCode?: number }) => e.exitCode === 5 && /first write/.test(e.message),
      );
      await rejects(
        () => check({ snapshot: "tools" }, 1, { suiteDir: dir, ci: true, updateSnapshots: true }),
        (e: Error & { exitCode?: number }) => e.exitCode === 5 && /update/.test(e.message),
      );
      strictEqual(
        (await check({ snapshot: "tools" }, { a: [3] }, { suiteDir: dir, ci: true })).pass,
        true,
      );
    });
    await t.step("a corrupt snapshot is a clear error", async () => {
      await Deno.writeTextFile(join(dir, "snapshots", "bad.json"), "{nope");
      await rejects(() => check({ snapshot: "bad" }, 1, { suiteDir: dir }), /not valid JSON/);
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
