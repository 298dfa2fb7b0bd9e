/** @module Every module the CLI loads through a specifier `deno run` does not analyse (cli.ts's entry, src/8_cli's lazy actions, `importLater`) is embedded by the compile task's `--include`, so the binary has it; a new computed import, an include left out, or a lazy path that names no file is rejected. */

import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { includeFlags, ROOT, sourceFiles, taskCommand } from "./_files.ts";

/** The places allowed to import a computed specifier, and the path each one loads from. */
const COMPUTED_SITES: Readonly<Record<string, string>> = {
  "cli.ts": "src/8_cli/main.ts",
  "src/0_base/util/import_later.ts": "src",
};

/** An `import(` whose argument is not a string literal (type positions are never computed). */
const COMPUTED_IMPORT = /(?<!typeof )\bimport\((?!\s*["'`][^$]*?["'`]\s*\))/;

/** A call of importLater: the path of its type, and the path it imports. */
const LATER_CALL =
  /importLater<\s*typeof import\("([^"]+)"\)\s*>\(\s*import\.meta\.url,\s*"([^"]+)"\s*,?\s*\)/g;

/** Whether `path` is a file. */
function isFile(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
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
    // importLater<typeof import("./x.ts")>(import.meta.url, "./x.ts"): the path names a source
    // file (or a generated .js module under src/), and the same one as the type it claims.
    for (const [, typed, file] of text.matchAll(LATER_CALL)) {
      const target = join(dirname(path), file!);
      if (!sources.has(target) && !(target.endsWith(".js") && isFile(`${ROOT}${target}`))) {
        problems.push(`${path}: importLater("${file}") is no file`);
      }
      if (typed !== file) problems.push(`${path}: importLater("${file}") is typed as ${typed}`);
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
      COMPILE.replace("--include src ", ""),
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
  await t.step(
    "an importLater path that names no file, or not the file of its type, is rejected",
    () => {
      const sources = new Map(SOURCES).set(
        "src/6_report/z.ts",
        'await importLater<typeof import("./nope.ts")>(import.meta.url, "./nope.ts");\n' +
          'await importLater<typeof import("./nope.js")>(import.meta.url, "./nope.js");\n' +
          'await importLater<typeof import("./json.ts")>(import.meta.url, "./tap.ts");\n',
      );
      const problems = includeProblems(COMPILE, sources, CLI_FILES).join("\n");
      assert.match(problems, /z\.ts: importLater\("\.\/nope\.ts"\) is no file/);
      assert.match(problems, /z\.ts: importLater\("\.\/nope\.js"\) is no file/);
      assert.match(problems, /z\.ts: importLater\("\.\/tap\.ts"\) is typed as \.\/json\.ts/);
    },
  );
  await t.step("every importLater call of the sources is seen (none escapes the pattern)", () => {
    const calls = [...SOURCES.values()].reduce(
      // loadCliModule forwards its own type (`importLater<T>`): its names are checked above.
      (n, text) => n + (text.match(/(?<!function )importLater<(?!T>)/g)?.length ?? 0),
      0,
    );
    const seen = [...SOURCES.values()].reduce(
      (n, text) => n + [...text.matchAll(LATER_CALL)].length,
      0,
    );
    assert.ok(calls > 30, `${calls} importLater calls`);
    assert.equal(seen, calls);
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
