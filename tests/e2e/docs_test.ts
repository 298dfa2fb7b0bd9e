import assert from "node:assert/strict";
import { parse } from "yaml";
import { structurallyContains } from "../../src/1_matchers/contains.ts";
import schema from "../../schemas/v1.json" with { type: "json" };
import { itemsServerArgv, mcptest, ROOT, startHttp } from "../_helpers/cli.ts";

/** Every file a doc snippet may quote: examples, the SEP corpus, the compliance corpus. */
function sources(): { file: string; value: unknown }[] {
  const out: { file: string; value: unknown }[] = [];
  const walk = (dir: string) => {
    for (const entry of Deno.readDirSync(`${ROOT}${dir}`)) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory) walk(path);
      else if (/\.ya?ml$/.test(entry.name)) {
        out.push({ file: path, value: parse(Deno.readTextFileSync(`${ROOT}${path}`)) });
      }
    }
  };
  for (const dir of ["examples", "seps", "compliance"]) walk(dir);
  return out;
}

/** Whether `snippet` is structurally contained in `tree` or in any node below it. */
function containedSomewhere(tree: unknown, snippet: unknown): boolean {
  if (structurallyContains(tree, snippet)) return true;
  if (tree !== null && typeof tree === "object") {
    return Object.values(tree as Record<string, unknown>).some((child) =>
      containedSomewhere(child, snippet)
    );
  }
  return false;
}

/** The ```yaml blocks of a markdown file, with their line numbers. */
function yamlBlocks(file: string): { line: number; text: string }[] {
  const lines = Deno.readTextFileSync(`${ROOT}${file}`).split("\n");
  const blocks: { line: number; text: string }[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]!.trim() !== "```yaml") continue;
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

function markdownFiles(): string[] {
  const docs = [...Deno.readDirSync(`${ROOT}docs`)].filter((e) => e.name.endsWith(".md")).map((e) =>
    `docs/${e.name}`
  );
  return ["README.md", "examples/migration-doctor/README.md", ...docs].sort();
}

Deno.test("every ```yaml block of the docs is quoted from a file under examples/, seps/ or compliance/", () => {
  const files = sources();
  const orphans: string[] = [];
  for (const doc of markdownFiles()) {
    for (const block of yamlBlocks(doc)) {
      const snippet = parse(block.text);
      if (!files.some((f) => containedSomewhere(f.value, snippet))) {
        orphans.push(`${doc}:${block.line}`);
      }
    }
  }
  assert.deepEqual(
    orphans,
    [],
    "these doc snippets match no example file: make them quotes of one",
  );
});

Deno.test("docs/yaml-reference.md names every key of schemas/v1.json", () => {
  const reference = Deno.readTextFileSync(`${ROOT}docs/yaml-reference.md`);
  const keys = new Set<string>(Object.keys(schema.properties));
  for (const def of Object.values(schema.$defs) as { properties?: Record<string, unknown> }[]) {
    for (const key of Object.keys(def.properties ?? {})) keys.add(key);
  }
  const missing = [...keys].filter((key) => !reference.includes(`\`${key}`));
  assert.deepEqual(missing, []);
});

Deno.test("docs/cli.md documents every option of mcptest run", async () => {
  const help = await mcptest(["run", "--help"]);
  const flags = [...help.stdout.matchAll(/^\s+(?:-\w, )?(--[\w-]+)/gm)].map((m) => m[1]!).filter((
    f,
  ) => f !== "--help");
  const cli = Deno.readTextFileSync(`${ROOT}docs/cli.md`);
  assert.ok(flags.length > 10);
  assert.deepEqual(flags.filter((flag) => !cli.includes(flag)), []);
});

Deno.test("examples/reference-http.yml passes against the example server over HTTP", async () => {
  const http = await startHttp(itemsServerArgv("--http", "--port", "0"));
  try {
    const run = await mcptest([
      "run",
      "examples/reference-http.yml",
      "--var",
      `items_url=${http.url}`,
    ], {
      env: { REFERENCE_TOKEN: "doc-token" },
    });
    assert.equal(run.code, 0, run.stdout + run.stderr);
  } finally {
    await http.stop();
  }
});
