/** @module The library examples (examples/library/*.ts) run as documented in docs/library.md. */

import assert from "node:assert/strict";
import { CLI_PERMISSIONS, ROOT } from "../_helpers/cli.ts";

/** What each example must print (and exit 0). Every examples/library/*.ts must be listed. */
const EXAMPLES: Record<string, RegExp[]> = {
  "run_suite.ts": [
    /^pass {2}add returns the sum as structured content$/m,
    /^6 passed, 0 failed, 0 errored$/m,
  ],
  "reporters.ts": [
    /^--- junit: \d+ lines$/m,
    /^TAP version 14\n1\.\.6$/m,
    /^record v1 \(this library writes v1\):\n6 of 6 passed$/m,
  ],
  "compliance.ts": [
    /^pass {2}PROTO-002 \(MUST\)$/m,
    /^negotiated 2025-11-25$/m,
    /^grade A, score 100$/m,
    /^delta 0, regressions \[\]$/m,
  ],
  "migration.ts": [/^-32002: fail\n-32602: pass\n-32601: skip$/m],
  "conformance.ts": [/^MUST (\d+)\/\1 {2}SHOULD (\d+)\/\2 {2}MAY/m, /^tier-1 \(T1\): /m],
};

/** Run one example from a scratch working directory (the examples must not depend on it). */
async function runExample(name: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const cwd = await Deno.makeTempDir({ prefix: "mcptest-library-" });
  try {
    const output = await new Deno.Command(Deno.execPath(), {
      args: ["run", "--no-prompt", ...CLI_PERMISSIONS, `${ROOT}examples/library/${name}`],
      cwd,
      env: { NO_COLOR: "1", CI: "", GITHUB_ACTIONS: "" },
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
      signal: AbortSignal.timeout(90_000),
    }).output();
    const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
    return { code: output.code, stdout: decode(output.stdout), stderr: decode(output.stderr) };
  } finally {
    await Deno.remove(cwd, { recursive: true });
  }
}

Deno.test("examples/library: every example is listed here and linked from docs/library.md", async () => {
  const files = [];
  for await (const entry of Deno.readDir(`${ROOT}examples/library`)) {
    if (entry.isFile && entry.name.endsWith(".ts")) files.push(entry.name);
  }
  assert.deepEqual(files.sort(), Object.keys(EXAMPLES).sort());
  const doc = await Deno.readTextFile(`${ROOT}docs/library.md`);
  const linked = [...doc.matchAll(/\(\.\.\/examples\/library\/([a-z_]+\.ts)\)/g)].map((m) => m[1]);
  assert.deepEqual([...new Set(linked)].sort(), files.sort());
});

Deno.test("examples/library/*.ts run against the bundled example server and print their results", async (t) => {
  for (const [name, patterns] of Object.entries(EXAMPLES)) {
    await t.step(name, async () => {
      const run = await runExample(name);
      assert.equal(run.code, 0, `${name} exited ${run.code}\n${run.stdout}\n${run.stderr}`);
      for (const pattern of patterns) assert.match(run.stdout, pattern);
    });
  }
});

/** The ```ts blocks of a markdown file, with their line numbers and common indentation removed. */
function tsBlocks(text: string): { line: number; text: string }[] {
  const lines = text.split("\n");
  const blocks: { line: number; text: string }[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]!.trim() !== "```ts") continue;
    const start = i + 1;
    while (++i < lines.length && lines[i]!.trim() !== "```");
    const body = lines.slice(start, i);
    const indent = Math.min(
      ...body.filter((l) => l.trim() !== "").map((l) => l.length - l.trimStart().length),
    );
    blocks.push({ line: start, text: body.map((l) => l.slice(indent)).join("\n") });
  }
  return blocks;
}

Deno.test("every ```ts block of README.md and docs/*.md quotes an examples/library/*.ts file run here", async () => {
  const sources = await Promise.all(
    Object.keys(EXAMPLES).map((name) => Deno.readTextFile(`${ROOT}examples/library/${name}`)),
  );
  const docs = ["README.md"];
  for await (const entry of Deno.readDir(`${ROOT}docs`)) {
    if (entry.isFile && entry.name.endsWith(".md")) docs.push(`docs/${entry.name}`);
  }
  let checked = 0;
  const orphans: string[] = [];
  for (const doc of docs.sort()) {
    for (const block of tsBlocks(await Deno.readTextFile(`${ROOT}${doc}`))) {
      checked++;
      if (!sources.some((source) => source.includes(block.text))) {
        orphans.push(`${doc}:${block.line}`);
      }
    }
  }
  assert.ok(checked >= 6, `expected the ts blocks of library.md and others, found ${checked}`);
  assert.deepEqual(orphans, [], "these ts blocks are not verbatim excerpts of a tested example");
});
