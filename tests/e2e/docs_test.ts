import assert from "node:assert/strict";
import { parse } from "yaml";
import { structurallyContains } from "../../src/1_matchers/contains.ts";
import schema from "../../schemas/v1.json" with { type: "json" };
import { itemsServerArgv, mcptest, ROOT, startHttp } from "../_helpers/cli.ts";
import { CLI_PERMISSIONS, echoSuiteYaml } from "../_helpers/cli.ts";

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

/** docs/install.md and docs/ci.md: every shell line runs here, or says what it needs (`# needs: network|docker|github`) and is checked statically. */
const CI_DOCS = ["docs/install.md", "docs/ci.md"];
const NEEDS = /\s+#\s*needs:\s*(network|docker|github)\b.*$/;

/** The ```sh blocks of a markdown file: their lines (a trailing `\` joins the next), comment-only lines left out. */
function shellBlocks(file: string): { line: number; lines: string[] }[] {
  const text = Deno.readTextFileSync(`${ROOT}${file}`);
  return [...text.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => ({
    line: text.slice(0, m.index).split("\n").length + 1,
    lines: m[1]!.replace(/\\\n\s*/g, "").split("\n").map((l) => l.trim()).filter((l) =>
      l !== "" && !l.startsWith("#")
    ),
  }));
}

/** The flags of deno.json's `mcptest` task that decide what the program may do. */
function taskFlags(task: string): string[] {
  const tasks = JSON.parse(Deno.readTextFileSync(`${ROOT}deno.json`)).tasks;
  const command = typeof tasks[task] === "string" ? tasks[task] : tasks[task].command;
  return permissionWords(command);
}

function permissionWords(line: string): string[] {
  return line.split(/\s+/).filter((w) => /^--(allow|deny)-|^--v8-flags=|^-A$/.test(w)).sort();
}

/** A doc line as it runs here (null: checked statically only), or a problem. */
function asRunHere(
  raw: string,
  scratch: string,
  built: Set<string>,
): { run: string | null } | { problem: string } {
  const marked = NEEDS.test(raw);
  const line = raw.replace(NEEDS, "");
  const flagsOk = () =>
    permissionWords(line).join(" ") === taskFlags("mcptest").join(" ")
      ? null
      : { problem: `flags are not deno.json's mcptest task's: ${line}` };
  const install = `deno install -g --root ${scratch}/.install -f`;
  let m: RegExpExecArray | null;
  if ((m = /^deno run (.*?)jsr:@mcptest\/cli(?:@[\w.]+)? (.*)$/.exec(line))) {
    return flagsOk() ?? { run: `deno run --config ${ROOT}deno.json ${m[1]}${ROOT}mod.ts ${m[2]}` };
  }
  if ((m = /^deno install -g (.*?)jsr:@mcptest\/cli\/cli$/.exec(line))) {
    return flagsOk() ?? { run: `${install} --config ${ROOT}deno.json ${m[1]}${ROOT}cli.ts` };
  }
  if ((m = /^deno install -g (.*)--config deno\.json (.*) cli\.ts$/.exec(line))) {
    return flagsOk() ??
      { run: `${install} ${m[1]}--config ${ROOT}deno.json ${m[2]} ${ROOT}cli.ts` };
  }
  if (line === "deno task compile") {
    const tasks = JSON.parse(Deno.readTextFileSync(`${ROOT}deno.json`)).tasks;
    const compile = typeof tasks.compile === "string" ? tasks.compile : tasks.compile?.command;
    return /--output dist\/mcptest .*cli\.ts$/.test(compile ?? "")
      ? { run: null }
      : { problem: "deno.json's compile task does not build dist/mcptest from cli.ts" };
  }
  if ((m = /^\.\/dist\/mcptest (.*)$/.exec(line))) return { run: `mcptest ${m[1]}` };
  if ((m = /^docker build -t (\S+) \.$/.exec(line))) {
    built.add(m[1]!);
    return Deno.statSync(`${ROOT}Dockerfile`).isFile ? { run: null } : { problem: "no Dockerfile" };
  }
  const image = [...built].find((tag) =>
    line.startsWith("docker run ") && line.includes(` ${tag} `)
  );
  if (image) {
    const [options, args] = [
      line.slice(0, line.indexOf(` ${image} `)),
      line.slice(line.indexOf(` ${image} `) + image.length + 2),
    ];
    const dockerfile = Deno.readTextFileSync(`${ROOT}Dockerfile`);
    const workdir = [...dockerfile.matchAll(/^WORKDIR (\S+)$/gm)].at(-1)?.[1];
    return options.includes(`-v "$PWD:${workdir}"`)
      ? { run: `mcptest ${args}` }
      : { problem: `docker run does not mount the working directory on ${workdir}: ${line}` };
  }
  if (marked) return { problem: `no static check for: ${raw}` };
  return { run: line };
}

