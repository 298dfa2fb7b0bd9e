/** @module The offset-keeping JSON parser: same values as JSON.parse, positioned errors. */

import assert from "node:assert/strict";
import { parseJsonTree } from "../../../src/7_features/migration/json_tree.ts";
import { SourceSyntaxError, type TreeNode } from "../../../src/7_features/migration/tree_types.ts";

function toValue(node: TreeNode | undefined): unknown {
  if (!node) return undefined;
  if (node.kind === "scalar") return node.value;
  if (node.kind === "seq") return node.items.map(toValue);
  return Object.fromEntries(node.entries.map((e) => [e.key, toValue(e.value)]));
}

Deno.test("parseJsonTree gives JSON.parse's value and offsets of each node", () => {
  const text = '\uFEFF{"a\\n\\"b": [1, -2.5e3, true, null, "x\\u00e9"], "c": {}, "d": []}\n';
  const tree = parseJsonTree(text);
  assert.deepEqual(toValue(tree), JSON.parse(text.slice(1)));
  assert.equal(tree.kind, "map");
  if (tree.kind !== "map") return;
  const list = tree.entries[0]?.value;
  assert.equal(list?.kind, "seq");
  if (list?.kind !== "seq") return;
  const second = list.items[1];
  assert.equal(second && text.slice(second.start, second.end), "-2.5e3");
  assert.equal(text.slice(tree.entries[1]?.keyStart ?? 0).slice(0, 3), '"c"');
});

Deno.test("parseJsonTree rejects invalid JSON at the offending offset", () => {
  const cases: Array<[string, number]> = [
    ['{"a": 1,}', 8],
    ['{"a" 1}', 5],
    ["[1 2]", 3],
    ['"open', 5],
    ['{"a": "\\x"}', 6],
    ["{} extra", 3],
    ["", 0],
    ["01", 1],
  ];
  for (const [text, offset] of cases) {
    assert.throws(() => parseJsonTree(text), (error: unknown) => {
      assert.ok(error instanceof SourceSyntaxError, text);
      assert.equal(error.offset, offset, text);
      return true;
    });
  }
});
