import assert from "node:assert/strict";
import fc from "fast-check";
// @ts-types="@types/js-yaml"
import { dump, load } from "js-yaml";
import { blockParse } from "../../../src/0_base/yaml/block_yaml.ts";
import { type FastDocument, fastParse, PLACE_LINE } from "../../../src/0_base/yaml/fast_yaml.ts";
import { SCHEMA } from "../../../src/0_base/yaml/yaml_schema.ts";
import { loadCarefulParser, parseCarefully } from "../../../src/0_base/yaml/yaml_source.ts";
import { readAliases } from "../../../src/0_base/yaml/alias_expansion.ts";
import { expansionLimit } from "../../../src/0_base/yaml/alias_limits.ts";
import { MAX_NESTING } from "../../../src/0_base/util/nesting.ts";
import { parseDocument } from "yaml";

await loadCarefulParser();
import { shapeText } from "../../../bench/shapes.ts";

/**
 * Where the block parser answers, it answers what the js-yaml path does: the same value (key order
 * and prototypes included) and the same position for every mapping and sequence.
 */
function assertSameAsJsYaml(text: string, block: FastDocument): void {
  let value: unknown;
  try {
    value = load(text, { schema: SCHEMA }) ?? null;
  } catch (error) {
    assert.fail(`js-yaml refuses what the block parser took (${error}):\n${text}`);
  }
  assert.deepStrictEqual(block.value, value, text);
  // Positions: the js-yaml path's where it answers (it leaves text that looks anchored to the
  // careful parser), else the careful parser's.
  const fast = fastParse(text);
  const careful = fast === undefined ? parseCarefully(text, "t.yml") : undefined;
  const walk = (mine: unknown, theirs: unknown, path: (string | number)[]) => {
    if (mine === null || typeof mine !== "object") return;
    const want = fast !== undefined
      ? fast.positionOf(theirs as object)
      : (({ line, col }) => ({ line, col }))(careful!.positionOf(path));
    assert.deepStrictEqual(block.positionOf(mine), want, `${JSON.stringify(path)} of:\n${text}`);
    assert.deepStrictEqual(Object.keys(mine), Object.keys(theirs as object), text);
    for (const key of Object.keys(mine)) {
      walk(
        (mine as Record<string, unknown>)[key],
        (theirs as Record<string, unknown>)[key],
        [...path, Array.isArray(mine) ? Number(key) : key],
      );
    }
  };
  walk(block.value, fast?.value ?? value, []);
  assert.equal(block.lineCount, text.split("\n").length);
}

/** Scalars as people write them, and the corners of plain-scalar resolution and quoting. */
const SCALARS = [
  "a",
  "b c",
  "hello 1",
  "result.content[0].text",
  "http://x.test/a?b=c#d",
  "1",
  "-1",
  "+1",
  "0",
  "007",
  "0x1F",
  "0o17",
  "0b101",
  "1_000",
  "1.5",
  "-.5",
  "1e3",
  ".inf",
  "-.Inf",
  ".nan",
  "true",
  "False",
  "TRUE",
  "yes",
  "on",
  "null",
  "Null",
  "~",
  "2025-06-18",
  "a:b",
  "a: b",
  "a:",
  "a #b",
  "a#b",
  "#x",
  "-",
  "- a",
  "-a",
  "?",
  "?a",
  "? a",
  ":",
  ":a",
  "'q'",
  "'it''s'",
  "''",
  '""',
  '"dq"',
  '"e\\n\\t\\u0041\\x41\\"\\\\\\/ \\U0001F600"',
  '"bad\\q"',
  '"\\U00110000"',
  '"\\x4"',
  "'open",
  '"open',
  "'a'#c",
  "'a' #c",
  '"a"b',
  "[a, b]",
  "[a,b]",
  "[ ]",
  "[]",
  "{}",
  "{ }",
  "{a: 1}",
  "{a:1}",
  '{"a":1}',
  "{'a': x}",
  "{a: [1, {b: c}]}",
  "[a: b]",
  "[a, , b]",
  "[a, b,]",
  "{a: 1,}",
  "{a}",
  "{a: }",
  "{a: 1, a: 2}",
  "{?a: 1}",
  "{<<: {a: 1}}",
  "{__proto__: 1}",
  "{? a: 1}",
  "{a: , b: 1}",
  "[a, [b, [c]]]",
  "[a b, 'c d', \"e\"]",
  "[a #b]",
  "[a]#b",
  "[a] #b",
  "[a",
  "&x a",
  "*x",
  "!t a",
  "|",
  ">",
  "%x",
  "@x",
  "`x",
  "a, b",
  "a]",
  "a}",
  "<<",
  "x # c",
  "é ü",
  "\u{1F600}",
  "a\\b",
  "a  ",
  "a\u00a0",
];

