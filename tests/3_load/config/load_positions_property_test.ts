/**
 * Property: the fast YAML path (js-yaml plus lazy positions) reports every load error at the same
 * `file:line:col`, with the same message, as the careful parser (the `yaml` package's full
 * positions), on random valid and invalid suites in the shape people write (block YAML, `server:`
 * on every test). A trailing `x-` key whose anchor runs into its node (`&c{`, which the fast path
 * leaves to the careful parser) forces the careful path on the same text.
 */

import assert from "node:assert/strict";
import fc from "fast-check";
import { loadSuite } from "../../../src/3_load/config/load_suite.ts";
import { ConfigErrors } from "../../../src/0_base/errors/errors.ts";
import { fastParse } from "../../../src/0_base/yaml/fast_yaml.ts";
import {
  loadCarefulParser,
  parseCarefully,
  parseYaml,
} from "../../../src/0_base/yaml/yaml_source.ts";

/** Mostly `valid` (written as people write it), sometimes one of the broken forms. */
function field(valid: readonly string[], broken: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...valid), weight: 40 },
    { arbitrary: fc.constantFrom(...broken), weight: 1 },
  );
}

/** One test of the generated suite: each field may be valid or broken. */
const testArb = fc.record({
  name: field(["t{i}", '"quoted {i}"', "'single {i}'"], ["dup", '""', "[x]"]),
  server: field(["items", "other", '"items"', "items # c"], ["itemz", "", "[items]", "{ a: 1 }"]),
  tool: field(["echo", "'echo'"], ["", "{ x: 1 }", "3"]),
  argsStyle: field(["block", "flow", "none"], ["scalar"]),
  target: field(["result.content[0].text", "'result.isError'"], ["result..x", "", "[a]"]),
  matcher: field(
    [
      "matcher:\n          contains-all:\n            - hello",
      "matcher: { contains-all: [hello] }",
      "matcher: { exact: hello }",
    ],
    ["matcher:\n          no-such-matcher: 1", "matcher:", "matcher: 3"],
  ),
  extraKey: field(["", "    timeout_ms: 5"], ["    unknown_key: 1", "    timeout_ms: -5"]),
  comment: fc.constantFrom("", "    # a comment", "\t# tab"),
  /** Merge `x-base` (an anchored mapping) into the test: anchored suites take the fast path too. */
  merge: fc.boolean(),
});

type GenTest = typeof testArb extends fc.Arbitrary<infer T> ? T : never;

function render(tests: readonly GenTest[], topExtra: string): string {
  const lines = [
    "servers:",
    "  items:",
    '    command: ["deno", "run", "server.ts"]',
    "  other:",
    "    url: http://127.0.0.1:1/mcp",
    topExtra,
    ...(tests.some((t) => t.merge) ? ["x-base: &base", "  timeout_ms: 5"] : []),
    "tools:",
  ];
  for (const [i, t] of tests.entries()) {
    lines.push(
      `  - name: ${t.name.replace("{i}", String(i))}`,
      ...(t.merge ? ["    <<: *base"] : []),
      `    server: ${t.server}`,
      `    tool: ${t.tool}`,
    );
    if (t.comment !== "") lines.push(t.comment);
    if (t.argsStyle === "block") lines.push("    args:", "      text: hello");
    if (t.argsStyle === "flow") lines.push("    args: { text: hello }");
    if (t.argsStyle === "scalar") lines.push("    args: hello");
    lines.push("    expect:", `      - target: ${t.target}`, `        ${t.matcher}`);
    if (t.extraKey !== "") lines.push(t.extraKey);
  }
  return lines.filter((l) => l !== "").join("\n") + "\n";
}

/** The messages (each with its `file:line:col`) of loading `text` as the one test file in `dir`. */
async function loadErrors(dir: string, text: string): Promise<string[]> {
  await Deno.writeTextFile(`${dir}/suite.yml`, text);
  try {
    await loadSuite({ paths: ["suite.yml"], cwd: dir, env: {} });
    return [];
  } catch (error) {
    if (error instanceof ConfigErrors) return error.errors.map((e) => e.message);
    throw error;
  }
}

/** How lines end: as on Unix, or as a file saved on Windows has them. */
const LINE_END = fc.constantFrom("\n", "\r\n");

/** An ignored `x-` key the fast path leaves to the careful parser (an anchor run into its node). */
const FORCE_CAREFUL = "x-careful: [&c{k: 1}]\n";

Deno.test("the suffix the property adds makes the fast path give way", async () => {
  await loadCarefulParser();
  assert.equal(fastParse(`a: 1\n${FORCE_CAREFUL}`), undefined);
  assert.deepEqual(parseYaml(`a: 1\n${FORCE_CAREFUL}`, "t.yml").value, {
    a: 1,
    "x-careful": [{ k: 1 }],
  });
});

Deno.test("property: every load error has the careful parser's position and message", async () => {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-positions-" });
  const topExtra = field(["", "x-note: 5"], ["unknown_top: 1", "suites: []"]);
  let failing = 0;
  try {
    await fc.assert(
      fc.asyncProperty(
        fc.array(testArb, { minLength: 1, maxLength: 6 }),
        topExtra,
        LINE_END,
        async (t, x, eol) => {
          const text = render(t, x).replaceAll("\n", eol);
          // The same document plus a trailing `x-` key (ignored) that forces the careful path.
          const careful = `${text}${FORCE_CAREFUL.replaceAll("\n", eol)}`;
          const fast = await loadErrors(dir, text);
          if (fast.length > 0) failing++;
          assert.deepEqual(fast, await loadErrors(dir, careful), text);
        },
      ),
      { numRuns: 150 },
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
  // The generator must reach both sides: suites with errors and valid ones.
  assert.ok(failing > 20 && failing < 150, `${failing} of 150 generated suites had errors`);
});

Deno.test("property: parseYaml() answers every key and value path as parseCarefully() does", () => {
  fc.assert(
    fc.property(fc.array(testArb, { minLength: 1, maxLength: 4 }), LINE_END, (t, eol) => {
      const text = render(t, "").replaceAll("\n", eol);
      let careful;
      try {
        careful = parseCarefully(text, "s.yml");
      } catch {
        assert.throws(() => parseYaml(text, "s.yml"));
        return;
      }
      const quick = parseYaml(text, "s.yml");
      const walk = (node: unknown, at: (string | number)[]) => {
        assert.deepEqual(quick.positionOf(at), careful.positionOf(at), `${text}\n${at}`);
        assert.deepEqual(quick.positionOf(at, "key"), careful.positionOf(at, "key"), `${at}`);
        if (node === null || typeof node !== "object") return;
        for (const [key, child] of Object.entries(node)) {
          walk(child, [...at, Array.isArray(node) ? Number(key) : key]);
        }
        // A path one step past the node: the deepest node found.
        assert.deepEqual(quick.positionOf([...at, "zz"]), careful.positionOf([...at, "zz"]));
      };
      walk(quick.value, []);
    }),
    { numRuns: 200 },
  );
});
