/** @module The load memo (src/5_execute/cache/load_memo.ts): a kept suite is served only while every input of its load is unchanged, is never written when it holds a secret, and never served when its seal does not verify. */

import assert from "node:assert/strict";
import { join } from "node:path";
import type { LoadObserver, LoadOptions } from "../../../src/3_load/config/load_suite.ts";
import { loadSuiteObserved } from "../../../src/3_load/config/load_suite.ts";
import {
  type Derivation,
  KEEP_MEMOS,
  LOADS_DIR,
  loadSuiteMemo,
} from "../../../src/5_execute/cache/load_memo.ts";
import type { Suite } from "../../../src/3_load/config/types.ts";
import { keepNewest } from "../../../src/5_execute/cache/load_memo_files.ts";

const SECRET = "b".repeat(64);

/** A test file with `count` tests on one stdio server (never started: only loaded). */
function suiteText(count: number, extra = ""): string {
  const lines = ["servers:", "  srv:", '    command: ["true"]', extra, "tools:"];
  for (let i = 0; i < count; i++) {
    lines.push(
      `  - name: t${i}`,
      "    server: srv",
      "    tool: echo",
      '    args: { text: "${greeting} ' + i + '" }',
      "    expect:",
      "      - target: result.content[0].text",
      `        matcher: { contains: "${i}" }`,
    );
  }
  return lines.join("\n") + "\n";
}

const VARIABLES = "variables:\n  greeting: hello";

/** A project folder with `tests/a.yml`, and a memo whose loads are counted. */
async function project(text = suiteText(2, VARIABLES)) {
  const cwd = await Deno.makeTempDir({ prefix: "mcptest-load-memo-" });
  await Deno.mkdir(join(cwd, "tests"));
  await Deno.writeTextFile(join(cwd, "tests", "a.yml"), text);
  let loads = 0;
  const memo = {
    enabled: true,
    toolVersion: "test",
    secret: SECRET,
    load: (options: LoadOptions, observer?: LoadObserver) => {
      loads++;
      return loadSuiteObserved(options, observer);
    },
  };
  const options: LoadOptions = { paths: ["tests"], cwd };
  return {
    cwd,
    memo,
    options,
    get loads() {
      return loads;
    },
    load: async (more: Partial<LoadOptions> = {}, secret = SECRET) =>
      (await loadSuiteMemo({ ...options, ...more }, { ...memo, secret })).suite,
    memoFiles: async () => {
      const dir = join(cwd, ".mcptest", "cache", LOADS_DIR);
      const names: string[] = [];
      try {
        for await (const e of Deno.readDir(dir)) if (e.name.endsWith(".json")) names.push(e.name);
      } catch { /* none yet */ }
      return names.map((name) => join(dir, name));
    },
    [Symbol.asyncDispose]: () => Deno.remove(cwd, { recursive: true }),
  };
}

Deno.test("a second load of unchanged files is the kept suite, equal to a fresh load", async () => {
  await using p = await project();
  const first = await p.load();
  const second = await p.load();
  assert.equal(p.loads, 1, "the second load is served from the memo");
  assert.deepEqual(second, first);
  assert.deepEqual(second, await loadSuiteObserved(p.options));
  assert.equal((await p.memoFiles()).length, 1);
});

Deno.test("a suite of many chunks comes back whole, in order", async () => {
  await using p = await project(suiteText(1201, VARIABLES));
  const first = await p.load();
  const second = await p.load();
  assert.equal(p.loads, 1);
  assert.equal(second.tests.length, 1201);
  assert.deepEqual(second, first);
});

Deno.test("lines longer than the writer's buffer (large tests) come back whole, in order", async () => {
  // 50 tests of 4,000-character arguments: lines of about 200 KB, each written alone, between
  // lines that go through the buffer (the head, the short last chunk).
  const long = "x".repeat(4000);
  await using p = await project(suiteText(120, VARIABLES).replaceAll("${greeting} ", `${long} `));
  const first = await p.load();
  const [memo] = await p.memoFiles();
  const sizes = (await Deno.readTextFile(memo!)).split("\n").map((line) => line.length);
  assert.ok(sizes.some((n) => n > 200_000) && sizes.some((n) => n < 100_000), `${sizes}`);
  const second = await p.load();
  assert.equal(p.loads, 1);
  assert.equal(second.tests.length, 120);
  assert.deepEqual(second, first);
});