const KEYS = [
  "a",
  "b",
  "name",
  "x y",
  "1",
  "0x10",
  "1.0",
  "true",
  "~",
  "null",
  '"q k"',
  "'s k'",
  '"a"',
  "'a'",
  '"e\\u0062"',
  "<<",
  "__proto__",
  "constructor",
  "-k",
  "?k",
  "k[0]",
  "k,1",
  "a#b",
  "a #b",
  "a b ",
  "[a]",
  "{a}",
  "&k a",
  "!t k",
  "? k",
  "é",
];

/** Scalars and keys inside the subset: most of a generated document, so that most are answered. */
const SAFE_SCALARS = [
  "a",
  "b c",
  "hello 1",
  "result.content[0].text",
  "1",
  "-1",
  "0x1F",
  "1.5",
  "true",
  "null",
  "~",
  "2025-06-18",
  "a:b",
  "a#b",
  "-a",
  "'it''s'",
  '"e\\n\\u0041"',
  "[a, b]",
  "{a: 1}",
  '{"a":1}',
  "[]",
  "{}",
  "x # c",
];
const SAFE_KEYS = ["a", "b", "name", "x y", "1", "true", "~", '"q k"', "'s k'", "-k", "k[0]"];

const scalar = fc.oneof(
  { arbitrary: fc.constantFrom(...SAFE_SCALARS), weight: 6 },
  { arbitrary: fc.constantFrom(...SCALARS), weight: 1 },
);
const key = fc.oneof(
  { arbitrary: fc.constantFrom(...SAFE_KEYS), weight: 8 },
  { arbitrary: fc.constantFrom(...KEYS), weight: 1 },
);
const gap = fc.constantFrom("", "", "", " ", "  ", "  # note", " #", "#x");

/** Flow collections over several lines (the lines after the first are indented by the generator). */
const MULTILINE_FLOWS = [
  ["[", "  a,", "  b,", "]"],
  ["[", "  a,", "  'b c'", "  ]"],
  ["{", "  a: 1,", "  b: [x, y],  # note", "}"],
  ["[a,", "   b]"],
  ["[", "a]"],
  ["[ # c", "  a, # d", "  b ]"],
  ["{a: [", "    1,", "    2", "  ],", "  b: c}"],
  ["[", "  a", "  b]"],
  ["[", '  "a', '  b"]'],
  ["[", "", "  a]"],
  ["[", "  - a]"],
  ["[", "  a,", "", "  # a comment line", "  b]"],
  ["{a: 1,", "}"],
  ["[a, b", "]  # done"],
  ["[a,", "  ,b]"],
  ["{", "  a:", "    1}"],
  ["[", "---]"],
  ["[a]", "  b"],
  ["[a,#c", "  b]"],
  ['["a"#c', "  ]"],
  ["[a #b", "  ]"],
  ["{a: b", "  c: d}"],
  ["[a", "  , b]"],
  ["[a", "  # c", "  ]"],
  ["[a", "", "  ]"],
  ["{a: b", "", "  }"],
  ["{a: [b", " ], c: d}"],
];
const multiline = fc.tuple(
  fc.constantFrom(...MULTILINE_FLOWS),
  fc.constantFrom("", " ", "  ", "    "),
).map(([lines, indent]) => [lines[0]!, ...lines.slice(1).map((line) => indent + line)]);

