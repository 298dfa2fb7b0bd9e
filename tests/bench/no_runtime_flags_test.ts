import assert from "node:assert/strict";

const ROOT = new URL("../../", import.meta.url).pathname;

/** Every file that holds a command line people or machines run mcptest with. */
function commandFiles(): string[] {
  const docs = [...Deno.readDirSync(`${ROOT}docs`)].filter((e) => e.name.endsWith(".md"))
    .map((e) => `docs/${e.name}`);
  const ci = [...Deno.readDirSync(`${ROOT}examples/ci`)].map((e) => `examples/ci/${e.name}`);
  return ["README.md", "cli.ts", "deno.json", "Dockerfile", "action.yml", ...docs, ...ci];
}

/** The `deno run|install|compile` lines of `text` that pass a V8 flag. */
function flaggedLines(text: string): string[] {
  return text.split("\n").filter((line) =>
    /\bdeno (run|install|compile)\b/.test(line) && /--v8-flags\b/.test(line)
  );
}

Deno.test("no install line, task, shebang, image or action passes a runtime flag", () => {
  const found = commandFiles().flatMap((file) =>
    flaggedLines(Deno.readTextFileSync(`${ROOT}${file}`)).map((line) => `${file}: ${line}`)
  );
  assert.deepEqual(found, []);
  assert.deepEqual(
    flaggedLines("deno run --v8-flags=--max-semi-space-size=1 -A cli.ts"),
    ["deno run --v8-flags=--max-semi-space-size=1 -A cli.ts"],
  );
  assert.match(Deno.readTextFileSync(`${ROOT}cli.ts`).split("\n")[0]!, /^#!.*deno run --allow/);
});
