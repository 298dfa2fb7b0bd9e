/** @module End-to-end tests of `mcptest conformance`: real processes, real sessions, exit codes of seed 002. */

import assert from "node:assert/strict";
import { join } from "node:path";
import {
  closedPort,
  fixture,
  runCli,
  startHttpFixture,
} from "../../7_features/conformance/_cli.ts";
import { sepYaml, startUpstream, tarball } from "../../7_features/conformance/_upstream.ts";

/** mcptest's own code, which a clone's CLI reads as it loads a command (docs/conformance.md). */
const SRC = new URL("../../../src/", import.meta.url).pathname;

async function withTemp(body: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-conf-e2e-" });
  try {
    await body(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("conformance run scores a stdio server with only the embedded corpus", async () => {
  await withTemp(async (cache) => {
    const run = await runCli([
      "run",
      "--server",
      `"${Deno.execPath()}" run --no-prompt "${fixture("stdio_tools_server.ts")}"`,
      "--target-version",
      "2025-11-25",
      "--reporter",
      "json",
    ], { env: { XDG_CACHE_HOME: cache } });
    assert.equal(run.code, 0, run.stderr);
    const result = JSON.parse(run.stdout);
    assert.equal(result.corpus_source, "embedded");
    assert.equal(result.transport, "stdio");
    assert.equal(result.protocol_version, "2025-11-25");
    assert.equal(result.tier, "tier-1");
    assert.equal(result.statuses.fail, 0);
  });
});

Deno.test("conformance run scores an HTTP server (default version = greatest present)", async (t) => {
  await withTemp(async (cache) => {
    await t.step("a conforming server: tier-1, report written atomically with --out", async () => {
      const server = await startHttpFixture();
      try {
        const out = join(cache, "reports", "result.json");
        const run = await runCli([
          "run",
          "--server",
          server.url,
          "--reporter",
          "json",
          "--out",
          out,
        ], {
          env: { XDG_CACHE_HOME: cache },
        });
        assert.equal(run.code, 0, run.stderr);
        assert.equal(run.stdout, "");
        const result = JSON.parse(await Deno.readTextFile(out));
        assert.equal(result.target_version, "2026-07-28");
        assert.equal(
          result.tier,
          "tier-1",
          JSON.stringify(result.checks.filter((c: { status: string }) => c.status === "fail")),
        );
        assert.match(run.stderr, /T1 tier-1/);
      } finally {
        await server.stop();
      }
    });
    await t.step("a broken server: a bad tier is still exit 0", async () => {
      const server = await startHttpFixture(["--bad"]);
      try {
        const run = await runCli(["run", "--server", server.url, "--reporter", "markdown"], {
          env: { XDG_CACHE_HOME: cache },
        });
        assert.equal(run.code, 0, run.stderr);
        assert.match(run.stdout, /# MCP conformance: T3 \(tier-3\)/);
        assert.match(run.stdout, /FAIL \| `sep-2549-tools-list-caching-hints`/);
      } finally {
        await server.stop();
      }
    });
  });
});

Deno.test("conformance run exits with seed 002's codes", async (t) => {
  await withTemp(async (dir) => {
    await t.step("unreachable HTTP server: 4", async () => {
      const run = await runCli([
        "run",
        "--server",
        `http://127.0.0.1:${closedPort()}/mcp`,
        "--target-version",
        "2025-11-25",
      ]);
      assert.equal(run.code, 4, run.stderr);
      assert.match(run.stderr, /server unreachable/);
    });
    await t.step("stdio command that does not exist: 4", async () => {
      const run = await runCli([
        "run",
        "--server",
        "mcptest-no-such-binary-xyz --flag",
        "--target-version",
        "2025-11-25",
      ]);
      assert.equal(run.code, 4, run.stderr);
    });
    await t.step("corpus missing for the version: 2, naming refresh", async () => {
      const run = await runCli([
        "run",
        "--server",
        "x",
        "--corpus-dir",
        dir,
        "--target-version",
        "2099-01-01",
      ]);
      assert.equal(run.code, 2);
      assert.match(run.stderr, /mcptest conformance refresh/);
    });
    await t.step("no version anywhere: 2", async () => {
      const run = await runCli(["run", "--server", "x", "--corpus-dir", dir]);
      assert.equal(run.code, 2);
      assert.match(run.stderr, /conformance refresh/);
    });
    await t.step("unknown reporter: 1", async () => {
      const run = await runCli(["run", "--server", "x", "--reporter", "junit"]);
      assert.equal(run.code, 1);
      assert.match(run.stderr, /unknown reporter "junit"/);
    });
    await t.step("missing --server: 1", async () => {
      const run = await runCli(["run"]);
      assert.equal(run.code, 1);
    });
  });
});

Deno.test("conformance check-ids lists every check id and whether it is implemented", async (t) => {
  await t.step("json", async () => {
    const run = await runCli(["check-ids", "--target-version", "2026-07-28", "--format", "json"], {
      env: { XDG_CACHE_HOME: "/nonexistent" },
    });
    assert.equal(run.code, 0, run.stderr);
    const listing = JSON.parse(run.stdout);
    assert.equal(listing.corpus_source, "embedded");
    const ids = listing.checks.map((c: { check: string }) => c.check);
    assert.ok(ids.includes("sep-2164-error-code"));
    // Every 2026-07-28 check id has a probe (issue #24); each row still says whether it does.
    assert.ok(
      listing.checks.every((c: { implemented: unknown }) => typeof c.implemented === "boolean"),
    );
    assert.equal(
      listing.implemented,
      listing.checks.filter((c: { implemented: boolean }) => c.implemented).length,
    );
  });
  await t.step("json, a revision with untested ids", async () => {
    const run = await runCli(["check-ids", "--target-version", "2025-11-25", "--format", "json"], {
      env: { XDG_CACHE_HOME: "/nonexistent" },
    });
    assert.equal(run.code, 0, run.stderr);
    const listing = JSON.parse(run.stdout);
    assert.ok(listing.checks.some((c: { implemented: boolean }) => !c.implemented));
  });
  await t.step("text", async () => {
    const run = await runCli(["check-ids"], { env: { XDG_CACHE_HOME: "/nonexistent" } });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /sep-2575-server-implements-discover\s+SEP-2575\s+must\s+implemented/);
    assert.match(run.stdout, /2026-07-28 \(embedded\): \d+ check ids, \d+ implemented/);
  });
});

Deno.test("conformance refresh works end to end with least-privilege permissions", async (t) => {
  const upstream = startUpstream({
    tags: [],
    tagsWithSource: [],
    defaultBranch: "main",
    tarballs: {
      main: await tarball([
        { name: "conformance-main/src/seps/sep-2164.yaml", data: sepYaml(2164) },
        { name: "conformance-main/src/seps/SPEC_VERSION", data: "2026-07-28" },
      ]),
    },
  });
  const port = new URL(upstream.base).port;
  try {
    await withTemp(async (root) => {
      const env = {
        MCPTEST_CODELOAD_URL: `${upstream.base}/codeload`,
        MCPTEST_GITHUB_API_URL: `${upstream.base}/api`,
      };
      const permissions = [
        `--allow-net=127.0.0.1:${port}`,
        `--allow-read=${root},${SRC}`,
        `--allow-write=${root}`,
        "--allow-env=GITHUB_TOKEN,MCPTEST_CODELOAD_URL,MCPTEST_GITHUB_API_URL,XDG_CACHE_HOME,HOME,LOCALAPPDATA,USERPROFILE",
      ];
      await t.step("--dry-run writes nothing", async () => {
        const run = await runCli(["refresh", "--corpus-dir", root, "--dry-run"], {
          env,
          permissions,
        });
        assert.equal(run.code, 0, run.stderr);
        assert.match(
          run.stdout,
          /dry run: 2026-07-28 from main: 1 added, 0 removed, 0 changed, 0 unchanged/,
        );
        assert.match(run.stderr, /pinned ref main: no tag contains src\/seps/);
        assert.match(run.stderr, /^no tag to choose from: the repository has none$/m);
        assert.doesNotMatch(run.stderr, /pinned (the|no tag)/);
        assert.deepEqual([...Deno.readDirSync(root)], []);
      });
      await t.step("refresh writes <corpus-dir>/<version>/ and prints the summary", async () => {
        const run = await runCli(["refresh", "--corpus-dir", root], { env, permissions });
        assert.equal(run.code, 0, run.stderr);
        assert.match(run.stdout, /added {5}sep-2164\.yaml/);
        assert.equal(
          await Deno.readTextFile(join(root, "2026-07-28", "sep-2164.yaml")),
          sepYaml(2164),
        );
      });
      await t.step("run reads the refreshed corpus as an override", async () => {
        const run = await runCli(["check-ids", "--corpus-dir", root, "--format", "json"]);
        assert.equal(run.code, 0, run.stderr);
        assert.equal(JSON.parse(run.stdout).corpus_source, "override");
      });
      await t.step("rate limit: exit 3", async () => {
        upstream.config.rateLimited = true;
        const run = await runCli(["refresh", "--corpus-dir", root], { env, permissions });
        upstream.config.rateLimited = false;
        assert.equal(run.code, 3);
        assert.match(run.stderr, /rate limit exceeded/);
      });
    });
    await t.step("run --auto-refresh fetches a missing version, then scores", async () => {
      await withTemp(async (root) => {
        const server = await startHttpFixture();
        try {
          const run = await runCli(
            [
              "run",
              "--server",
              server.url,
              "--corpus-dir",
              root,
              "--target-version",
              "2026-07-28",
              "--auto-refresh",
              "--reporter",
              "json",
            ],
            {
              env: {
                MCPTEST_CODELOAD_URL: `${upstream.base}/codeload`,
                MCPTEST_GITHUB_API_URL: `${upstream.base}/api`,
              },
            },
          );
          assert.equal(run.code, 0, run.stderr);
          const result = JSON.parse(run.stdout);
          assert.equal(result.corpus_source, "override");
          assert.deepEqual(result.checks.map((c: { check: string }) => c.check), ["sep-2164-a"]);
          assert.equal(result.checks[0].status, "untested");
        } finally {
          await server.stop();
        }
      });
    });
  } finally {
    await upstream.close();
  }
});

Deno.test("conformance run --safe-tool: a malformed value exits 2 before any server starts; a good one runs", async () => {
  await withTemp(async (cache) => {
    const marker = join(cache, "started");
    const bad = await runCli([
      "run",
      "--server",
      `sh -c "touch '${marker}'; sleep 5"`,
      "--safe-tool",
      "book={not json",
    ], { env: { XDG_CACHE_HOME: cache } });
    assert.equal(bad.code, 2, bad.stderr);
    assert.match(bad.stderr, /--safe-tool book: the arguments are not JSON/);
    assert.doesNotMatch(bad.stderr, /\n\s+at /, "no stack trace");
    await assert.rejects(Deno.stat(marker), Deno.errors.NotFound);
    const good = await runCli([
      "run",
      "--server",
      `"${Deno.execPath()}" run --no-prompt "${fixture("stdio_tools_server.ts")}"`,
      "--target-version",
      "2025-11-25",
      "--safe-tool",
      'echo={"text":"hi"}',
      "--reporter",
      "json",
    ], { env: { XDG_CACHE_HOME: cache } });
    assert.equal(good.code, 0, good.stderr);
    assert.equal(JSON.parse(good.stdout).statuses.fail, 0);
  });
});