/** A block scalar (literal or folded): its header, then its lines (indented two more than the entry). */
const literal = fc.tuple(
  fc.constantFrom(
    "|",
    "|",
    "|-",
    "|+",
    "| # c",
    "|-  # c",
    "|2",
    "|+1",
    ">",
    ">",
    ">-",
    ">+",
    "> # c",
    ">2",
    "|x",
    "|#c",
    "|+-",
  ),
  fc.array(
    fc.constantFrom(
      "text",
      "two words",
      "  more indented",
      "",
      "",
      "   ",
      "      ",
      "# not a comment",
      "key: value",
      "- item",
      "x #y",
      "'q' \"d\"",
      "<",
    ),
    { maxLength: 5 },
  ),
).map(([header, lines]) => [header, ...lines.map((line) => line === "<" ? "-< dedented" : line)]);

/** An entry's value: a scalar, a nested node (its lines), a flow collection over lines, a literal. */
type EntryValue = { s: string } | { n: string[] } | { m: string[] } | { b: string[] };

/** A literal's lines under an entry: two more spaces, a dedented one (`-<`) at the entry's column. */
function literalLines(body: readonly string[]): string[] {
  return body.map((line) => line.startsWith("-<") ? line.slice(3) : line === "" ? "" : `  ${line}`);
}

/** A block document built the way suites are written, with tokens from the lists above. */
const blockDocument: fc.Arbitrary<string> = fc.letrec<{ node: string[] }>((tie) => {
  const entryValue: fc.Arbitrary<EntryValue> = fc.oneof(
    scalar.map((s) => ({ s })),
    tie("node").map((n) => ({ n })),
    multiline.map((m) => ({ m })),
    literal.map((b) => ({ b })),
  );
  return {
    node: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      // A mapping: `key: scalar`, or `key:` then a nested node, indented or (a sequence) aligned.
      fc.array(fc.tuple(key, entryValue, gap, fc.boolean()), { minLength: 1, maxLength: 4 }).map((
        entries,
      ) =>
        entries.flatMap(([k, value, tail, align]) => {
          if ("s" in value) return [`${k}: ${value.s}${tail}`];
          if ("m" in value) return [`${k}: ${value.m[0]}`, ...value.m.slice(1)];
          if ("b" in value) return [`${k}: ${value.b[0]}`, ...literalLines(value.b.slice(1))];
          const aligned = align && value.n[0]?.startsWith("-");
          return [`${k}:${tail}`, ...value.n.map((line) => (aligned ? line : `  ${line}`))];
        })
      ),
      // A sequence: `- scalar`, `- key: scalar` (a compact mapping), or `-` then a nested node.
      fc.array(fc.tuple(entryValue, gap, fc.boolean()), { minLength: 1, maxLength: 4 }).map((
        items,
      ) =>
        items.flatMap(([value, tail, compact]) => {
          if ("s" in value) return [`- ${value.s}${tail}`];
          if ("m" in value) return [`- ${value.m[0]}`, ...value.m.slice(1)];
          if ("b" in value) return [`- ${value.b[0]}`, ...literalLines(value.b.slice(1))];
          const [first, ...rest] = value.n;
          if (compact && first !== undefined && !first.startsWith("-")) {
            return [`- ${first}`, ...rest.map((line) => `  ${line}`)];
          }
          return [`-${tail}`, ...value.n.map((line) => `  ${line}`)];
        })
      ),
    ),
  };
}).node.map((lines) => lines.join("\n") + "\n");

