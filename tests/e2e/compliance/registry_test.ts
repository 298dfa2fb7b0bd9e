/** `compliance run --registry FILE` and `compliance diff` over corpus folders (seed 000's `--registry` and `load_dir`). */

import assert from "node:assert/strict";
import { itemsServerArgv, mcptest, ROOT } from "../../_helpers/cli.ts";

/** A corpus folder: the shipped registry and, of v2025-11-25, only the given rule files. */
async function corpusDir(files: string[]): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "mcptest_corpus_" });
  await Deno.copyFile(`${ROOT}compliance/registry.yml`, `${dir}/registry.yml`);
  await Deno.mkdir(`${dir}/v2025-11-25`);
  for (const file of files) {
    await Deno.copyFile(`${ROOT}compliance/v2025-11-25/${file}`, `${dir}/v2025-11-25/${file}`);
  }
  return dir;
}

const SERVER = itemsServerArgv().map((a) => JSON.stringify(a)).join(" ");

Deno.test("compliance run --registry runs the rules of that corpus, validated like the embedded one", async () => {
  const dir = await corpusDir(["proto.yml"]);
  try {
    const args = ["compliance", "run", "--server", SERVER, "--target-version", "v2025-11-25"];
    const out = await mcptest([...args, "--registry", `${dir}/registry.yml`, "--reporter", "json"]);
    const record = JSON.parse(out.stdout);
    const names: string[] = record.tests.map((t: { name: string }) => t.name);
    assert.ok(names.length > 0, out.stderr);
    assert.deepEqual(names.filter((n) => !n.startsWith("PROTO-")), [], "only the folder's rules");
    const shipped = JSON.parse((await mcptest([...args, "--reporter", "json"])).stdout);
    assert.ok(shipped.tests.length > names.length, "without --registry: the embedded corpus");

    const suite = await mcptest([
      "compliance",
      "run",
      "--from-suite",
      "examples/compliance.yml",
      "--registry",
      `${dir}/registry.yml`,
    ]);
    assert.equal(suite.code, 2, suite.stderr);
    assert.match(suite.stderr, /^error: --registry needs --server/);

    // A rule the registry does not know: refused before any server starts, at file:line:col.
    await Deno.writeTextFile(
      `${dir}/v2025-11-25/proto.yml`,
      "  - id: PROTO-999\n    probe:\n      kind: handshake\n",
      { append: true },
    );
    const bad = await mcptest([...args, "--registry", `${dir}/registry.yml`]);
    assert.equal(bad.code, 2, bad.stderr);
    assert.match(bad.stderr, /^error: .*v2025-11-25[\\/]proto\.yml:\d+:\d+: .*PROTO-999/m);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("compliance diff takes a corpus folder on either side", async () => {
  const dir = await corpusDir(["proto.yml", "tool.yml"]);
  try {
    const same = await mcptest([
      "compliance",
      "diff",
      "--format",
      "json",
      "v2025-11-25",
      `${dir}/v2025-11-25`,
    ]);
    assert.equal(same.code, 0, same.stderr);
    const diff = JSON.parse(same.stdout);
    assert.equal(diff.summary.changed, 0);
    assert.ok(diff.summary.removed > 0, "the folder holds fewer rules than the shipped revision");
    const folderFirst = await mcptest(["compliance", "diff", `${dir}/v2025-11-25`, "v2026-07-28"]);
    assert.match(folderFirst.stdout, /^compliance diff v2025-11-25 -> v2026-07-28/m);
    await Deno.writeTextFile(`${dir}/v2025-11-25/proto.yml`, "rules: 3\n");
    const bad = await mcptest(["compliance", "diff", "v2025-11-25", `${dir}/v2025-11-25`]);
    assert.equal(bad.code, 2, bad.stderr);
    assert.match(bad.stderr, /^error: .*proto\.yml:1:1: a corpus file needs a rules: list/m);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
