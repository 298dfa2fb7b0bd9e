/** @module Test selection end to end (--shard, --filter, --last-failed) and colour only on a TTY. */

import assert from "node:assert/strict";
import {
  echoSuiteYaml,
  mcptest,
  mcptestArgv,
  ranTests,
  ROOT,
  tempProject,
} from "../_helpers/cli.ts";

Deno.test("--shard k/n splits the suite stably: union is everything, shards are disjoint, order does not matter", async () => {
  const names = Array.from({ length: 12 }, (_, i) => `t${i}`);
  const dir = await tempProject({
    "a.yml": echoSuiteYaml(names.slice(0, 6)),
    "b.yml": echoSuiteYaml(names.slice(6)),
  });
  try {
    const shards: string[][] = [];
    for (const k of [1, 2, 3]) {
      const run = await mcptest([
        "run",
        "a.yml",
        "b.yml",
        "--shard",
        `${k}/3`,
        "--pass-with-no-tests",
      ], {
        cwd: dir,
      });
      assert.equal(run.code, 0, run.stderr);
      shards.push(ranTests(run.stdout));
      const reversed = await mcptest(
        ["run", "b.yml", "a.yml", "--shard", `${k}/3`, "--pass-with-no-tests"],
        { cwd: dir },
      );
      assert.deepEqual(
        ranTests(reversed.stdout),
        shards[k - 1],
        "same tests whatever the order of the files",
      );
    }
    assert.deepEqual(shards.flat().sort(), [...names].sort());
    const bad = await mcptest(["run", "a.yml", "--shard", "4/3"], { cwd: dir });
    assert.equal(bad.code, 2, bad.stderr);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("--filter takes a substring or a /regex/; --last-failed reruns only the previous failures", async () => {
  const dir = await tempProject({ "s.yml": echoSuiteYaml(["alpha", "beta", "gamma"], ["beta"]) });
  try {
    const sub = await mcptest(["run", "s.yml", "--filter", "amm"], { cwd: dir });
    assert.deepEqual(ranTests(sub.stdout), ["gamma"]);
    const re = await mcptest(["run", "s.yml", "--filter", "/^(alpha|gamma)$/"], { cwd: dir });
    assert.deepEqual(ranTests(re.stdout), ["alpha", "gamma"]);
    const full = await mcptest(["run", "s.yml"], { cwd: dir });
    assert.equal(full.code, 1);
    const again = await mcptest(["run", "s.yml", "--last-failed"], { cwd: dir });
    assert.deepEqual(ranTests(again.stdout), ["beta"]);
    assert.equal(again.code, 1);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/** Run the CLI under a pseudo-terminal (util-linux `script`), so colour would be on by default. */
async function onTty(args: string, env: Record<string, string>): Promise<string> {
  const cli = [...mcptestArgv([]).map((a) => `'${a}'`), args].join(" ");
  const out = await new Deno.Command("script", {
    args: ["-qec", cli, "/dev/null"],
    cwd: ROOT,
    env: { CI: "", ...env },
    stdin: "null",
    stdout: "piped",
    stderr: "null",
  }).output();
  return new TextDecoder().decode(out.stdout);
}

/** Whether the text holds an SGR (colour/style) sequence; the progress line's erase is not one. */
function coloured(text: string): boolean {
  return text.split("\x1b").slice(1).some((part) => /^\[[0-9;]*m/.test(part));
}

Deno.test("colour only on a TTY, and never with NO_COLOR or --no-color", async () => {
  assert.equal(coloured(await onTty("run examples/migration.yml", { NO_COLOR: "" })), true);
  assert.equal(coloured(await onTty("run examples/migration.yml", { NO_COLOR: "1" })), false);
  assert.equal(
    coloured(await onTty("run examples/migration.yml --no-color", { NO_COLOR: "" })),
    false,
  );
  const piped = await mcptest(["run", "examples/migration.yml"], { env: { NO_COLOR: "" } });
  assert.equal(coloured(piped.stdout), false, "piped output is plain");
});