/** A document spliced with the lines and characters that break the subset's rules. */
const damagedDocument = fc.tuple(
  blockDocument,
  fc.array(
    fc.tuple(
      fc.nat(),
      fc.constantFrom(
        "  extra: 1",
        "   odd: 2",
        "    deeper",
        "- item",
        "  - item",
        "---",
        "...",
        "%YAML 1.2",
        "# comment",
        "",
        "\t",
        "a: |",
        "  block",
        "key: 'multi",
        "  line'",
        "k: [1,",
        "  2]",
        "a: 1\r",
        "? complex",
        ": value",
        "\ufeffa: 1",
        "x: \u0001",
        "- - a",
      ),
    ),
    { maxLength: 3 },
  ),
).map(([text, splices]) => {
  const lines = text.split("\n");
  for (const [at, line] of splices) lines.splice(at % (lines.length + 1), 0, line);
  return lines.join("\n");
});

/**
 * blockParse() against js-yaml on generated `texts`: where it answers, the same; and it answers at
 * least `share` of them (a parser that always gave way would pass the comparison and prove nothing).
 */
function agreesWithJsYaml(texts: fc.Arbitrary<string>, share: number): void {
  let answered = 0, total = 0;
  fc.assert(
    fc.property(texts, (text) => {
      total++;
      const block = blockParse(text);
      if (block === undefined) return;
      answered++;
      assertSameAsJsYaml(text, block);
    }),
    { numRuns: 1500 },
  );
  assert.ok(answered >= total * share, `answered ${answered} of ${total}`);
}

Deno.test("blockParse() answers exactly what js-yaml does on generated block documents", () => {
  // The generator mostly writes valid YAML in the subset.
  agreesWithJsYaml(blockDocument, 1 / 4);
});

Deno.test("blockParse() reads long plain scalars (native search) as js-yaml does, comments and colons included", () => {
  // Long enough for the native search (past 64 characters), with the characters that end one.
  const token = fc.constantFrom(
    "word",
    " ",
    ":",
    "#",
    " #x",
    ": y",
    "a:b",
    "-",
    "'",
    "x".repeat(40),
  );
  const long = fc.array(token, { minLength: 1, maxLength: 12 }).map((parts) =>
    "v" + "a".repeat(70) + parts.join("")
  );
  let answered = 0;
  fc.assert(
    fc.property(fc.array(long, { minLength: 1, maxLength: 3 }), (values) => {
      const text = values.map((v, i) => `k${i}: ${v}`).join("\n") + "\n";
      const block = blockParse(text);
      if (block === undefined) return;
      answered++;
      assertSameAsJsYaml(text, block);
    }),
    { numRuns: 1000 },
  );
  assert.ok(answered > 100, `answered ${answered} of 1000`);
});

Deno.test("blockParse() never answers where js-yaml refuses or reads differently (damaged documents)", () => {
  agreesWithJsYaml(damagedDocument, 0);
});

Deno.test("blockParse() reads what js-yaml writes, in block and flow styles", () => {
  const plainJson = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: "small" },
      fc.oneof(
        fc.string(),
        // Several lines: js-yaml writes them as literal block scalars (`|`, `|-`, `|+`, `|2`).
        fc.array(fc.constantFrom("a", "b c", "", "  d", "#e", "f: g", "- h"), {
          minLength: 2,
          maxLength: 5,
        }).map((lines) => lines.join("\n")),
        fc.constantFrom(...SCALARS),
        fc.integer(),
        fc.double(),
        fc.boolean(),
        fc.constant(null),
      ),
      fc.array(tie("value"), { maxLength: 4 }),
      fc.dictionary(fc.oneof(fc.string(), fc.constantFrom(...KEYS)), tie("value"), { maxKeys: 4 }),
    ),
  })).value;
  const options = fc.record({
    indent: fc.integer({ min: 1, max: 4 }),
    noArrayIndent: fc.boolean(),
    flowLevel: fc.integer({ min: -1, max: 3 }),
    forceQuotes: fc.boolean(),
    quotingType: fc.constantFrom("'" as const, '"' as const),
    lineWidth: fc.constantFrom(-1, 20, 80),
  });
  agreesWithJsYaml(fc.tuple(plainJson, options).map(([value, opts]) => dump(value, opts)), 1 / 4);
  // JSON (a suite written as JSON): one root flow collection, its lines at any column.
  const json = fc.tuple(
    fc.oneof(fc.array(plainJson), fc.dictionary(fc.string(), plainJson)),
    fc.constantFrom(0, 1, 2, 4),
  );
  agreesWithJsYaml(
    json.map(([value, indent]) => JSON.stringify(value, null, indent) + "\n"),
    1 / 2,
  );
});