Deno.test("every command of docs/install.md and docs/ci.md runs here, or says what it needs and is checked statically", async (t) => {
  const names = ["north", "south", "east", "west", "up", "down", "left", "right", "centre"];
  const scratch = await Deno.makeTempDir({ prefix: "mcptest-docs-ci-" });
  const denoDir = Deno.execPath().slice(0, Deno.execPath().lastIndexOf("/"));
  try {
    await Deno.mkdir(`${scratch}/tests`);
    await Deno.mkdir(`${scratch}/.bin`);
    await Deno.writeTextFile(`${scratch}/tests/echo.yml`, echoSuiteYaml(names));
    // A clone's root as far as the doc lines go: examples/ and deno.json (a copy of the lock file,
    // so nothing writes to the repository's).
    await Deno.symlink(`${ROOT}examples`, `${scratch}/examples`);
    await Deno.symlink(`${ROOT}deno.json`, `${scratch}/deno.json`);
    await Deno.copyFile(`${ROOT}deno.lock`, `${scratch}/deno.lock`);
    const cli = [Deno.execPath(), "run", "--no-prompt", ...CLI_PERMISSIONS, `${ROOT}cli.ts`];
    await Deno.writeTextFile(
      `${scratch}/.bin/mcptest`,
      `#!/bin/sh\nexec ${cli.map((w) => `'${w}'`).join(" ")} "$@"\n`,
      { mode: 0o755 },
    );
    const built = new Set<string>();
    for (const file of CI_DOCS) {
      const blocks = shellBlocks(file);
      assert.ok(blocks.length > 0, `${file} has shell blocks`);
      for (const block of blocks) {
        await t.step(`${file}:${block.line}`, async () => {
          const lines = block.lines.map((l) => asRunHere(l, scratch, built));
          const problems = lines.flatMap((l) => "problem" in l ? [l.problem] : []);
          assert.deepEqual(problems, []);
          const script = lines.flatMap((l) => "run" in l && l.run !== null ? [l.run] : []);
          if (script.length === 0) return;
          const out = await runHere(script);
          assert.equal(out.code, 0, `${script.join("\n")}\n${out.log}`);
        });
      }
    }
    await t.step("a doc line with a flag mcptest does not have fails here", async () => {
      const out = await runHere(["mcptest run tests/ --shards 1/2"]);
      assert.equal(out.code, 2, out.log);
      assert.match(out.log, /unknown option '--shards'/);
    });
    await t.step("what the blocks wrote", async () => {
      const merged = JSON.parse(await Deno.readTextFile(`${scratch}/reports/run.json`));
      assert.equal(merged.summary.total, names.length, "the merged shards hold every test once");
      assert.match(await Deno.readTextFile(`${scratch}/step_summary.md`), /mcptest/);
      const badge = JSON.parse(await Deno.readTextFile(`${scratch}/reports/conformance.json`));
      assert.match(badge.badge, /^(T[123]|F)$/);
    });
  } finally {
    await Deno.remove(scratch, { recursive: true });
  }

  /** Run doc lines in bash -e in the scratch folder, `mcptest` being this checkout's CLI. */
  async function runHere(script: string[]): Promise<{ code: number; log: string }> {
    const out = await new Deno.Command("bash", {
      args: ["-e", "-o", "pipefail", "-c", script.join("\n")],
      cwd: scratch,
      clearEnv: true,
      env: {
        PATH: `${scratch}/.install/bin:${scratch}/.bin:${denoDir}:/usr/bin:/bin`,
        HOME: Deno.env.get("HOME") ?? scratch,
        ...(Deno.env.get("DENO_DIR") ? { DENO_DIR: Deno.env.get("DENO_DIR")! } : {}),
        NO_COLOR: "1",
        GITHUB_STEP_SUMMARY: `${scratch}/step_summary.md`,
      },
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    const decode = (b: Uint8Array) => new TextDecoder().decode(b);
    return { code: out.code, log: decode(out.stdout) + decode(out.stderr) };
  }
});

Deno.test("the install and CI docs' lines carry deno.json's version and the mcptest task's flags, and the checks reject a changed line", async (t) => {
  const version = JSON.parse(Deno.readTextFileSync(`${ROOT}deno.json`)).version;
  const problems = (text: string) => {
    const found: string[] = [];
    for (const m of text.matchAll(/jsr:@mcptest\/cli@([\w.]+)|mcptest\/mcptest@v([\w.]+)/g)) {
      if ((m[1] ?? m[2]) !== version) found.push(`${m[0]} is not deno.json's version ${version}`);
    }
    for (const m of text.matchAll(/^(deno (?:run|install) .*)$/gm)) {
      const line = m[1]!.replace(NEEDS, "");
      if (!/jsr:@mcptest|cli\.ts$/.test(line)) continue;
      if (permissionWords(line).join(" ") !== taskFlags("mcptest").join(" ")) {
        found.push(`not the mcptest task's flags: ${line}`);
      }
    }
    return found;
  };
  for (const file of [...CI_DOCS, "README.md"]) {
    await t.step(file, () => {
      assert.deepEqual(problems(Deno.readTextFileSync(`${ROOT}${file}`)), []);
    });
  }
  await t.step("a line with another V8 flag, or another version, is rejected", () => {
    const text = Deno.readTextFileSync(`${ROOT}docs/install.md`);
    assert.match(
      problems(text.replaceAll("--allow-read ", "--v8-flags=--max-semi-space-size=1 --allow-read "))
        .join("\n"),
      /not the mcptest task's flags/,
    );
    assert.match(
      problems(text.replace(`jsr:@mcptest/cli@${version}`, "jsr:@mcptest/cli@0.0.9")).join("\n"),
      /0\.0\.9 is not/,
    );
    assert.ok(
      "problem" in
        asRunHere(
          'docker run --rm -v "$PWD:/data" mcptest run tests/',
          "/tmp",
          new Set(["mcptest"]),
        ),
    );
    assert.ok(
      "problem" in
        asRunHere("curl https://example.invalid | sh  # needs: network", "/tmp", new Set()),
    );
  });
});
