/** @module The nesting limit: found by a linear scan before any parser or recursive walk runs, at file:line:col. */

import assert from "node:assert/strict";
import fc from "fast-check";
import { stringify } from "yaml";
import {
  jsonNestingOverflow,
  MAX_NESTING,
  yamlNestingOverflow,
} from "../../../src/0_base/util/nesting.ts";
import { parseJsonText } from "../../../src/0_base/util/read_json_file.ts";
import { parseYaml } from "../../../src/0_base/yaml/yaml_source.ts";
import { makeFrame } from "../../../src/2_connect/transport/frame.ts";

/** `depth` nested mappings `{k: {k: ... 1}}`. */
function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { k: value };
  return value;
}

Deno.test("jsonNestingOverflow() counts brackets outside strings", () => {
  assert.equal(jsonNestingOverflow("[[[]]]", 3), -1);
  assert.equal(jsonNestingOverflow("[[[[]]]]", 3), 3);
  assert.equal(jsonNestingOverflow('["[[[[", "\\"[[["]', 2), -1);
  // A quote after an odd run of backslashes is escaped; after an even run it closes the string.
  assert.equal(jsonNestingOverflow('"\\\\\\"[[[["', 2), -1);
  assert.equal(jsonNestingOverflow('"\\\\"[[[', 2), 6);
  assert.equal(jsonNestingOverflow('"[[[[[', 2), -1);
  assert.equal(jsonNestingOverflow(JSON.stringify(nested(MAX_NESTING))), -1);
  assert.ok(jsonNestingOverflow(JSON.stringify(nested(MAX_NESTING + 1))) > 0);
});

/** The scan read character by character: a backslash skips the next one inside a string. */
function referenceJsonOverflow(text: string, limit: number): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === "[" || c === "{") {
      if (++depth > limit) return i;
    } else if (c === "]" || c === "}") depth--;
  }
  return -1;
}

Deno.test("jsonNestingOverflow() finds what a character-by-character scan finds (property)", () => {
  const piece = fc.oneof(
    fc.constantFrom("[", "]", "{", "}", '"', "\\", "\\\\", '\\"', '\\\\\\"', "x", ",", ":"),
    fc.string({ maxLength: 4 }),
  );
  fc.assert(
    fc.property(
      fc.array(piece, { maxLength: 60 }),
      fc.integer({ min: 0, max: 6 }),
      (parts, limit) => {
        const text = parts.join("");
        assert.equal(jsonNestingOverflow(text, limit), referenceJsonOverflow(text, limit), text);
      },
    ),
    { numRuns: 3000 },
  );
  // Server answers: JSON with long strings holding brackets, quotes and escapes.
  fc.assert(
    fc.property(fc.jsonValue({ maxDepth: 6 }), fc.integer({ min: 0, max: 8 }), (value, limit) => {
      const text = JSON.stringify(value);
      assert.equal(jsonNestingOverflow(text, limit), referenceJsonOverflow(text, limit), text);
    }),
  );
});

Deno.test("yamlNestingOverflow() counts block and flow nesting, not scalars or comments", async (t) => {
  await t.step("block mappings and inline sequences", () => {
    assert.equal(yamlNestingOverflow("a:\n  b:\n    c: 1\n", 3), undefined);
    assert.deepEqual(yamlNestingOverflow("a:\n  b:\n    c:\n      d: 1\n", 3), { line: 4, col: 7 });
    assert.deepEqual(yamlNestingOverflow("- - - - x\n", 3), { line: 1, col: 1 });
  });
  await t.step("flow collections, over several lines, quotes ignored", () => {
    assert.deepEqual(yamlNestingOverflow("a: [[\n  [[1]]]]\n", 4), { line: 2, col: 4 });
    assert.equal(yamlNestingOverflow('a: "[[[[[[" # [[[[[\n', 2), undefined);
  });
  await t.step("block scalars are text", () => {
    const text = "a: |\n" +
      Array.from({ length: 50 }, (_, i) => " ".repeat(2 + i) + "x").join("\n");
    assert.equal(yamlNestingOverflow(text, 3), undefined);
  });
  await t.step("a real document of depth d overflows exactly when d > limit (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 40 }), (d, limit) => {
        const text = stringify(nested(d));
        assert.equal(yamlNestingOverflow(text, limit) !== undefined, d > limit, text);
      }),
      { numRuns: 200 },
    );
  });
});