Deno.test("blockParse() takes the shapes suites are written in", () => {
  for (const shape of ["user", "flow"] as const) {
    const text = shapeText(["deno", "run", "server.ts"], shape, 1, 20);
    const block = blockParse(text);
    assert.ok(block, `the ${shape} shape takes the block path`);
    assertSameAsJsYaml(text, block);
  }
  const written = [
    "# a suite",
    "servers:",
    "  items: { command: [deno, run, 'x.ts'], env: { TOKEN_Env: \"T\" } }",
    "tools:",
    '- name: "quoted \\"name\\""   # a comment',
    "  tool: echo",
    "  args:",
    "    text: it's 1:1 here",
    "    n: 0x10",
    "    empty:",
    "  expect:",
    "  - target: result.content[0].text",
    "    matcher: { equals: 'it''s' }",
    "",
    "- name: second",
    "  tool: echo",
    "  args: {}",
    "  expect: []",
  ].join("\n");
  const block = blockParse(written);
  assert.ok(block);
  assertSameAsJsYaml(written, block);
  assert.deepStrictEqual((block.value as { tools: unknown[] }).tools[0], {
    name: 'quoted "name"',
    tool: "echo",
    args: { text: "it's 1:1 here", n: 16, empty: null },
    expect: [{ target: "result.content[0].text", matcher: { equals: "it's" } }],
  });
});

Deno.test("blockParse() reads a repeated plain value as written, and values that share a remembered slot each as written", () => {
  // `items`, `itxms`, `itwms`: the same length and ends (one slot of the parser's memory of values).
  const text = [
    "a: [items, items, itxms, itemz, items, 10, 10, 1e1, true, True, ~, null, '10']",
    "b:",
    "  - result.content[0].text",
    "  - result.content[0].text",
    "  - result.content[9].text",
    "  - items",
    "  - itwms",
    "  - items   # a comment",
    "c: items",
  ].join("\n");
  const block = blockParse(text);
  assert.ok(block);
  assertSameAsJsYaml(text, block);
  assert.deepStrictEqual(block.value, {
    a: ["items", "items", "itxms", "itemz", "items", 10, 10, 10, true, true, null, null, "10"],
    b: [
      "result.content[0].text",
      "result.content[0].text",
      "result.content[9].text",
      "items",
      "itwms",
      "items",
    ],
    c: "items",
  });
});