Deno.test("a changed byte in a test file is a new load, with the change", async () => {
  await using p = await project();
  await p.load();
  await Deno.writeTextFile(join(p.cwd, "tests", "a.yml"), suiteText(3, VARIABLES));
  const changed = await p.load();
  assert.equal(p.loads, 2);
  assert.equal(changed.tests.length, 3);
  await p.load();
  assert.equal(p.loads, 2, "the new suite is kept in turn");
});

Deno.test("a test file added to a walked folder is a new load", async () => {
  await using p = await project();
  await p.load();
  await Deno.writeTextFile(join(p.cwd, "tests", "b.yml"), suiteText(1, VARIABLES));
  const grown = await p.load();
  assert.equal(p.loads, 2);
  assert.equal(grown.tests.length, 3);
});

Deno.test("an env file or a variable of the environment that would shadow a file's variable is a new load", async () => {
  await using p = await project();
  await p.load();
  await Deno.writeTextFile(join(p.cwd, ".env"), "greeting=hi\n");
  assert.equal((await p.load()).tests[0]!.call.kind, "tool");
  assert.equal(p.loads, 2, "a new .env file");
  assert.equal((await p.memoFiles()).length, 1, "a value from an env file is never kept");
  await Deno.remove(join(p.cwd, ".env"));
  await p.load();
  assert.equal(p.loads, 2, ".env gone again: the first memo holds once more");
  Deno.env.set("greeting", "hey");
  try {
    const shadowed = await p.load();
    assert.equal(p.loads, 3, "the environment now defines greeting");
    assert.deepEqual((shadowed.tests[0]!.call as { args: unknown }).args, { text: "hey 0" });
  } finally {
    Deno.env.delete("greeting");
  }
});

Deno.test("a suite that takes a value from the environment or holds a secret is never kept", async () => {
  const name = `MCPTEST_MEMO_TEST_${crypto.randomUUID().replaceAll("-", "_")}`;
  Deno.env.set(name, "s3cr3t-value-1234");
  try {
    for (
      const extra of [
        `variables:\n  greeting: "\${${name}}"`,
        `    headers:\n      Authorization_Env: ${name}\nvariables:\n  greeting: hello`,
      ]
    ) {
      await using p = await project(
        suiteText(1, extra).replace('command: ["true"]', 'url: "http://127.0.0.1:9/mcp"'),
      );
      await p.load();
      await p.load();
      assert.equal(p.loads, 2, `loaded every time: ${extra}`);
      assert.deepEqual(await p.memoFiles(), []);
    }
  } finally {
    Deno.env.delete(name);
  }
});

Deno.test("a memo changed by one byte, or sealed under another secret, is a miss", async () => {
  await using p = await project();
  await p.load();
  const [file] = await p.memoFiles();
  const bytes = await Deno.readFile(file!);
  const at = new TextDecoder().decode(bytes).indexOf('"t1"') + 2;
  bytes[at] = "2".charCodeAt(0); // rename test t1 to t2 inside the kept suite
  await Deno.writeFile(file!, bytes);
  const loaded = await p.load();
  assert.equal(p.loads, 2);
  assert.equal(loaded.tests[1]!.name, "t1");
  await p.load({}, "c".repeat(64));
  assert.equal(p.loads, 3, "another machine's secret");
});

Deno.test("disabled, or with an injected reader or environment, nothing is kept", async () => {
  await using p = await project();
  await loadSuiteMemo(p.options, { ...p.memo, enabled: false });
  await p.load({ env: {} });
  await p.load({ readTextFile: (path) => Deno.readTextFile(path).catch(() => undefined) });
  assert.equal(p.loads, 3);
  assert.deepEqual(await p.memoFiles(), []);
});

Deno.test("another command line (paths, --var) is its own memo", async () => {
  await using p = await project();
  await p.load();
  await p.load({ paths: ["tests/a.yml"] });
  assert.equal(p.loads, 2);
  await p.load({ vars: ["greeting=yo"] });
  assert.equal(p.loads, 3, "a --var value is never kept (and its line is another memo)");
  await p.load({ vars: ["greeting=yo"] });
  assert.equal(p.loads, 4);
  await p.load();
  assert.equal(p.loads, 4, "the first command line's memo still serves");
});

