import assert from "node:assert/strict";
import fc from "fast-check";
import { fastParse } from "../../../src/0_base/yaml/fast_yaml.ts";
import {
  loadCarefulParser,
  parseCarefully,
  parseYaml,
} from "../../../src/0_base/yaml/yaml_source.ts";

// These documents are parsed directly (not through loadSuite, which loads it when needed).
await loadCarefulParser();

/** Every YAML file under examples/ and compliance/: real shapes, comments, flow and block styles. */
function samples(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of Deno.readDirSync(dir)) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory && path !== "examples/ci") walk(path);
      else if (/\.ya?ml$/.test(entry.name)) out.push(path);
    }
  };
  walk("examples"); // but examples/ci/: GitHub and GitLab workflows, never loaded by mcptest
  walk("compliance");
  return out;
}

Deno.test("fastParse() gives the careful parser's value and node positions on every example and corpus file", () => {
  for (const path of samples()) {
    const text = Deno.readTextFileSync(path);
    const fast = fastParse(text);
    assert.ok(fast, `${path} takes the fast path (anchors and merge keys too)`);
    const careful = parseCarefully(text, path);
    assert.deepEqual(fast.value, careful.value, path);
    const walk = (node: unknown, at: (string | number)[]) => {
      if (node === null || typeof node !== "object") return;
      const pos = fast.positionOf(node);
      const want = careful.positionOf(at);
      assert.deepEqual(pos, { line: want.line, col: want.col }, `${path} ${JSON.stringify(at)}`);
      for (const [key, child] of Object.entries(node)) {
        walk(child, [...at, Array.isArray(node) ? Number(key) : key]);
      }
    };
    walk(fast.value, []);
  }
});

Deno.test("fastParse() leaves invalid YAML to the careful parser, which reports the error", () => {
  assert.equal(fastParse("a: 1\na: 2\n"), undefined);
  assert.equal(fastParse("a: [1, 2\n"), undefined);
  assert.throws(() => parseYaml("a: 1\na: 2\n", "dup.yml"), /dup\.yml:2:1: invalid YAML/);
  assert.deepEqual(parseYaml("x: 2025-06-18\ny: yes\n", "t.yml").value, {
    x: "2025-06-18",
    y: "yes",
  });
});

/** fastParse's value and the position of each of its mappings and sequences equal the careful parser's. */
function assertSameAsCareful(text: string): void {
  const fast = fastParse(text);
  assert.ok(fast, text);
  const careful = parseCarefully(text, "t.yml");
  assert.deepEqual(fast.value, careful.value, text);
  const walk = (node: unknown, at: (string | number)[]) => {
    if (node === null || typeof node !== "object") return;
    const want = careful.positionOf(at);
    assert.deepEqual(fast.positionOf(node), { line: want.line, col: want.col }, `${text}\n${at}`);
    for (const [key, child] of Object.entries(node)) {
      walk(child, [...at, Array.isArray(node) ? Number(key) : key]);
    }
  };
  walk(fast.value, []);
}