Deno.test("blockParse() gives way to js-yaml outside its subset", () => {
  const outside = [
    // Anchors and aliases outside the subset: in a flow collection, on a key or the root, an
    // anchor named twice, an alias before (or inside) its anchor's node, an odd name, a merge key
    // naming no mapping or written twice.
    "a: &x {b: 1}\nc: [*x]\n",
    "- &a key: v\n",
    "&x a: 1\n",
    "a: &x 1\nb: &x 2\n",
    "a: *x\n",
    "a: &x\n  b: *x\n",
    "a: &x. 1\nb: *x.\n",
    "a: &x 1\nb: *x c\n",
    "a: &x [1]\nb:\n  <<: *x\n",
    "a: &x 1\nb:\n  <<: *x\n",
    "a: &x {k: 1}\nb:\n  <<: *x\n  <<: *x\n",
    "a: &x {k: 1}\nb:\n  <<: [*x]\n",
    "a: &x {k: 1}\nb:\n  '<<': *x\n",
    "a: &x {k: 1}\nb:\n  k: 2\n  k: 3\n",
    "a: &x {k: 1}\nb:\n  <<: *x\n  k: 2\n  k: 3\n",
    "a: !!str 1\n",
    "a: >\n  text\n   more indented\n",
    "a: >\n  text\n\n   more indented\n",
    "a: |2\n   text\n",
    "a: |\n\n   \n  text\n",
    "a: b\n  c\n",
    "a: 'b\n  c'\n",
    "a: [1\n  2]\n",
    "a: [1,\n2]\n",
    "a: 1\na: 2\n",
    "<<: {a: 1}\n",
    "__proto__: 1\n",
    "a:\n\tb: 1\n",
    "a: 1\r\n",
    "\ufeffa: 1\n",
    "%YAML 1.2\n---\na: 1\n",
    "---\na: 1\n",
    "a: 1\n...\n",
    "...\n",
    "--- a\n",
    "? a\n: b\n",
    "a: b: c\n",
    "-\n  -\n- a\n",
    "a: [b: c]\n",
    "a: {b}\n",
    "{\n---\n}\n",
    "[\n...\n]\n",
    "{a: 1}: x\n",
    "a: {\nb: 1}\n",
    `a: ${"[".repeat(300)}${"]".repeat(300)}\n`,
  ];
  for (const text of outside) assert.equal(blockParse(text), undefined, JSON.stringify(text));
  assert.deepStrictEqual(blockParse("- - a\n  - b\n- c\n")?.value, [["a", "b"], "c"]);
  // Literal block scalars (`|`, `|-`, `|+`) are in the subset; what follows a literal is read on.
  assert.deepStrictEqual(
    blockParse("a: |\n  x\n\n   y\n# c\nb: |-\n  z\n\nc:\n  - |+\n    w\n\n  - v\n")?.value,
    { a: "x\n\n y\n", b: "z", c: ["w\n\n", "v"] },
  );
  // So are folded ones (`>`, `>-`, `>+`) without more-indented lines: lines join with a space,
  // empty lines between them stay line breaks.
  assert.deepStrictEqual(
    blockParse("a: >\n  x\n  y\n\n  z\nb: >-\n\n  w\n  v\nc: >+\n  u\n\nd: 1\n")?.value,
    { a: "x y\nz\n", b: "\nw v", c: "u\n\n", d: 1 },
  );
  assert.deepStrictEqual(blockParse("just a scalar\n")?.value, "just a scalar");
  assert.deepStrictEqual(blockParse("a: [1, # one\n  2,\n  ]\nb: 3\n")?.value, { a: [1, 2], b: 3 });
  assert.deepStrictEqual(blockParse("a: [x, y,]\nb: {c: 1,}\n")?.value, {
    a: ["x", "y"],
    b: { c: 1 },
  });
  assert.deepStrictEqual(blockParse("- -\n  - a\n")?.value, [[null, "a"]]);
  assert.deepStrictEqual(blockParse("")?.value, null);
  assert.deepStrictEqual(blockParse("# only a comment\n")?.value, null);
});

