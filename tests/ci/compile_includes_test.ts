/** @module Every module the CLI loads through a specifier `deno run` does not analyse (cli.ts's entry, src/8_cli's lazy actions) is embedded by the compile task's `--include`, so the binary has it; a new computed import, or an include left out, is rejected. */

import assert from "node:assert/strict";
import { includeFlags, ROOT, taskCommand } from "./_files.ts";

/** The places allowed to import a computed specifier, and the path each one loads from. */
const COMPUTED_SITES: Readonly<Record<string, string>> = {
  "cli.ts": "src/8_cli/main.ts",
  "src/8_cli/load_cli_module.ts": "src/8_cli",
};

/** An `import(` whose argument is not a string literal (type positions are never computed). */
const COMPUTED_IMPORT = /(?<!typeof )\bimport\((?!\s*["'`][^$]*?["'`]\s*\))/;

/** The `.ts` files under `dir` (relative to the root), recursively. */
function sourceFiles(dir: string): string[] {
  return [...Deno.readDirSync(`${ROOT}${dir}`)].flatMap((e) =>
    e.isDirectory
      ? sourceFiles(`${dir}/${e.name}`)
      : e.name.endsWith(".ts")
      ? [`${dir}/${e.name}`]
      : []
  );
}

/** What is wrong with `sources` (path -> text) against a compile line and src/8_cli's files. */
function includeProblems(
  compileLine: string,
  sources: ReadonlyMap<string, string>,
  cliFiles: readonly string[],
): string[] {
  const includes = includeFlags(compileLine);
  const embedded = (path: string) => includes.some((i) => path === i || path.startsWith(`${i}/`));
  const problems: string[] = [];
  for (const [path, text] of sources) {
    const computed = text.split("\n").some((l) =>
      !/^\s*(\/\/|\*)/.test(l) && COMPUTED_IMPORT.test(l)
    );
    if (!computed) continue;
    const target = COMPUTED_SITES[path];
    if (target === undefined) problems.push(`${path}: a computed import() not listed here`);
    else if (!embedded(target)) problems.push(`${path} loads ${target}, which no --include embeds`);
  }
  for (const [path, text] of sources) {
    for (const [, file] of text.matchAll(/loadCliModule<[^>]*>\(\s*"([^"]+)"/g)) {
      if (!cliFiles.includes(file!)) problems.push(`${path}: loadCliModule("${file}") is no file`);
    }
  }
  return problems;
}

const SOURCES = new Map(
  ["cli.ts", ...sourceFiles("src")].map((p) => [p, Deno.readTextFileSync(`${ROOT}${p}`)]),
);
const CLI_FILES = [...Deno.readDirSync(`${ROOT}src/8_cli`)].map((e) => e.name);
const COMPILE = taskCommand("compile");

Deno.test("every computed import of the CLI is embedded by the compile task's --include", async (t) => {
  await t.step("the sources and deno.json", () => {
    assert.deepEqual(includeProblems(COMPILE, SOURCES, CLI_FILES), []);
    assert.match(
      SOURCES.get("cli.ts")!,
      /new URL\("\.\/src\/8_cli\/main\.ts", import\.meta\.url\)/,
    );
    assert.ok(CLI_FILES.includes("main.ts"));
  });
  await t.step("a compile task without the --include is rejected", () => {
    const problems = includeProblems(
      COMPILE.replace("--include src/8_cli ", ""),
      SOURCES,
      CLI_FILES,
    );
    assert.match(problems.join("\n"), /cli\.ts loads src\/8_cli\/main\.ts, which no --include/);
  });
  await t.step("a computed import elsewhere is rejected", () => {
    const sources = new Map(SOURCES).set("src/x.ts", "const m = await import(name);\n");
    assert.match(
      includeProblems(COMPILE, sources, CLI_FILES).join("\n"),
      /src\/x\.ts: a computed import\(\) not listed/,
    );
  });
  await t.step("a lazy action that names no file is rejected", () => {
    const sources = new Map(SOURCES).set(
      "src/8_cli/y.ts",
      'await loadCliModule<typeof A>("nope_action.ts");\n',
    );
    assert.match(
      includeProblems(COMPILE, sources, CLI_FILES).join("\n"),
      /"nope_action\.ts"\) is no file/,
    );
  });
});
