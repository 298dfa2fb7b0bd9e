/** @module The README works as written: its from-clone install line gives a working command, `deno run <package>` runs the CLI, and the package holds only what a user needs. */

import assert from "node:assert/strict";
import { ROOT } from "../../_helpers/cli.ts";

const README = await Deno.readTextFile(`${ROOT}README.md`);
const DENO_DIR = Deno.execPath().slice(0, Deno.execPath().lastIndexOf("/"));

/** The README's shell lines that start with `prefix` (inside ```sh blocks). */
function readmeLines(prefix: string): string[] {
  const blocks = [...README.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1] ?? "");
  return blocks.flatMap((b) => b.split("\n")).map((l) => l.trim()).filter((l) =>
    l.startsWith(prefix)
  );
}

async function run(argv: string[], cwd: string, env: Record<string, string> = {}) {
  const [cmd, ...args] = argv;
  const out = await new Deno.Command(cmd!, {
    args,
    cwd,
    env: { NO_COLOR: "1", CI: "", GITHUB_ACTIONS: "", PATH: `${DENO_DIR}:/usr/bin:/bin`, ...env },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code: out.code, stdout: text(out.stdout), stderr: text(out.stderr) };
}

Deno.test("the README's from-clone deno install line gives a working mcptest command", async () => {
  const [line] = readmeLines("deno install -g").filter((l) => l.endsWith(" cli.ts"));
  assert.ok(line, "README has a from-clone `deno install -g ... cli.ts` line");
  const root = await Deno.makeTempDir({ prefix: "mcptest-install-" });
  try {
    // The README's words, with --root added so nothing lands in the real ~/.deno.
    const words = line.split(/\s+/);
    assert.equal(words[0], "deno");
    const argv = [Deno.execPath(), words[1]!, "--root", root, ...words.slice(2)];
    const install = await run(argv, ROOT);
    assert.equal(install.code, 0, install.stderr);
    const bin = `${root}/bin/mcptest`;
    const elsewhere = await Deno.makeTempDir();
    try {
      const help = await run([bin, "--help"], elsewhere);
      assert.equal(help.code, 0, help.stderr);
      assert.match(help.stdout, /^Usage: mcptest/m);
      const runHelp = await run([bin, "run", "--help"], elsewhere);
      assert.equal(runHelp.code, 0, runHelp.stderr);
      const version = await run([bin, "--version"], elsewhere);
      assert.equal(version.code, 0, version.stderr);
      assert.match(version.stdout, /^\d+\.\d+\.\d+\n$/);
    } finally {
      await Deno.remove(elsewhere, { recursive: true });
    }
    const suite = await run([bin, "run", "examples/getting-started.yml"], ROOT);
    assert.equal(suite.code, 0, suite.stdout + suite.stderr);
    assert.match(suite.stdout, /6 passed, 0 failed/);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("the package's main module is the CLI when run, a plain library when imported", async (t) => {
  const [line] = readmeLines("deno run ").filter((l) => / jsr:@mcptest\/cli /.test(l));
  assert.ok(line, "README shows `deno run <flags> jsr:@mcptest/cli ...`");
  // What `deno run jsr:@mcptest/cli` runs is the package's "." export: mod.ts.
  const exports = JSON.parse(await Deno.readTextFile(`${ROOT}deno.json`)).exports;
  assert.equal(exports["."], "./mod.ts");
  const words = line.split(/\s+/);
  const at = words.indexOf("jsr:@mcptest/cli");
  const local = [Deno.execPath(), ...words.slice(1, at), `${ROOT}mod.ts`];
  await t.step("--version and a suite, through mod.ts as the main module", async () => {
    const version = await run([...local, "--version"], ROOT);
    assert.equal(version.code, 0, version.stderr);
    assert.match(version.stdout, /^\d+\.\d+\.\d+\n$/);
    const suite = await run([...local, "run", "examples/getting-started.yml"], ROOT);
    assert.equal(suite.code, 0, suite.stdout + suite.stderr);
    assert.match(suite.stdout, /6 passed, 0 failed/);
  });
  await t.step("imported, mod.ts runs nothing and exits nothing", async () => {
    const dir = await Deno.makeTempDir({ dir: `${ROOT}tests/e2e/cli` });
    try {
      await Deno.writeTextFile(
        `${dir}/use.ts`,
        `import * as lib from "${ROOT}mod.ts";\nconsole.log("library", typeof lib.loadSuite, typeof lib.runSuite);\n`,
      );
      const used = await run([Deno.execPath(), "run", "-A", `${dir}/use.ts`, "--version"], ROOT);
      assert.equal(used.code, 0, used.stderr);
      assert.equal(used.stdout, "library function function\n");
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });
});

Deno.test("deno publish --dry-run lists only what a user needs", async () => {
  const out = await run([Deno.execPath(), "publish", "--dry-run", "--allow-dirty"], ROOT);
  assert.equal(out.code, 0, out.stderr);
  const files = [...(out.stdout + out.stderr).matchAll(/file:\/\/(\S+)/g)]
    .map((m) => (m[1] ?? "").slice(ROOT.length));
  assert.ok(files.length > 50, `a file list: ${files.length}`);
  for (
    const needed of ["mod.ts", "cli.ts", "README.md", "schemas/v1.json", "src/8_cli/program.ts"]
  ) {
    assert.ok(files.includes(needed), `${needed} is published`);
  }
  assert.ok(
    files.some((f) => f.startsWith("src/3_load/config/_generated/")),
    "generated validator",
  );
  const unwanted =
    /^(tests|tools|bench|examples|compliance|seps|dist|\.ci|\.mcptest)\/|^deno\.lock$|(^|\/)(fixtures|__snapshots__)\/|\.(png|jpe?g|gif|svg)$/;
  assert.deepEqual(files.filter((f) => unwanted.test(f)), []);
});