Deno.test("blockParse() reads anchors, aliases and merge keys as js-yaml does", () => {
  const text = [
    "x-base: &base",
    "  server: items",
    "  tool: echo",
    "  args: &args {text: hi}",
    "word: &word hello   # a comment",
    "list: &list",
    "  - &first a",
    "  - b",
    "tools:",
    "  - <<: *base",
    "    name: one",
    "  - name: two",
    "    tool: other # set before the merge: the merge keeps it",
    "    <<: *base",
    "  - <<: *base",
    "    tool: third # set after the merge: it overrides the merged one",
    "    args: *args",
    "  - *word",
    "  - *list",
    "  - - *first",
    "    - &nested",
    "      deep: [1, 2]",
    "  - *nested",
  ].join("\n") + "\n";
  const block = blockParse(text);
  assert.ok(block, "the anchored document takes the block path");
  assertSameAsJsYaml(text, block);
  const value = block.value as Record<string, unknown[]>;
  assert.deepStrictEqual(value.tools![0], {
    server: "items",
    tool: "echo",
    args: { text: "hi" },
    name: "one",
  });
  assert.deepStrictEqual(Object.keys(value.tools![1] as object), [
    "name",
    "tool",
    "server",
    "args",
  ]);
  assert.equal((value.tools![1] as { tool: string }).tool, "other");
  assert.deepStrictEqual(Object.keys(value.tools![2] as object), ["server", "tool", "args"]);
  assert.equal((value.tools![2] as { tool: string }).tool, "third");
  // An alias is the node it names (as js-yaml gives it), placed where the anchor's node is.
  assert.equal(
    (value.tools![2] as { args: unknown }).args,
    (value["x-base"] as unknown as { args: unknown }).args,
  );
  assert.equal(value.tools![4], value.list);
  assert.deepStrictEqual(block.positionOf(value.tools![4] as object), { line: 7, col: 3 });
  assert.deepStrictEqual(block.positionOf(value.tools![0] as object), { line: 10, col: 5 });
  // The bench's anchored shape, every test merging one base, takes the block path too.
  const anchors = shapeText(["deno", "run", "server.ts"], "anchors", 1, 30);
  const shape = blockParse(anchors);
  assert.ok(shape, "the anchors shape takes the block path");
  assertSameAsJsYaml(anchors, shape);
});

/**
 * Anchored documents as suites write them: nodes anchored under `defs:`, then entries that merge
 * one (with keys before and after the merge key, which may name the same keys), alias one as an
 * entry or a value, or anchor a new scalar.
 */
const settings = fc.uniqueArray(fc.tuple(fc.constantFrom(...SAFE_KEYS), scalar, fc.boolean()), {
  maxLength: 3,
  selector: ([key]) => key,
});
const anchoredDocument: fc.Arbitrary<string> = fc.tuple(
  fc.array(
    fc.oneof(
      blockDocument.map((text) => ({ node: text.trimEnd().split("\n") })),
      scalar.map((s) => ({ scalar: s })),
      fc.uniqueArray(fc.tuple(fc.constantFrom(...SAFE_KEYS), scalar), {
        minLength: 1,
        maxLength: 4,
        selector: ([key]) => key,
      }).map((entries) => ({ node: entries.map(([k, v]) => `${k}: ${v}`), mapping: true })),
    ),
    { minLength: 1, maxLength: 4 },
  ),
  fc.array(
    fc.tuple(fc.constantFrom("merge", "merge", "alias", "value", "anchor"), fc.nat(), settings),
    { minLength: 1, maxLength: 6 },
  ),
).map(([defs, uses]) => {
  const lines = ["defs:"];
  defs.forEach((def, i) => {
    if ("scalar" in def) lines.push(`  d${i}: &d${i} ${def.scalar}`);
    else lines.push(`  d${i}: &d${i}`, ...def.node.map((line) => `    ${line}`));
  });
  // A merge names a mapping of the defs where there is one (else it names anything: giving way).
  const mappings = defs.flatMap((def, i) => "mapping" in def ? [i] : []);
  lines.push("uses:");
  uses.forEach(([use, n, set], j) => {
    const name = `d${n % defs.length}`;
    if (use === "alias") lines.push(`  - *${name}`);
    else if (use === "value") lines.push(`  - key: *${name}`);
    else if (use === "anchor") lines.push(`  - &u${j} use ${j}`, `  - *u${j}`);
    else {
      const merged = mappings.length > 0 ? `d${mappings[n % mappings.length]}` : name;
      const entries = [
        ...set.filter(([, , after]) => !after).map(([k, v]) => `${k}: ${v}`),
        `<<: *${merged}`,
        ...set.filter(([, , after]) => after).map(([k, v]) => `${k}: ${v}`),
      ];
      lines.push(`  - ${entries[0]}`, ...entries.slice(1).map((line) => `    ${line}`));
    }
  });
  return lines.join("\n") + "\n";
});

Deno.test("blockParse() answers exactly what js-yaml does on generated anchored documents", () => {
  agreesWithJsYaml(anchoredDocument, 1 / 4);
});