Deno.test("the loaders refuse deep nesting with the limit and a position, not a stack overflow", async (t) => {
  await t.step("YAML, block-indented 2,000 levels", () => {
    let text = "";
    for (let i = 0; i < 2000; i++) text += `${" ".repeat(i)}k${i}:\n`;
    assert.throws(
      () => parseYaml(text, "deep.yml"),
      /^ConfigErrors: deep\.yml:257:257: invalid YAML: nested deeper than 256 levels \(the most a suite may nest\)$/,
    );
  });
  await t.step("YAML whose brackets are only text of a plain scalar: not nesting, loaded", () => {
    // The line scan counts brackets outside quotes as flow nesting; js-yaml, which decides first,
    // sees one scalar: the document is one level deep.
    const text = `a: x${"[".repeat(300)}\n`;
    assert.deepEqual(parseYaml(text, "brackets.yml").value, { a: `x${"[".repeat(300)}` });
  });
  await t.step("YAML, flow style", () => {
    const text = `a: ${"[".repeat(3000)}${"]".repeat(3000)}\n`;
    assert.throws(
      () => parseYaml(text, "flow.yml"),
      /flow\.yml:1:259: invalid YAML: nested deeper/,
    );
  });
  await t.step("JSON files", () => {
    assert.throws(
      () => parseJsonText(`{"a":${"[".repeat(300)}${"]".repeat(300)}}`, "c.json"),
      /^JsonSyntaxError: c\.json:1:261: invalid JSON: nested deeper than 256 levels/,
    );
  });
  await t.step("a server message is a frame that does not parse", () => {
    const frame = makeFrame(JSON.stringify({ jsonrpc: "2.0", id: 1, result: nested(300) }));
    assert.equal(frame.message, undefined);
    assert.equal(frame.parseError, "nested deeper than 256 levels");
  });
});

// The line-by-line scan as first written (split, trimStart, a string per line): the oracle the
// allocation-free scan is checked against.
function referenceOverflow(
  text: string,
  limit: number,
): { line: number; col: number } | undefined {
  const indents: number[] = [];
  let scalarIndent = -1;
  const flow = { depth: 0, base: 0 };
  const lines = text.split("\n");
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const body = line.trimStart();
    const indent = line.length - body.length;
    if (body === "" || body.startsWith("#")) continue;
    let col = 0;
    if (flow.depth === 0) {
      if (scalarIndent >= 0 && indent > scalarIndent) continue;
      scalarIndent = -1;
      while (indents.length > 0 && indents[indents.length - 1]! >= indent) indents.pop();
      indents.push(indent);
      let depth = indents.length;
      col = indent;
      while (body.startsWith("- ", col - indent) || body.slice(col - indent) === "-") {
        depth++;
        col += 2;
      }
      if (depth > limit) return { line: index + 1, col: indent + 1 };
      flow.base = depth;
      const scalar = body.includes("|") || body.includes(">");
      if (scalar && /[:-]\s*[|>][+-]?\d*\s*(#.*)?$/.test(body)) scalarIndent = indent;
    }
    // Only brackets change the flow depth: a line without one leaves it as it is.
    if (!BRACKET.test(line)) continue;
    const over = referenceFlow(line, col, flow, limit);
    if (over >= 0) return { line: index + 1, col: over + 1 };
  }
  return undefined;
}

/** A character that opens or closes a flow collection. */
const BRACKET = /[[\]{}]/;

/**
 * Count flow brackets on one line from `from`, carrying the depth across lines (a flow collection
 * may span several); the column where block + flow nesting passes `limit`, or -1.
 */
function referenceFlow(
  line: string,
  from: number,
  flow: { depth: number; base: number },
  limit: number,
): number {
  let quote = "";
  for (let i = from; i < line.length; i++) {
    const c = line[i]!;
    if (quote !== "") {
      if (quote === '"' && c === "\\") i++;
      else if (c === quote) quote = "";
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === "#" && (i === 0 || /\s/.test(line[i - 1]!))) return -1;
    else if (c === "[" || c === "{") {
      if (flow.base + ++flow.depth > limit) return i;
    } else if ((c === "]" || c === "}") && flow.depth > 0) flow.depth--;
  }
  return -1;
}

Deno.test("yamlNestingOverflow() answers as the line-splitting scan it replaced (property)", () => {
  const piece = fc.constantFrom(
    "a:",
    "- ",
    "-",
    " ",
    "  ",
    "\t",
    "\n",
    "\r\n",
    "[",
    "]",
    "{",
    "}",
    "|",
    ">-",
    "#",
    " # c",
    '"',
    "'",
    "\\",
    "x",
    "k: v",
    "\u00a0",
    "\u2028",
    ": |",
    "- [",
    "]]",
  );
  fc.assert(
    fc.property(
      fc.array(piece, { maxLength: 60 }),
      fc.integer({ min: 1, max: 6 }),
      (parts, limit) => {
        const text = parts.join("");
        assert.deepEqual(yamlNestingOverflow(text, limit), referenceOverflow(text, limit), text);
      },
    ),
    { numRuns: 3000 },
  );
});
