/** @module `mcptest migrate`: the seed 001 dry-run plan, --write (byte-preserving), idempotence, --to errors. */

import assert from "node:assert/strict";
import { SOURCES } from "../../fixtures/migration/sources.ts";
import { mcptest } from "../../_helpers/cli.ts";
import { repoFile, tempTree } from "../../7_features/migration/_tree.ts";

const EXAMPLE = await Deno.readTextFile(repoFile("examples/migration-legacy-suite.yml"));
const MARK = "# TODO(mcptest-migrate):";

/** The example with its line 18 token rewritten and a TODO comment above it (what --write must produce). */
function migratedExample(): string {
  const lines = EXAMPLE.split("\n");
  assert.equal(lines[17], "          exact: -32002");
  lines[17] = "          exact: -32602";
  lines.splice(
    17,
    0,
    `          ${MARK} legacy-error-code: -32002 -> -32602 (rewritten); 2026-07-28 answers a missing resource with -32602 (Invalid Params); replace -32002 with -32602`,
  );
  return lines.join("\n");
}

Deno.test("migrate dry-run prints seed 001's plan and changes nothing", async () => {
  const tree = await tempTree({ "tests/migration.yml": EXAMPLE });
  try {
    const run = await mcptest(["migrate", "tests/", "--to", "2026-07-28"], { cwd: tree.dir });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(
      run.stdout,
      [
        "  tests/migration.yml",
        "    line 18  legacy-error-code  -32002 -> -32602   (annotate + rewrite)",
        "",
        "1 file, 1 change (dry-run; pass --write to apply)",
        "",
      ].join("\n"),
    );
    assert.equal(await Deno.readTextFile(`${tree.dir}/tests/migration.yml`), EXAMPLE);
  } finally {
    await tree.cleanup();
  }
});

Deno.test("migrate --write rewrites -32002, adds the TODO, and the second run has nothing to do", async () => {
  const tree = await tempTree({ "tests/migration.yml": EXAMPLE });
  const file = `${tree.dir}/tests/migration.yml`;
  try {
    const first = await mcptest(["migrate", "tests", "--to", "2026-07-28", "--write"], {
      cwd: tree.dir,
    });
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /\n1 file, 1 change written\n$/);
    assert.equal(await Deno.readTextFile(file), migratedExample());
    const second = await mcptest(["migrate", "tests", "--to", "2026-07-28", "--write"], {
      cwd: tree.dir,
    });
    assert.equal(second.code, 0);
    assert.equal(second.stdout, "nothing to migrate (1 file checked, target 2026-07-28)\n");
    assert.equal(await Deno.readTextFile(file), migratedExample());
    const lint = await mcptest(["lint", "tests"], { cwd: tree.dir });
    assert.equal(lint.code, 0, lint.stdout);
  } finally {
    await tree.cleanup();
  }
});

Deno.test("after migrate --write the example suite passes against the conformant example server", async () => {
  const tree = await tempTree({ "migration.yml": EXAMPLE });
  try {
    // The server imports through the project's import map: give the copy the project config.
    await Deno.symlink(repoFile("examples/servers"), `${tree.dir}/servers`);
    for (const name of ["deno.json", "deno.lock"]) {
      await Deno.copyFile(repoFile(name), `${tree.dir}/${name}`);
    }
    const before = await mcptest(["run", "migration.yml"], { cwd: tree.dir });
    assert.equal(before.code, 1, before.stdout + before.stderr);
    assert.match(before.stdout, /expected \(exact\): -32002/);
    const write = await mcptest(
      ["migrate", "migration.yml", "--to", "2026-07-28", "--write"],
      { cwd: tree.dir },
    );
    assert.equal(write.code, 0, write.stderr);
    const after = await mcptest(["run", "migration.yml"], { cwd: tree.dir });
    assert.equal(after.code, 0, after.stdout + after.stderr);
    assert.match(after.stdout, /1 passed, 0 failed/);
  } finally {
    await tree.cleanup();
  }
});