/** Whether the careful parser's count of a document's aliases (alias_expansion.ts) is well within its limits. */
function carefullyTame(text: string): boolean {
  const counted = readAliases(parseDocument(text, { merge: true }));
  return counted.depth <= MAX_NESTING - 2 && counted.total <= expansionLimit(counted.own) / 2;
}

Deno.test("blockParse() takes an aliased document only where the careful parser's count is well within its limits", () => {
  // Sequences of aliases of sequences (each level ten times the last), aliases of a scalar, and
  // mappings of them: past a point, more than half the nodes the careful parser allows.
  // (An alias of a scalar is no node written: twenty thousand of them do not raise the limit.)
  const laughs = (m: number, scalars = 0) => {
    const lines = ["s: &s x", "a: &a", ...Array(10).fill("  - *s")];
    for (const [i, level] of ["b", "c", "d", "e"].entries()) {
      lines.push(`${level}: &${level}`, ...Array(10).fill(`  - *${"abcd"[i]}`));
    }
    lines.push("g:", ...Array(m).fill("  - *e"), "h:", ...Array(3 * m + 1).fill("  - x: *s"));
    if (scalars > 0) lines.push("i:", ...Array(scalars).fill("  - *s"));
    return lines.join("\n") + "\n";
  };
  // Many mappings merging one base of five hundred keys.
  const merges = (n: number) => {
    const base = Array.from({ length: 500 }, (_, i) => `  k${i}: v`);
    const items = Array.from({ length: n }, (_, i) => [`  - <<: *base`, `    name: t${i}`]).flat();
    return ["base: &base", ...base, "items:", ...items].join("\n") + "\n";
  };
  // Aliases nesting a sequence one level deeper each.
  const deep = (levels: number) => {
    const lines = ["l0: &l0 [1]"];
    for (let i = 1; i < levels; i++) lines.push(`l${i}: &l${i}`, `  - *l${i - 1}`);
    return lines.join("\n") + "\n";
  };
  const cases = [
    ...Array.from({ length: 8 }, (_, m) => laughs(m)),
    laughs(4, 20_000),
    ...[1, 100, 490, 500, 505, 510, 520].map(merges),
    ...[10, MAX_NESTING - 4, MAX_NESTING - 3, MAX_NESTING - 2, MAX_NESTING].map(deep),
  ];
  const answered = cases.map((text) => blockParse(text) !== undefined);
  assert.deepStrictEqual(answered, cases.map(carefullyTame));
  // Both ways are met: the count decides, not the shape.
  assert.ok(answered.includes(true) && answered.includes(false));
  for (const [i, text] of cases.entries()) {
    if (answered[i]) assertSameAsJsYaml(text, blockParse(text)!);
  }
});

Deno.test("blockParse() agrees with js-yaml on every example and corpus file it takes, and takes most", () => {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of Deno.readDirSync(dir)) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory) walk(path);
      else if (/\.ya?ml$/.test(entry.name)) files.push(path);
    }
  };
  walk("examples");
  walk("compliance");
  let taken = 0;
  for (const path of files) {
    const text = Deno.readTextFileSync(path);
    const block = blockParse(text);
    if (block === undefined) continue;
    taken++;
    assertSameAsJsYaml(text, block);
  }
  assert.ok(taken > files.length / 2, `took ${taken} of ${files.length}`);
});

Deno.test("blockParse() places a node past the line-and-column encoding by its offset", () => {
  // PLACE_LINE: a column this far right cannot share a number with its line.
  for (const indent of [PLACE_LINE - 1, PLACE_LINE, 2 ** 24]) {
    const text = `# first\n${" ".repeat(indent)}a: [1]\n`;
    const block = blockParse(text);
    assert.ok(block);
    assert.deepStrictEqual(block.positionOf(block.value as object), { line: 2, col: indent + 1 });
    const inner = (block.value as { a: unknown[] }).a;
    assert.deepStrictEqual(block.positionOf(inner), { line: 2, col: indent + 4 });
  }
});
