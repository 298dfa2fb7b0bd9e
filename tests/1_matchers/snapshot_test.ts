import { deepStrictEqual, rejects, strictEqual } from "node:assert/strict";
import { join } from "node:path";
import { check, compileError } from "./_compile.ts";
import { obsoleteSnapshots } from "../../src/1_matchers/snapshot_files.ts";
import { snapshotCounts, summarize } from "../../src/4_record/summary.ts";
import { summaryLine } from "../../src/6_report/pretty.ts";
import type { RunRecord, TestResult } from "../../src/4_record/run_record.ts";

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

Deno.test("snapshot matcher explains a mismatch: the changed paths, then a line diff", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.mkdir(join(dir, "snapshots"));
    const stored = { items: [{ name: "pear", n: 1 }], count: 1, gone: true };
    await Deno.writeTextFile(join(dir, "snapshots", "k.json"), JSON.stringify(stored));
    const outcome = await check({ snapshot: "k" }, {
      items: [{ name: "apple", n: 1 }, { name: "fig", n: 2 }],
      count: 1,
    }, { suiteDir: dir });
    strictEqual(outcome.pass, false);
    const message = outcome.message ?? "";
    strictEqual(
      message.split("\n").slice(0, 4).join("\n"),
      [
        `snapshot ${join(dir, "snapshots", "k.json")} differs at 3 paths:`,
        "  items[0].name (changed)",
        "  items[1] (added)",
        "  gone (removed)",
      ].join("\n"),
    );
    strictEqual(
      message.includes('-       "name": "pear",\n+       "name": "apple",'),
      true,
      message,
    );
    strictEqual(message.includes('-   "gone": true'), true, message);
    const equal = await check({ snapshot: "k" }, stored, { suiteDir: dir });
    strictEqual(equal.pass, true);
    strictEqual(equal.message, undefined);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("snapshot matcher leaves ignore: paths out of the file and the comparison", async (t) => {
  const dir = await Deno.makeTempDir();
  const file = join(dir, "snapshots", "items.json");
  const arg = { key: "items", ignore: ["items[*].id", "meta.at", "first[0]"] };
  const value = (id: number, name: string) => ({
    items: [{ id, name }, { id: id + 1, name: "b" }],
    meta: { at: `t${id}`, kept: 1 },
    first: [id, "x"],
  });
  try {
    await t.step("the written file has no ignored path", async () => {
      strictEqual((await check({ snapshot: arg }, value(1, "a"), { suiteDir: dir })).pass, true);
      deepStrictEqual(JSON.parse(await Deno.readTextFile(file)), {
        items: [{ name: "a" }, { name: "b" }],
        meta: { kept: 1 },
        first: [null, "x"],
      });
    });
    await t.step("ignored paths may differ; any other change still fails", async () => {
      strictEqual((await check({ snapshot: arg }, value(7, "a"), { suiteDir: dir })).pass, true);
      strictEqual((await check({ snapshot: arg }, value(7, "z"), { suiteDir: dir })).pass, false);
      strictEqual(
        (await check({ snapshot: "items" }, value(1, "a"), { suiteDir: dir })).pass,
        false,
      );
    });
    await t.step("a bad argument is a load error", () => {
      const cases: [unknown, RegExp][] = [
        [{ key: "x", ignore: "id" }, /ignore: got "id", expected a list of paths/],
        [{ key: "x", ignore: ["a..b"] }, /ignore: got "a\.\.b", expected a path of keys/],
        [{ key: "x", ignore: [3] }, /ignore: got 3, expected a path/],
        [{ key: "bad key" }, /got "bad key", expected a key of letters/],
        [{ ignore: ["a"] }, /expected a key of letters/],
        [{ key: "x", ignores: ["a"] }, /unknown key "ignores", expected key and ignore/],
        [["x"], /expected a key or \{ key: KEY, ignore: \[paths\] \}/],
      ];
      for (const [bad, message] of cases) {
        const error = compileError({ snapshot: bad });
        strictEqual(message.test(error), true, `${JSON.stringify(bad)}: ${error}`);
      }
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("snapshot matcher leaves the volatile headers out of http.headers and http snapshots", async () => {
  const dir = await Deno.makeTempDir();
  const headers = (date: string, session: string) => ({
    "content-type": "application/json",
    date,
    "mcp-session-id": session,
    "x-served-by": "edge",
  });
  try {
    const first = await check({ snapshot: "headers" }, headers("Mon", "s1"), { suiteDir: dir });
    strictEqual(first.pass, true);
    deepStrictEqual(
      JSON.parse(await Deno.readTextFile(join(dir, "snapshots", "headers.json"))),
      { "content-type": "application/json", "x-served-by": "edge" },
    );
    strictEqual(
      (await check({ snapshot: "headers" }, headers("Tue", "s2"), { suiteDir: dir })).pass,
      true,
    );
    const changed = { ...headers("Tue", "s2"), "x-served-by": "origin" };
    strictEqual((await check({ snapshot: "headers" }, changed, { suiteDir: dir })).pass, false);
    const http = (date: string) => ({ status: 200, headers: headers(date, "s") });
    strictEqual((await check({ snapshot: "http" }, http("Mon"), { suiteDir: dir })).pass, true);
    strictEqual((await check({ snapshot: "http" }, http("Wed"), { suiteDir: dir })).pass, true);
    // A tool result that merely has a `date` key is not a header map: its date is kept.
    await check({ snapshot: "event" }, { date: "Mon", title: "x" }, { suiteDir: dir });
    strictEqual(
      (await check({ snapshot: "event" }, { date: "Tue", title: "x" }, { suiteDir: dir })).pass,
      false,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("snapshot matcher with -u writes only what changed and says recorded or updated", async () => {
  const dir = await Deno.makeTempDir();
  const u = { suiteDir: dir, updateSnapshots: true };
  try {
    const path = join(dir, "snapshots", "v.json");
    strictEqual((await check({ snapshot: "v" }, 1, u)).message, `recorded ${path}`);
    // Date the file in the past: a rewrite would give it the current time, however fast it came.
    const past = new Date("2001-01-01T00:00:00Z");
    await Deno.utime(path, past, past);
    const same = await check({ snapshot: "v" }, 1, u);
    strictEqual(same.message, undefined);
    strictEqual(
      (await Deno.stat(path)).mtime?.getTime(),
      past.getTime(),
      "an equal snapshot is left alone",
    );
    strictEqual((await check({ snapshot: "v" }, 2, u)).message, `updated ${path}`);
    await Deno.writeTextFile(path, "{broken");
    strictEqual((await check({ snapshot: "v" }, 3, u)).message, `updated ${path}`);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("obsoleteSnapshots() lists the snapshot files no loaded test names", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.mkdir(join(dir, "tests", "snapshots"), { recursive: true });
    await Deno.writeTextFile(join(dir, "tests", "a.yml"), "");
    for (const key of ["used", "also-used", "old"]) {
      await Deno.writeTextFile(join(dir, "tests", "snapshots", `${key}.json`), "1");
    }
    const tests = [
      { assertions: [{ matcher: { name: "snapshot", arg: "used" } }] },
      { assertions: [{ matcher: { name: "snapshot", arg: { key: "also-used" } } }] },
    ];
    deepStrictEqual(await obsoleteSnapshots(["tests/a.yml"], tests, dir), [
      join("tests", "snapshots", "old.json"),
    ]);
    // A test file beside it that was not loaded may use the file: nothing is judged.
    await Deno.writeTextFile(join(dir, "tests", "b.yml"), "");
    deepStrictEqual(await obsoleteSnapshots(["tests/a.yml"], tests, dir), []);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("snapshotCounts() and the pretty summary count snapshots written and updated", () => {
  const assertion = (message?: string) => ({
    target: "result",
    matcher: "snapshot",
    status: "pass" as const,
    expected: "snapshot k",
    actual: "1",
    line: 1,
    col: 1,
    ...(message ? { message } : {}),
  });
  const tests: TestResult[] = [{
    id: "a",
    name: "a",
    kind: "tool",
    server: "s",
    file: "a.yml",
    line: 1,
    col: 1,
    status: "pass",
    durationMs: 1,
    assertions: [
      assertion("recorded x"),
      assertion("updated y"),
      assertion("updated z"),
      assertion(),
    ],
    budgets: [],
  }];
  deepStrictEqual(snapshotCounts(tests), { written: 1, updated: 2 });
  const record: RunRecord = {
    version: 1,
    tool: { name: "mcptest", version: "0" },
    startedAt: "2026-01-01T00:00:00.000Z",
    durationMs: 100,
    files: ["a.yml"],
    servers: [],
    tests,
    summary: summarize(tests),
  };
  strictEqual(
    summaryLine(record),
    "1 passed, 0 failed, 1 snapshot written, 2 snapshots updated in 0.1s",
  );
  strictEqual(
    summaryLine({ ...record, tests: [{ ...tests[0]!, assertions: [] }] }),
    "1 passed, 0 failed in 0.1s",
  );
});
