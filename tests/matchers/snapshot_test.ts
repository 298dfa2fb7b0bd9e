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

Deno.test("snapshot matcher never writes a secret into the file and still compares", async (t) => {
  const dir = await Deno.makeTempDir();
  const secret = "sk-live-0123456789";
  const echoed = { content: [{ text: `token is ${secret}` }], note: "same" };
  const file = join(dir, "snapshots", "echo.json");
  try {
    await t.step("the first write holds the redacted value, not the secret", async () => {
      const outcome = await check({ snapshot: "echo" }, echoed, {
        suiteDir: dir,
        secrets: [secret],
      });
      strictEqual(outcome.pass, true);
      const text = await Deno.readTextFile(file);
      strictEqual(text.includes(secret), false);
      deepStrictEqual(JSON.parse(text), {
        content: [{ text: "token is [REDACTED]" }],
        note: "same",
      });
    });
    await t.step("the same echo passes against the redacted file", async () => {
      const outcome = await check({ snapshot: "echo" }, echoed, {
        suiteDir: dir,
        secrets: [secret],
      });
      strictEqual(outcome.pass, true);
      strictEqual(outcome.actual.includes(secret), false);
    });
    await t.step("a rotated secret still matches; a real change still fails", async () => {
      const rotated = { content: [{ text: "token is sk-live-9999999999" }], note: "same" };
      strictEqual(
        (await check({ snapshot: "echo" }, rotated, {
          suiteDir: dir,
          secrets: ["sk-live-9999999999"],
        }))
          .pass,
        true,
      );
      const changed = { ...echoed, note: "different" };
      strictEqual(
        (await check({ snapshot: "echo" }, changed, { suiteDir: dir, secrets: [secret] })).pass,
        false,
      );
    });
    await t.step("-u rewrites redacted too", async () => {
      await check({ snapshot: "echo" }, { k: secret }, {
        suiteDir: dir,
        updateSnapshots: true,
        secrets: [secret],
      });
      deepStrictEqual(JSON.parse(await Deno.readTextFile(file)), { k: "[REDACTED]" });
    });
    await t.step("an old file holding the secret fails, says so, and never prints it", async () => {
      await Deno.writeTextFile(file, JSON.stringify({ k: secret }));
      const outcome = await check({ snapshot: "echo" }, { k: secret }, {
        suiteDir: dir,
        secrets: [secret],
      });
      strictEqual(outcome.pass, false);
      strictEqual(/plain text; re-record it with -u/.test(outcome.message ?? ""), true);
      strictEqual(JSON.stringify(outcome).includes(secret), false);
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