Deno.test("migrate --write keeps every other byte: comments, quotes, flow style, order", async () => {
  const original = SOURCES["suites/legacy_mixed.yml"] ?? "";
  const tree = await tempTree({ "legacy_mixed.yml": original });
  const file = `${tree.dir}/legacy_mixed.yml`;
  try {
    const run = await mcptest(["migrate", ".", "--to", "2026-07-28", "--write"], { cwd: tree.dir });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /\n1 file, 5 changes written\n$/);
    const written = await Deno.readTextFile(file);
    const lines = written.split("\n");
    const todos = lines.flatMap((l, i) => l.trimStart().startsWith(MARK) ? [[i + 1, l]] : []);
    assert.deepEqual(todos.map(([n, l]) => `${n}:${String(l).split(":")[0]}`), [
      "6:      # TODO(mcptest-migrate)",
      "15:        # TODO(mcptest-migrate)",
      "19:          # TODO(mcptest-migrate)",
      "27:        # TODO(mcptest-migrate)",
      "34:            # TODO(mcptest-migrate)",
    ]);
    assert.match(lines[26] ?? "", /ping-removed: ping: removed; ping is removed in 2026-07-28/);
    const stripped = lines.filter((l) => !l.trimStart().startsWith(MARK));
    const expected = original.split("\n");
    expected[13] = (expected[13] ?? "").replace("-32002", "-32602");
    expected[16] = (expected[16] ?? "").replace("-32002", "-32602");
    assert.deepEqual(stripped, expected);
    const again = await mcptest(["migrate", ".", "--to", "2026-07-28", "--write"], {
      cwd: tree.dir,
    });
    assert.equal(again.stdout, "nothing to migrate (1 file checked, target 2026-07-28)\n");
    assert.equal(await Deno.readTextFile(file), written);
  } finally {
    await tree.cleanup();
  }
});

Deno.test("migrate --write handles CRLF, block scalars and multi-line flow collections", async () => {
  const text = [
    "a:",
    "  regex: |",
    "    first line",
    "    code -32002",
    "  list: [",
    "    -32002,",
    "  ]",
    "  method: ping",
    "",
  ].join("\r\n");
  const tree = await tempTree({ "s.yaml": text });
  try {
    const run = await mcptest(["migrate", "s.yaml", "--to", "v2026-07-28", "--write"], {
      cwd: tree.dir,
    });
    assert.equal(run.code, 0, run.stderr);
    const written = await Deno.readTextFile(`${tree.dir}/s.yaml`);
    const lines = written.split("\r\n");
    assert.ok(!written.replaceAll("\r\n", "").includes("\n"), "every line ends in CRLF");
    assert.match(lines[1] ?? "", /^ {2}# TODO\(mcptest-migrate\): legacy-error-code: /);
    assert.equal(lines[2], "  regex: |");
    assert.equal(lines[4], "    code -32602");
    assert.match(lines[5] ?? "", /^ {2}# TODO\(mcptest-migrate\): legacy-error-code: /);
    assert.deepEqual(lines.slice(6, 9), ["  list: [", "    -32602,", "  ]"]);
    assert.match(lines[9] ?? "", /^ {2}# TODO\(mcptest-migrate\): ping-removed: /);
    assert.equal(lines[10], "  method: ping");
  } finally {
    await tree.cleanup();
  }
});

Deno.test("migrate lists cassettes as re-record and never rewrites JSON", async () => {
  const cassette = SOURCES["cassettes/legacy.json"] ?? "";
  const tree = await tempTree({ "c/legacy.json": cassette });
  try {
    const run = await mcptest(["migrate", "c", "--to", "2026-07-28", "--write"], { cwd: tree.dir });
    assert.equal(run.code, 0, run.stderr);
    // Line 2 (the recorded server's logging capability) is the server's: nothing to re-record.
    assert.match(run.stdout, /^ {2}c\/legacy\.json\n {4}line 6 {2}legacy-error-code/m);
    assert.doesNotMatch(run.stdout, /logging-deprecated/);
    assert.match(run.stdout, /line 6 {2}legacy-error-code +-32002 -> -32602 +\(re-record\)/);
    assert.match(run.stdout, /1 cassette with legacy content: re-record/);
    assert.equal(await Deno.readTextFile(`${tree.dir}/c/legacy.json`), cassette);
  } finally {
    await tree.cleanup();
  }
});

Deno.test("migrate exits 2 on an unsupported --to, a missing --to and invalid input", async () => {
  const tree = await tempTree({ "s.yml": EXAMPLE, "bad/b.yml": 'a: "open\n' });
  try {
    const older = await mcptest(["migrate", "s.yml", "--to", "2025-11-25"], { cwd: tree.dir });
    assert.equal(older.code, 2);
    assert.equal(
      older.stderr,
      'error: unsupported --to "2025-11-25": the only migration target is 2026-07-28\n',
    );
    const missing = await mcptest(["migrate", "s.yml"], { cwd: tree.dir });
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /--to <revision>/);
    const bad = await mcptest(["migrate", ".", "--to", "2026-07-28", "--write"], { cwd: tree.dir });
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /^error: bad\/b\.yml:\d+:\d+: invalid YAML: /);
    assert.equal(await Deno.readTextFile(`${tree.dir}/s.yml`), EXAMPLE, "nothing written");
  } finally {
    await tree.cleanup();
  }
});
