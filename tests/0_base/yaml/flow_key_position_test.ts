import assert from "node:assert/strict";
import fc from "fast-check";
import { fastParse, lineStartsOf } from "../../../src/0_base/yaml/fast_yaml.ts";
import { flowKeyOffset } from "../../../src/0_base/yaml/flow_key_position.ts";
import {
  loadCarefulParser,
  parseCarefully,
  parseYaml,
} from "../../../src/0_base/yaml/yaml_source.ts";

await loadCarefulParser();

/** The offset of a careful-parser position in `text`. */
function offsetIn(text: string, pos: { line: number; col: number }): number {
  return lineStartsOf(text)[pos.line - 1]! + pos.col - 1;
}

/**
 * For every key of every mapping of `text`: where flowKeyOffset answers, the careful parser's key
 * position; parseYaml's key position always the careful parser's. Returns how many it answered.
 */
function checkKeys(text: string): { keys: number; answered: number } {
  const fast = fastParse(text);
  assert.ok(fast, text);
  const quick = parseYaml(text, "t.yml");
  const careful = parseCarefully(text, "t.yml");
  let keys = 0, answered = 0;
  const walk = (node: unknown, at: (string | number)[]) => {
    if (node === null || typeof node !== "object") return;
    const open = offsetIn(text, fast.positionOf(node)!);
    for (const [key, child] of Object.entries(node)) {
      const path: (string | number)[] = [...at, Array.isArray(node) ? Number(key) : key];
      if (!Array.isArray(node)) {
        if (text[open] === "{") keys++; // a flow mapping's key (a block one is not asked here)
        const want = careful.positionOf(path, "key");
        assert.deepEqual(quick.positionOf(path, "key"), want, `${text}\n${path}`);
        const offset = flowKeyOffset(text, open, key);
        if (offset !== undefined) {
          answered++;
          assert.equal(offset, offsetIn(text, want), `${text}\n${path}`);
        }
      }
      walk(child, path);
    }
  };
  walk(fast.value, []);
  return { keys, answered };
}

const json = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null)),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(fc.string(), fc.constantFrom("name", "a b", "it's", 'q"uote', "\\", "é", "\u0001")),
      tie("value"),
      { maxKeys: 4 },
    ),
  ),
})).value;

Deno.test("a JSON suite's key positions are read from the text, as the careful parser places them", () => {
  let keys = 0, answered = 0;
  fc.assert(
    fc.property(
      fc.dictionary(fc.string(), json, { minKeys: 1, maxKeys: 4 }),
      fc.constantFrom(0, 2),
      (value, indent) => {
        const counts = checkKeys(JSON.stringify(value, null, indent) + "\n");
        keys += counts.keys;
        answered += counts.answered;
      },
    ),
    { numRuns: 300 },
  );
  // JSON keys are quoted with JSON's escapes: the reader answers every one of them.
  assert.equal(answered, keys);
  assert.ok(keys > 1000, `${keys} keys`);
});

Deno.test("flow mappings written as YAML: plain and single-quoted keys, comments, quotes in plain scalars", () => {
  const texts = [
    "{ name: a, tool: 'echo', args: { text: it's, n: 1 } }\n",
    "{\n  a: [x, 'y, z', {b: c}],  # note\n  'it''s': 1,\n  c: \"d\"\n}\n",
    "x:\n  { a: 1, b: [1, 2], c: 'q' }\n",
    't: {a: x"y, b: 2}\n',
    "{a: [it's, x\"y, {q: it's}], b: 1, #c\n c: 2}\n",
  ];
  for (const text of texts) {
    const { keys, answered } = checkKeys(text);
    assert.equal(answered, keys, text);
  }
});

Deno.test("flowKeyOffset() leaves what it cannot read for certain to the careful parser", () => {
  const cases = [
    '{"\\x41": 1}', // a YAML escape JSON lacks
    '{"a\n b": 1}', // a key over two lines
    "{a:1}", // the one key `a:1`
    "{true: 1}", // a key that is not a string
    "{&k a: 1}", // a property
    "{[a]: 1}", // a complex key
    "{<<: {b: 1}}", // a merge
  ];
  for (const text of cases) {
    for (const key of ["A", "a\nb", "a b", "a", "true", "b"]) {
      assert.equal(flowKeyOffset(text, 0, key), undefined, `${text} ${key}`);
    }
  }
  assert.equal(flowKeyOffset('{"a": 1, "b": 2}', 0, "b"), 9);
  assert.equal(flowKeyOffset("{a: [1, {b: 2}], b: 3}", 0, "b"), 17);
  assert.equal(flowKeyOffset("[a]", 0, "a"), undefined);
  // A comment run into a `,` (js-yaml takes it, the careful parser refuses it).
  assert.equal(flowKeyOffset("{a: 1,#c\n b: 2}", 0, "b"), undefined);
  // A key over two lines is not read: the next one, the same characters in escapes, is the key.
  const twoKeys = "{'a\n b': 1, \"a\\n b\": 2}";
  assert.equal(flowKeyOffset(twoKeys, 0, "a\n b"), twoKeys.indexOf('"'));
  // A raw tab in a double-quoted key (YAML reads it, JSON.parse not): left, without a throw.
  assert.equal(flowKeyOffset('{"a\tb": 1}', 0, "a\tb"), undefined);
});
