/** @module Walks docs/getting-started.md section 2 end to end: init, list, run, the two edits, a green run. */

import assert from "node:assert/strict";
import { mcptest, ROOT } from "../_helpers/cli.ts";

const DOC = `${ROOT}docs/getting-started.md`;

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

/** Split a shell command line into words (double quotes only, as the doc writes them). */
function words(line: string): string[] {
  return [...line.matchAll(/(?:"[^"]*"|[^\s"])+/g)].map((m) => m[0].replaceAll('"', ""));
}

Deno.test("docs/getting-started.md: from mcptest init --server to a green suite", async (t) => {
  const markdown = await Deno.readTextFile(DOC);
  const blocks = fences(markdown, "## 2. Start from your server");
  const shell = blocks.filter((b) => b.lang === "sh").map((b) => b.body.trim());
  const yaml = blocks.filter((b) => b.lang === "text").map((b) => b.body);
  const initLine = shell[0]?.split("\n").find((l) => l.startsWith("mcptest init"));
  assert.ok(initLine, "the section starts with mcptest init");
  assert.deepEqual(shell.slice(1), ["mcptest list", "mcptest run", "mcptest run"]);
  assert.equal(yaml.length, 2, "two edits");
  const root = await Deno.makeTempDir({ prefix: "mcptest-getting-started-" });
  // The doc runs in my-suite/ of a clone: ../examples/ is the repository's examples/.
  const dir = `${root}/my-suite`;
  await Deno.mkdir(dir);
  try {
    await t.step("mcptest init, as the doc writes it", async () => {
      const args = words(initLine).slice(1).map((w) =>
        w.replace("../examples/", `${ROOT}examples/`)
      );
      const run = await mcptest(args, { cwd: dir });
      assert.equal(run.code, 0, run.stderr);
      const shown = blocks.find((b) => b.lang === "" && b.body.includes("offers"))?.body;
      assert.equal(run.stdout, shown);
    });
    await t.step("mcptest list shows file:line, kind, name and server", async () => {
      const run = await mcptest(["list"], { cwd: dir });
      assert.equal(run.code, 0, run.stderr);
      // Every line the doc shows (but "...") is a line of the output, spacing aside.
      const squeeze = (line: string) => line.replace(/\s+/g, " ").trim();
      const actual = new Set(run.stdout.split("\n").map(squeeze));
      const shown = blocks.find((b) => b.lang === "" && b.body.includes("tests in 1 file"))?.body;
      const lines = (shown ?? "").split("\n").map(squeeze).filter((l) => l !== "" && l !== "...");
      assert.equal(lines.length, 3);
      for (const line of lines) assert.ok(actual.has(line), `${line}\n---\n${run.stdout}`);
    });
    await t.step("the first run: the two placeholders the doc names fail", async () => {
      const run = await mcptest(["run"], { cwd: dir });
      assert.equal(run.code, 1);
      assert.match(run.stdout, /FAIL {2}get_item answers[\s\S]*item 0 not found/);
      assert.match(run.stdout, /FAIL {2}fail answers/);
      assert.match(run.stdout, /11 passed, 2 failed/);
    });
    await t.step("the doc's two edits make it green", async () => {
      const file = `${dir}/tests/items.yml`;
      let text = await Deno.readTextFile(file);
      const getItem = / {4}tool: get_item\n {4}args:\n {6}id: [^\n]+\n/;
      assert.match(text, getItem);
      text = text.replace(getItem, yaml[0]!);
      assert.ok(text.includes("    tool: fail\n"));
      text = text.replace("    tool: fail\n", yaml[1]!);
      await Deno.writeTextFile(file, text);
      const run = await mcptest(["run"], { cwd: dir });
      assert.equal(run.code, 0, run.stdout + run.stderr);
      assert.match(run.stdout, /13 passed, 0 failed/);
    });
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