Deno.test("the memo folder keeps the newest memos only", async () => {
  const dir = await Deno.makeTempDir();
  try {
    for (let i = 0; i < KEEP_MEMOS + 3; i++) {
      const path = join(dir, `m${i}.json`);
      await Deno.writeTextFile(path, "{}");
      await Deno.utime(path, 1000 + i, 1000 + i);
    }
    await Deno.writeTextFile(join(dir, "other.txt"), "");
    await keepNewest(dir, KEEP_MEMOS);
    const left = [...Deno.readDirSync(dir)].map((e) => e.name).sort();
    assert.equal(left.length, KEEP_MEMOS + 1);
    assert.ok(left.includes("other.txt") && left.includes(`m${KEEP_MEMOS + 2}.json`));
    assert.ok(!left.includes("m0.json") && !left.includes("m2.json"));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/** A derivation that reads `inputs` (absent files read as undefined) and counts its runs. */
function countingDerivation(inputs: readonly string[]) {
  const counter = {
    computed: 0,
    hashed: 0,
    derive: {
      compute: async (suite: Suite, read: (path: string) => Promise<string | undefined>) => {
        counter.computed++;
        const texts = await Promise.all(inputs.map((path) => read(path)));
        return { tests: suite.tests.length, texts: texts.map((t) => t ?? null) };
      },
      read: async (path: string) => {
        try {
          return await Deno.readTextFile(path);
        } catch (error) {
          if (error instanceof Deno.errors.NotFound) return undefined;
          throw error;
        }
      },
      hash: (text: string) => {
        counter.hashed++;
        return Promise.resolve(`len:${text.length}:${text}`);
      },
    } satisfies Derivation<unknown>,
  };
  return counter;
}

Deno.test("what is derived is kept with the suite and served while the files it read hash the same", async () => {
  await using p = await project();
  const input = join(p.cwd, "tests", "recorded.json");
  await Deno.writeTextFile(input, "one");
  const counter = countingDerivation([input, join(p.cwd, "absent.json")]);
  const load = () => loadSuiteMemo(p.options, { ...p.memo, derive: counter.derive });
  const first = await load();
  assert.deepEqual(first.derived, { tests: 2, texts: ["one", null] });
  const second = await load();
  assert.equal(counter.computed, 1, "served from the memo");
  assert.equal(p.loads, 1);
  assert.deepEqual(second, first);
  await Deno.writeTextFile(input, "two");
  assert.deepEqual((await load()).derived, { tests: 2, texts: ["two", null] });
  assert.equal(counter.computed, 2, "a changed input is derived again");
  await Deno.writeTextFile(join(p.cwd, "absent.json"), "now");
  assert.deepEqual((await load()).derived, { tests: 2, texts: ["two", "now"] });
  assert.equal(counter.computed, 3, "an absent input that appears is derived again");
  await load();
  assert.equal(counter.computed, 3);
});

Deno.test("a memo kept without a derivation is not served to a load that asks for one", async () => {
  await using p = await project();
  await p.load();
  const counter = countingDerivation([]);
  const loaded = await loadSuiteMemo(p.options, { ...p.memo, derive: counter.derive });
  assert.equal(counter.computed, 1);
  assert.deepEqual(loaded.derived, { tests: 2, texts: [] });
  assert.equal((await p.memoFiles()).length, 2);
});

Deno.test("a derivation that met an unreadable file, or gave no plain data, is not kept", async () => {
  await using p = await project();
  const folder = join(p.cwd, "a-folder"); // reading a folder fails (not NotFound)
  await Deno.mkdir(folder);
  const counter = countingDerivation([folder]);
  const failing = {
    ...counter.derive,
    compute: (suite: Suite, read: (path: string) => Promise<string | undefined>) =>
      counter.derive.compute(suite, (path) => read(path).catch(() => "unreadable")),
  };
  await loadSuiteMemo(p.options, { ...p.memo, derive: failing });
  await loadSuiteMemo(p.options, { ...p.memo, derive: failing });
  assert.equal(counter.computed, 2);
  assert.equal(p.loads, 2);
  assert.deepEqual(await p.memoFiles(), []);
  const notPlain = {
    ...countingDerivation([]).derive,
    compute: () => Promise.resolve({ x: undefined }),
  };
  await loadSuiteMemo(p.options, { ...p.memo, derive: notPlain });
  assert.deepEqual(await p.memoFiles(), []);
});

Deno.test("disabled, the derivation runs on every load, reading through its reader, hashing nothing", async () => {
  await using p = await project();
  const input = join(p.cwd, "recorded.json");
  await Deno.writeTextFile(input, "text");
  const counter = countingDerivation([input]);
  for (let i = 0; i < 2; i++) {
    const loaded = await loadSuiteMemo(p.options, {
      ...p.memo,
      enabled: false,
      derive: counter.derive,
    });
    assert.deepEqual(loaded.derived, { tests: 2, texts: ["text"] });
  }
  assert.equal(counter.computed, 2);
  assert.equal(counter.hashed, 0, "nothing is kept: no file is hashed");
  assert.deepEqual(await p.memoFiles(), []);
});
