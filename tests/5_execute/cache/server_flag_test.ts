/** @module A `--server NAME=TARGET` flag target is always live: serverCassetteMode(), the cassette connector and the result cache never replay or serve it (docs/cassettes.md, docs/cache.md). */

import assert from "node:assert/strict";
import type { ServerSpec, TestCase } from "../../../src/3_load/config/types.ts";
import type { TargetSource } from "../../../src/2_connect/session/types.ts";
import { cassetteConnector } from "../../../src/2_connect/cassette/connect.ts";
import { serverCassetteMode } from "../../../src/2_connect/cassette/server_cassette.ts";
import { openResultCache } from "../../../src/5_execute/cache/result_cache.ts";
import { eligibility } from "../../../src/5_execute/cache/eligibility.ts";
import type { TestResult } from "../../../src/4_record/run_record.ts";
import { recordOf } from "./_record.ts";
import { storeFiles } from "./_project.ts";
import type { Session } from "../../../src/2_connect/session/types.ts";

const POS = { file: "s.yml", line: 1, col: 1 };

const server = (source: TargetSource): ServerSpec =>
  ({
    key: "memory",
    name: "memory",
    target: { kind: "http", url: "http://127.0.0.1:9/mcp", headers: {} },
    timeoutMs: 1000,
    parallel: false,
    source,
  }) as unknown as ServerSpec;

const TEST = {
  id: "s.yml::tool::echo",
  name: "echo",
  kind: "tool",
  serverKey: "memory",
  call: { kind: "tool", tool: "echo", args: { text: "hi" } },
  assertions: [{
    kind: "assertion",
    target: "result.content[0].text",
    matcher: { name: "exact", arg: "hi", pos: POS },
    pos: POS,
  }],
  budgets: [],
  file: "s.yml",
  pos: POS,
  order: 0,
} as unknown as TestCase;

const suiteWith = (source: TargetSource) => ({
  servers: { memory: server(source) },
  tests: [TEST],
  secrets: [],
});

const PASSED: TestResult = {
  id: TEST.id,
  name: TEST.name,
  kind: "tool",
  server: "memory",
  file: "s.yml",
  line: 1,
  col: 1,
  status: "pass",
  durationMs: 1,
  assertions: [],
  budgets: [],
  replayed: true,
};

/** A temp dir holding `cassettes/memory.json` with `text`. */
async function withCassette(text: string, body: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-flag-" });
  try {
    await Deno.mkdir(`${dir}/cassettes`);
    await Deno.writeTextFile(`${dir}/cassettes/memory.json`, text);
    await body(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("serverCassetteMode() makes auto live for a --server flag target only", () => {
  const flag = server("cli flag");
  assert.equal(serverCassetteMode(flag, "auto"), "live");
  assert.equal(serverCassetteMode(flag, "live"), "live");
  assert.equal(serverCassetteMode(flag, "record"), "record", "--record still records it");
  for (
    const source of ["server-config", "mcptest.local.yml", "mcptest.yml", "test file"] as const
  ) {
    assert.equal(serverCassetteMode(server(source), "auto"), "auto", source);
  }
});

Deno.test("cassetteConnector() opens a --server flag target live even when its cassette exists", async () => {
  // Not a cassette: a replay attempt fails reading it, a live open never reads it.
  await withCassette("not json", async (dir) => {
    const opened: string[] = [];
    const live = (s: ServerSpec) => {
      opened.push(s.source);
      return Promise.resolve({ server: s } as unknown as Session);
    };
    for (const source of ["cli flag", "mcptest.yml"] as const) {
      const suite = suiteWith(source);
      const connector = cassetteConnector(suite, {
        mode: "auto",
        cwd: dir,
        toolVersion: "x",
        live,
      });
      const connecting = connector.connect(suite.servers.memory, { capture: false });
      if (source === "cli flag") {
        await connecting;
        assert.equal(connector.replayed.size, 0);
      } else {
        await assert.rejects(
          connecting,
          /memory\.json/,
          "without the flag the cassette is replayed",
        );
      }
    }
    assert.deepEqual(opened, ["cli flag"]);
  });
});

Deno.test("openResultCache() neither serves nor stores results of a --server flag target", async () => {
  await withCassette("{}", async (dir) => {
    const options = {
      enabled: true,
      cwd: dir,
      mode: "auto" as const,
      updateSnapshots: false,
      toolVersion: "x",
      secret: "s".repeat(64),
    };
    // Store the passing result through the config-declared server: the next run serves it.
    const stored = await openResultCache(suiteWith("mcptest.yml"), [TEST], options);
    assert.deepEqual(stored.toRun, [TEST]);
    await stored.complete(recordOf([PASSED]), [TEST]);
    const served = await openResultCache(suiteWith("mcptest.yml"), [TEST], options);
    assert.equal(served.hits.get(TEST.id)?.cached, true, "the entry is there");

    const flagged = await openResultCache(suiteWith("cli flag"), [TEST], options);
    assert.equal(flagged.hits.size, 0);
    assert.deepEqual(flagged.toRun, [TEST]);
    // Every file of the store with its content: a stored entry would rewrite the pack.
    const entries = async () => {
      const files = await storeFiles(dir);
      return await Promise.all(files.map(async (f) => [f, await Deno.readTextFile(f)]));
    };
    const before = await entries();
    assert.equal(before.length, 1, "one pack");
    const { replayed: _, ...live } = PASSED;
    const completed = await flagged.complete(recordOf([live]), [TEST]);
    assert.equal(completed.tests[0]?.cached, undefined);
    assert.deepEqual(await entries(), before);
  });
});

Deno.test("eligibility() says a --server flag target runs live", () => {
  const verdict = eligibility(TEST, {
    mode: "auto",
    updateSnapshots: false,
    cassetteHash: "abc",
    optedOut: false,
    serverFlag: true,
  });
  assert.deepEqual(verdict, { cacheable: false, reason: "--server runs live" });
  const without = eligibility(TEST, {
    mode: "auto",
    updateSnapshots: false,
    cassetteHash: "abc",
    optedOut: false,
  });
  assert.deepEqual(without, { cacheable: true });
});
