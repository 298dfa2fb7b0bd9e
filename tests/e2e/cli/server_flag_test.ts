/** @module One server flag everywhere (real CLI): `--server NAME=TARGET` on run, compliance run, conformance run, doctor and init, a bare target where one server is meant, the same message and exit code for the same bad value, and a bare `mcptest compliance`. */

import assert from "node:assert/strict";
import { itemsServerArgv, itemsServerYaml, mcptest, tempProject } from "../../_helpers/cli.ts";
import { faultyArgv } from "../compliance/_servers.ts";
import { runCli as conformance } from "../../7_features/conformance/_cli.ts";

const commandLine = (argv: readonly string[]) => argv.map((a) => `'${a}'`).join(" ");
const ITEMS = commandLine(itemsServerArgv());

/** A compliance block against the faulty fixture, breaking `breaks`. */
const complianceFile = (breaks: string[]) =>
  `server:
  command: ${JSON.stringify(faultyArgv(breaks))}
compliance:
  spec_version: v2025-06-18
  tests:
    - name: PROTO-002
    - name: RES-005
`;

async function inTemp(files: Record<string, string>, body: (dir: string) => Promise<void>) {
  const dir = await tempProject(files);
  try {
    await body(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("mcptest run --server NAME=TARGET replaces the target of the suite's server NAME", async () => {
  const suite = `servers:
  items:
    command: ["/nonexistent/server"]
tools:
  - name: echo
    server: items
    tool: echo
    args: { text: hi }
    expect:
      - target: result.content[0].text
        matcher: { exact: hi }
`;
  await inTemp({ "suite.yml": suite }, async (dir) => {
    const broken = await mcptest(["run", "suite.yml", "--no-cache"], { cwd: dir });
    assert.equal(broken.code, 1, broken.stdout + broken.stderr);
    const run = await mcptest(["run", "suite.yml", "--no-cache", "--server", `items=${ITEMS}`], {
      cwd: dir,
    });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /PASS\s+echo/);
  });
});

Deno.test("mcptest compliance run --server takes NAME=TARGET (the name labels the rows) or a bare target", async (t) => {
  await inTemp({}, async (dir) => {
    const args = ["compliance", "run", "--spec-version", "v2025-06-18", "--reporter", "json"];
    const servers = async (server: string) => {
      const run = await mcptest([...args, "--server", server], { cwd: dir });
      assert.equal(run.code, 1, run.stderr); // the faulty fixture fails RES-005
      const record = JSON.parse(run.stdout);
      const failed = record.tests.filter((r: { status: string }) => r.status === "fail");
      assert.ok(failed.some((r: { name: string }) => r.name.startsWith("RES-005")));
      return new Set(record.tests.map((r: { server: string }) => r.server));
    };
    await t.step("NAME=TARGET", async () => {
      assert.deepEqual(
        await servers(`local=${commandLine(faultyArgv(["RES-005"]))}`),
        new Set(["local"]),
      );
    });
    await t.step("bare target", async () => {
      assert.deepEqual(await servers(commandLine(faultyArgv(["RES-005"]))), new Set(["server"]));
    });
    await t.step("NAME= without a target: exit 2", async () => {
      const run = await mcptest([...args, "--server", "local="], { cwd: dir });
      assert.equal(run.code, 2);
      assert.match(run.stderr, /invalid --server "local=": missing the target/);
    });
  });
});

Deno.test("mcptest conformance run --server takes NAME=TARGET as well as a bare target", async (t) => {
  await inTemp({}, async (dir) => {
    for (const [label, server] of [["NAME=TARGET", `items=${ITEMS}`], ["bare target", ITEMS]]) {
      await t.step(label!, async () => {
        const out = `${dir}/${label!.replace(/\W/g, "")}.json`;
        const run = await conformance([
          "run",
          "--server",
          server!,
          "--reporter",
          "json",
          "--out",
          out,
        ], {
          env: { XDG_CACHE_HOME: dir },
        });
        assert.equal(run.code, 0, run.stderr);
        const result = JSON.parse(await Deno.readTextFile(out));
        assert.match(result.server, /items_server\.ts/);
        assert.doesNotMatch(result.server, /items=/);
      });
    }
  });
});

Deno.test("mcptest doctor --server NAME=TARGET checks that server, declared or not", async (t) => {
  await inTemp({}, async (dir) => {
    await t.step("undeclared name in an empty folder: checked on its own", async () => {
      const run = await mcptest(["doctor", "--server", `items=${ITEMS}`, "--timeout", "120000"], {
        cwd: dir,
      });
      assert.equal(run.code, 0, run.stdout + run.stderr);
      assert.match(run.stdout, /^items .*items_server\.ts .*\(from cli flag\)/m);
      assert.match(run.stdout, /\[ OK \] initialize/);
    });
    await t.step("a target that cannot start fails its layer", async () => {
      const run = await mcptest(["doctor", "--server", "gone=/nonexistent/server"], { cwd: dir });
      assert.equal(run.code, 1, run.stdout + run.stderr);
      assert.match(run.stdout, /^gone /m);
    });
    await t.step("without NAME=: exit 2", async () => {
      const run = await mcptest(["doctor", "--server", "/nonexistent/server"], { cwd: dir });
      assert.equal(run.code, 2);
      assert.match(run.stderr, /missing "="; expected name=command\.\.\. or name=url/);
    });
  });
  const suite = `servers:\n${
    itemsServerYaml("items")
  }  other:\n    command: ["/nonexistent/other"]\n`;
  await inTemp({ "mcptest.yml": suite }, async (dir) => {
    await t.step("a declared name: its target overridden, with the other servers", async () => {
      const run = await mcptest([
        "doctor",
        "--server",
        `other=${ITEMS}`,
        "--server",
        `extra=${ITEMS}`,
        "--timeout",
        "120000",
      ], {
        cwd: dir,
      });
      assert.equal(run.code, 0, run.stdout + run.stderr);
      assert.match(run.stdout, /^other .*items_server\.ts .*\(from cli flag\)/m);
      assert.match(run.stdout, /^items .*items_server\.ts/m);
      assert.match(run.stdout, /^extra .*items_server\.ts .*\(from cli flag\)/m);
    });
  });
});

Deno.test("bare mcptest compliance runs the compliance: blocks of the project's suites", async (t) => {
  const files = {
    "tests/a.yml": complianceFile([]),
    "tests/b.yml": complianceFile(["RES-005"]),
  };
  await inTemp(files, async (dir) => {
    await t.step("every block of every suite file, exit 1 on a failed rule", async () => {
      const run = await mcptest(["compliance"], { cwd: dir });
      assert.equal(run.code, 1, run.stdout + run.stderr);
      assert.equal(run.stdout.match(/PASS\s+PROTO-002/g)?.length, 2, run.stdout);
      assert.match(run.stdout, /PASS\s+RES-005/);
      assert.match(run.stdout, /FAIL\s+RES-005/);
    });
    await t.step(
      "compliance run without --from-suite or --server is the same, with its flags",
      async () => {
        const run = await mcptest(["compliance", "run", "--reporter", "json"], { cwd: dir });
        assert.equal(run.code, 1, run.stderr);
        const record = JSON.parse(run.stdout);
        assert.deepEqual(record.files.toSorted(), ["tests/a.yml", "tests/b.yml"]);
        assert.equal(record.summary.failed, 1);
      },
    );
  });
  await inTemp({ "tests/a.yml": complianceFile([]) }, async (dir) => {
    await t.step("all pass: exit 0", async () => {
      const run = await mcptest(["compliance"], { cwd: dir });
      assert.equal(run.code, 0, run.stdout + run.stderr);
    });
  });
  await inTemp({}, async (dir) => {
    await t.step("no compliance: block: exit 2, says where it looked", async () => {
      const run = await mcptest(["compliance"], { cwd: dir });
      assert.equal(run.code, 2);
      assert.match(run.stderr, /no compliance: block in the project's suites/);
      assert.match(run.stderr, /looked for: mcptest\.yml/);
      assert.equal(run.stdout, "");
    });
    await t.step("an unknown subcommand is still an error", async () => {
      const run = await mcptest(["compliance", "rnu"], { cwd: dir });
      assert.equal(run.code, 2);
      assert.match(run.stderr, /unknown command 'rnu'/);
    });
  });
});

Deno.test("every command gives the same message and exit 2 for the same bad --server", async (t) => {
  const suite = `servers:\n${
    itemsServerYaml("local")
  }tools:\n  - { name: t, server: local, tool: echo }\n`;
  await inTemp({ "mcptest.yml": suite }, async (dir) => {
    const commands: Array<[string, (server: string) => string[]]> = [
      ["run", (server) => ["run", "--no-cache", "--server", server]],
      ["compliance run", (server) => ["compliance", "run", "--server", server]],
      ["conformance run", (server) => ["conformance", "run", "--server", server]],
      ["doctor", (server) => ["doctor", "--server", server]],
      ["init", (server) => ["init", "--server", server, "--dir", "out"]],
    ];
    const cases: Array<[string, string]> = [
      ["local=", "missing the target"],
      [`local=node "s.js`, "unterminated double quote"],
      ["local=http://", '"url" must be an absolute http:// or https:// URL, got "http://"'],
      ["=node s.js", "missing the server name"],
    ];
    for (const [value, why] of cases) {
      const line = `error: invalid --server ${
        JSON.stringify(value)
      }: ${why}; expected name=command... or name=url`;
      for (const [label, argv] of commands) {
        await t.step(`${label} --server ${value}`, async () => {
          const run = await mcptest(argv(value), { cwd: dir });
          assert.equal(run.code, 2, run.stderr);
          assert.ok(run.stderr.split("\n").includes(line), run.stderr);
          assert.equal(run.stdout, "");
        });
      }
    }
  });
});
