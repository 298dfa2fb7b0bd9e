import assert from "node:assert/strict";
import fc from "fast-check";
import { isAlias, parseDocument } from "yaml";
import { ConfigErrors } from "../../../src/0_base/errors/errors.ts";
import { MAX_NESTING } from "../../../src/0_base/util/nesting.ts";
import { readAliases } from "../../../src/0_base/yaml/alias_expansion.ts";
import { EXPANSION_ALLOWANCE } from "../../../src/0_base/yaml/alias_limits.ts";
import { loadCarefulParser, parseCarefully } from "../../../src/0_base/yaml/yaml_source.ts";

await loadCarefulParser();

/** The nodes of a JS value with shared parts counted each time (a key is one node). */
function expanded(value: unknown): { size: number; depth: number } {
  if (value === null || typeof value !== "object") return { size: 1, depth: 1 };
  let size = 1, depth = 0;
  const parts = Array.isArray(value) ? value : Object.values(value).flatMap((v) => ["key", v]);
  for (const part of parts) {
    const inner = expanded(part);
    size += inner.size;
    depth = Math.max(depth, inner.depth);
  }
  return { size, depth: depth + 1 };
}

/** The error parseCarefully throws for `text`, as `line:col message`. */
function refusal(text: string): string {
  try {
    parseCarefully(text, "t.yml");
  } catch (error) {
    assert.ok(error instanceof ConfigErrors);
    const [first] = error.errors;
    return `${first!.pos?.line}:${first!.pos?.col} ${first!.detail}`;
  }
  return "accepted";
}

/**
 * Anchors on mappings and sequences of scalars and aliases of earlier anchors. Names repeat
 * (`&a0` again three nodes later): an alias names the last node anchored so before it.
 */
const anchoredDocument = fc.array(
  fc.array(fc.oneof(fc.constant(-1), fc.nat(40)), { minLength: 1, maxLength: 4 }),
  { minLength: 1, maxLength: 8 },
).chain((anchors) =>
  fc.tuple(fc.constant(anchors), fc.array(fc.boolean(), { minLength: anchors.length }))
).map(([anchors, flowSeq]) =>
  anchors.map((parts, k) => {
    const name = (index: number) => `a${index % 3}`;
    const items = parts.map((p) =>
      p < 0 || k === 0 || name(p % k) === name(k) ? `s${p}` : `*${name(p % k)}`
    );
    const body = flowSeq[k]
      ? `[${items.join(", ")}]`
      : `{ ${items.map((item, i) => `k${i}: ${item}`).join(", ")} }`;
    return `n${k}: &${name(k)} ${body}`;
  }).join("\n") + "\n"
);

Deno.test("readAliases() counts the value every alias expands to, and finds each alias's node", () => {
  fc.assert(
    fc.property(anchoredDocument, (text) => {
      const document = parseDocument(text);
      const read = readAliases(document);
      assert.equal(read.problem, undefined);
      assert.deepEqual(
        { size: read.total, depth: read.depth },
        expanded(document.toJS({ maxAliasCount: -1 })),
      );
      let aliases = 0;
      const walk = (node: unknown): void => {
        if (isAlias(node)) {
          aliases++;
          assert.equal(read.targets.get(node), node.resolve(document));
        }
        const items = (node as { items?: unknown[] } | null)?.items ?? [];
        for (const item of items) {
          const pair = item as { key?: unknown; value?: unknown };
          if (pair && "key" in pair) walk(pair.key), walk(pair.value);
          else walk(item);
        }
      };
      walk(document.contents);
      assert.equal(read.targets.size, aliases);
    }),
    { numRuns: 300 },
  );
});

Deno.test("a document its aliases expand past the limit is refused at the alias standing for most", () => {
  // Nine levels of nine aliases of the level before: 9^9 scalars from ten lines.
  const lines = ["l0: &l0 [x, x, x, x, x, x, x, x, x]"];
  for (let k = 1; k <= 9; k++) {
    lines.push(`l${k}: &l${k} [${Array(9).fill(`*l${k - 1}`).join(", ")}]`);
  }
  const bomb = lines.join("\n") + "\n";
  assert.match(
    refusal(bomb),
    /^10:10 invalid YAML: aliases expand the document to \d+ nodes, more than \d+ \(ten times the \d+ written, plus 1000000\); the alias \*l8 here alone stands for \d+$/,
  );
  // Six levels (9^7 scalars) pass the limit too; five (9^6) stay within it.
  assert.equal(refusal(lines.slice(0, 7).join("\n") + "\n").slice(0, 4), "7:10");
  assert.equal(refusal(lines.slice(0, 6).join("\n") + "\n"), "accepted");
  // The limit itself: an anchor of n scalars used m times adds m * (n + 1) nodes.
  const near = (uses: number) =>
    `base: &b [${Array(999).fill("x").join(", ")}]\nuses: [${Array(uses).fill("*b").join(", ")}]\n`;
  // Written: the root, two keys, two sequences and 999 scalars; each alias stands for 1,000.
  const own = 1 + 2 + 2 + 999;
  const fits = Math.floor((10 * own + EXPANSION_ALLOWANCE - own) / 1000);
  assert.equal(refusal(near(fits)), "accepted");
  assert.match(refusal(near(fits + 1)), /aliases expand the document/);
});

Deno.test("an alias inside the node it names is refused as a cycle, at the alias", () => {
  assert.equal(
    refusal("a: &x [1, *x]\n"),
    "1:11 invalid YAML: the alias *x is inside the node &x it names (a cycle); expected an alias of a node that ends before it",
  );
  assert.match(
    refusal("t:\n  - &t\n    name: a\n    args: *t\n"),
    /^4:11 .*\*t is inside the node &t/,
  );
  assert.equal(refusal("a: &x [1]\nb: [*x, *x]\n"), "accepted");
});

Deno.test("aliases that nest the value past the nesting limit are refused", () => {
  const chain = (n: number) =>
    ["a0: &a0 [x]", ...Array.from({ length: n }, (_, k) => `a${k + 1}: &a${k + 1} [*a${k}]`)]
      .join("\n") + "\n";
  assert.equal(refusal(chain(MAX_NESTING - 3)), "accepted");
  assert.match(
    refusal(chain(MAX_NESTING)),
    /aliases nest the document \d+ levels deep, more than 256/,
  );
});

Deno.test("one anchor merged into thousands of tests loads (the package's own guard refused 1,000)", () => {
  const tests = Array.from({ length: 3000 }, (_, i) => `  - <<: *base\n    name: t${i}`);
  const text = `x-base: &base\n  server: s\n  tool: echo\ntools:\n${tests.join("\n")}\n`;
  const source = parseCarefully(text, "t.yml");
  const value = source.value as { tools: { name: string; tool: string }[] };
  assert.equal(value.tools.length, 3000);
  assert.deepEqual(value.tools[2999], { server: "s", tool: "echo", name: "t2999" });
  // Positions through a merge resolve from the one walk (no walk of the document per lookup).
  assert.deepEqual(source.positionOf(["tools", 2999, "tool"]), { file: "t.yml", line: 3, col: 9 });
});