/** Block documents with anchors (on the key's line or alone), tags, merges and aliases. */
const anchoredDocument = fc.record({
  bases: fc.array(
    fc.record({
      keys: fc.uniqueArray(fc.constantFrom("server", "tool", "name", "timeout_ms"), {
        minLength: 1,
      }),
      flow: fc.boolean(),
      props: fc.constantFrom("&b", "&b !!map", "!!map &b", "&b  # note"),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  uses: fc.array(
    fc.record({
      base: fc.nat(),
      how: fc.constantFrom("merge", "merge-list", "value", "flow-seq", "tagged-seq"),
      own: fc.boolean(),
    }),
    { maxLength: 6 },
  ),
}).map(({ bases, uses }) => {
  const lines: string[] = [];
  bases.forEach((base, k) => {
    const props = base.props.replace("&b", `&b${k}`);
    const pairs = base.keys.map((key) => `${key}: v${k}`);
    if (base.flow) lines.push(`x-b${k}: ${props.replace(/ *#.*/, "")} { ${pairs.join(", ")} }`);
    else lines.push(`x-b${k}: ${props}`, ...pairs.map((p) => `  ${p}`));
  });
  lines.push("tests:");
  if (uses.length === 0) lines.push("  []");
  uses.forEach((use, i) => {
    const b = `*b${use.base % bases.length}`;
    if (use.how === "merge") lines.push(`  - <<: ${b}`);
    else if (use.how === "merge-list") lines.push(`  - <<: [${b}]`);
    else if (use.how === "value") lines.push(`  - ref: ${b}`);
    else if (use.how === "flow-seq") lines.push(`  - refs: [${b}, ${b}]`);
    else lines.push(`  - refs: !!seq\n      - ${b}`);
    if (use.own) lines.push(`    name: t${i}`);
  });
  return lines.join("\n") + "\n";
});

Deno.test("fastParse() takes anchored, tagged and merged documents with the careful parser's value and positions", () => {
  fc.assert(fc.property(anchoredDocument, assertSameAsCareful), { numRuns: 300 });
  assertSameAsCareful(
    "a: !!map\n  k: 1\nb: !<tag:yaml.org,2002:seq> [1]\nc: &x\n  # why\n  d: [1]\ne: *x\n",
  );
});

Deno.test("fastParse() gives way on aliases the careful parser refuses, which reports where", () => {
  const bomb = ["l0: &l0 [x, x, x, x, x, x, x, x, x]"];
  for (let k = 1; k <= 9; k++) {
    bomb.push(`l${k}: &l${k} [${Array(9).fill(`*l${k - 1}`).join(", ")}]`);
  }
  const chain = ["a0: &a0 [x]"];
  for (let k = 1; k <= 300; k++) chain.push(`a${k}: &a${k} [*a${k - 1}]`);
  const refused = [
    ["a: &x [1, *x]\n", /t\.yml:1:11: invalid YAML: the alias \*x is inside the node &x/],
    [bomb.join("\n") + "\n", /t\.yml:10:10: invalid YAML: aliases expand the document/],
    [chain.join("\n") + "\n", /invalid YAML: aliases nest the document \d+ levels deep/],
  ] as const;
  for (const [text, error] of refused) {
    assert.equal(fastParse(text), undefined, text.slice(0, 40));
    assert.throws(() => parseYaml(text, "t.yml"), error);
  }
  // A property run into its node (js-yaml takes `&a[1]`, the careful parser not): it decides.
  assert.equal(fastParse("x: &a[1]\ny: *a\n"), undefined);
  assert.throws(() => parseYaml("x: &a[1]\n", "t.yml"), /t\.yml:1:6: invalid YAML/);
  assert.equal(fastParse("x: [&a{k: 1}, *a]\n"), undefined);
  assert.deepEqual(parseYaml("x: [&a{k: 1}, *a]\n", "t.yml").value, { x: [{ k: 1 }, { k: 1 }] });
  // Well within the limits: the fast path (nine levels fewer of the bomb, a short chain).
  assert.ok(fastParse(bomb.slice(0, 3).join("\n") + "\n"));
  assert.ok(fastParse(chain.slice(0, 100).join("\n") + "\n"));
});

Deno.test("parseYaml() answers every key and value position exactly as the careful parser does", () => {
  // Each sample as written and as saved on Windows (CRLF line ends): the same answers.
  const texts = samples().flatMap((path) => {
    const text = Deno.readTextFileSync(path);
    return [[path, text], [path, text.replaceAll("\n", "\r\n")]] as const;
  });
  for (const [path, text] of texts) {
    const quick = parseYaml(text, path);
    const careful = parseCarefully(text, path);
    assert.deepStrictEqual(quick.value, careful.value, path);
    const walk = (node: unknown, at: (string | number)[]) => {
      if (at.length > 0) {
        assert.deepEqual(
          quick.positionOf(at),
          careful.positionOf(at),
          `${path} ${JSON.stringify(at)}`,
        );
        if (typeof at.at(-1) === "string") {
          assert.deepEqual(
            quick.positionOf(at, "key"),
            careful.positionOf(at, "key"),
            `${path} key ${JSON.stringify(at)}`,
          );
        }
      }
      if (node === null || typeof node !== "object") return;
      for (const [key, child] of Object.entries(node)) {
        walk(child, [...at, Array.isArray(node) ? Number(key) : key]);
      }
    };
    walk(quick.value, []);
  }
});
