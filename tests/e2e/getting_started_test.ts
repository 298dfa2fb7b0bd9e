/**
 * @module Walks docs/getting-started.md section 2 end to end, from a clone-like folder (a copy of
 * the repository's root): every `sh` line runs exactly as written (bash, in that folder), the
 * outputs the doc shows are checked, the doc's two edits make the suite green.
 */

import assert from "node:assert/strict";
import { ROOT } from "../_helpers/cli.ts";

const DOC = `${ROOT}docs/getting-started.md`;
/** Root entries a clone has that the walkthrough does not need (or that this run must not touch). */
const SKIPPED = new Set([".git", "tests", "bench", "dist", "node_modules", ".mcptest"]);
/** Copied, not linked: `deno task` runs in the folder of deno.json, and may write the lock file. */
const COPIED = new Set(["deno.json", "deno.lock"]);

/** The fenced blocks of a markdown section, in order, with their language. */
function fences(markdown: string, heading: string): Array<{ lang: string; body: string }> {
  const start = markdown.indexOf(heading);
  assert.ok(start >= 0, `no section ${heading}`);
  const end = markdown.indexOf("\n## ", start + heading.length);
  const section = markdown.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/```(\w*)\n([\s\S]*?)```/g)].map((m) => ({
    lang: m[1] ?? "",
    body: m[2] ?? "",
  }));
}

/** A folder laid out like a clone's root: the repository's entries linked, deno.json copied. */
async function cloneLike(): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-getting-started-" });
  for (const entry of Deno.readDirSync(ROOT)) {
    if (SKIPPED.has(entry.name) || !/^[\w.-]+$/.test(entry.name)) continue;
    if (COPIED.has(entry.name)) await Deno.copyFile(`${ROOT}${entry.name}`, `${dir}/${entry.name}`);
    else if (entry.isDirectory || entry.name.endsWith(".ts")) {
      await Deno.symlink(`${ROOT}${entry.name}`, `${dir}/${entry.name}`);
    }
  }
  return dir;
}

/** Run one doc line, exactly as written, in bash in `cwd`. */
async function sh(
  line: string,
  cwd: string,
): Promise<{ code: number; stdout: string; log: string }> {
  const out = await new Deno.Command("bash", {
    args: ["-e", "-o", "pipefail", "-c", line],
    cwd,
    env: { NO_COLOR: "1", CI: "", GITHUB_ACTIONS: "" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decode = (b: Uint8Array) => new TextDecoder().decode(b);
  const stdout = decode(out.stdout);
  return { code: out.code, stdout, log: stdout + decode(out.stderr) };
}

Deno.test("docs/getting-started.md §2 runs as written from a clone: init, list, run, the two edits, green", async (t) => {
  const markdown = await Deno.readTextFile(DOC);
  const blocks = fences(markdown, "## 2. Start from your server");
  const shell = blocks.filter((b) => b.lang === "sh").map((b) => b.body.trim());
  const shown = blocks.filter((b) => b.lang === "").map((b) => b.body);
  const edits = blocks.filter((b) => b.lang === "text").map((b) => b.body);
  assert.equal(shell.length, 4, "init, list, run, run");
  assert.equal(edits.length, 2, "two edits");
  for (const line of shell) assert.ok(!line.includes("\n"), `one command a block: ${line}`);
  const clone = await cloneLike();
  const suite = `${clone}/my-suite`;
  try {
    await t.step(shell[0]!, async () => {
      const run = await sh(shell[0]!, clone);
      assert.equal(run.code, 0, run.log);
      assert.equal(run.stdout, shown[0]);
      // Everything lands in my-suite/, nothing in the clone's root.
      const written = [...Deno.readDirSync(suite)].map((e) => e.name).sort();
      assert.deepEqual(written, [".gitignore", "mcptest.schema.json", "mcptest.yml", "tests"]);
      for (const name of ["mcptest.yml", "tests", "mcptest.schema.json", ".gitignore"]) {
        await assert.rejects(Deno.lstat(`${clone}/${name}`), Deno.errors.NotFound, name);
      }
    });
    await t.step(shell[1]!, async () => {
      const run = await sh(shell[1]!, clone);
      assert.equal(run.code, 0, run.log);
      // Every line the doc shows (but "...") is a line of the output, spacing aside.
      const squeeze = (line: string) => line.replace(/\s+/g, " ").trim();
      const actual = new Set(run.stdout.split("\n").map(squeeze));
      const lines = shown[1]!.split("\n").map(squeeze).filter((l) => l !== "" && l !== "...");
      assert.equal(lines.length, 3);
      for (const line of lines) assert.ok(actual.has(line), `${line}\n---\n${run.stdout}`);
    });
    await t.step(`${shell[2]!} (the two placeholders the doc names fail)`, async () => {
      const run = await sh(shell[2]!, clone);
      assert.equal(run.code, 1, run.log);
      assert.match(run.stdout, /FAIL {2}get_item answers[\s\S]*item 0 not found/);
      assert.match(run.stdout, /FAIL {2}fail answers/);
      assert.match(run.stdout, /11 passed, 2 failed/);
    });
    await t.step(`the doc's two edits, then ${shell[3]!}: green`, async () => {
      const file = `${suite}/tests/items.yml`;
      let text = await Deno.readTextFile(file);
      const getItem = / {4}tool: get_item\n {4}args:\n {6}id: [^\n]+\n/;
      assert.match(text, getItem);
      text = text.replace(getItem, edits[0]!);
      assert.ok(text.includes("    tool: fail\n"));
      text = text.replace("    tool: fail\n", edits[1]!);
      await Deno.writeTextFile(file, text);
      const run = await sh(shell[3]!, clone);
      assert.equal(run.code, 0, run.log);
      assert.match(run.stdout, /13 passed, 0 failed/);
    });
  } finally {
    await Deno.remove(clone, { recursive: true });
  }
});
