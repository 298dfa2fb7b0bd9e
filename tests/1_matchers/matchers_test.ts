import { strictEqual } from "node:assert/strict";
import { check, compileError } from "./_compile.ts";
import { loadSchemaEngine } from "../../src/1_matchers/schema.ts";

// Matchers are compiled here directly, not behind a run or a load that loads the engine.
await loadSchemaEngine();

type Case = [matcher: Record<string, unknown>, actual: unknown, pass: boolean];

const CASES: Record<string, Case[]> = {
  exact: [
    [{ exact: { ok: true, count: 3 } }, { count: 3, ok: true }, true],
    [{ exact: { ok: true, count: 3 } }, { ok: true, count: 4 }, false],
    [{ exact: [1, 2] }, [2, 1], false],
    [{ exact: -32602 }, -32602, true],
    [{ exact: -32602 }, -32002, false],
  ],
  contains: [
    [{ contains: { metadata: { project: "mcptest" } } }, {
      metadata: { project: "mcptest", x: 1 },
      y: 2,
    }, true],
    [{ contains: { metadata: { project: "mcptest" } } }, { metadata: { project: "other" } }, false],
    [{ contains: [{ a: 1 }, { a: 1 }] }, [{ a: 1, b: 2 }, { a: 1 }], true],
    [{ contains: [{ a: 1 }, { a: 1 }] }, [{ a: 1, b: 2 }], false],
    [{ contains: [2, 1] }, [1, 2, 3], true],
    [{ contains: "abc" }, "xabcx", false],
  ],
  subset: [
    [{ subset: { a: 1, b: 2 } }, { a: 1 }, true],
    [{ subset: { a: 1 } }, { a: 1, c: 3 }, false],
    [{ subset: ["x", "y", "z"] }, ["z", "x"], true],
    [{ subset: ["x"] }, ["x", "w"], false],
  ],
  regex: [
    [{ regex: "^Hello, [A-Za-z]+!$" }, "Hello, Ada!", true],
    [{ regex: "^Hello, [A-Za-z]+!$" }, "Hello, Ada!!", false],
    [{ regex: "(?i)sacramento" }, "SACRAMENTO, CA", true],
    [{ regex: '"count":3' }, { count: 3 }, true],
    [{ regex: "^[0-9]+$" }, "12a", false],
  ],
  "contains-all": [
    [{ "contains-all": ["alpha", "beta"] }, "alpha and beta", true],
    [{ "contains-all": ["alpha", "gamma"] }, "alpha and beta", false],
  ],
  "contains-any": [
    [{ "contains-any": ["gamma", "beta"] }, "alpha and beta", true],
    [{ "contains-any": ["gamma", "delta"] }, "alpha and beta", false],
  ],
  icontains: [
    [{ icontains: "WIDGET" }, "a small widget", true],
    [{ icontains: "gadget" }, "a small widget", false],
  ],
  "starts-with": [
    [{ "starts-with": "Item" }, "Item 1: widget", true],
    [{ "starts-with": "item" }, "Item 1: widget", false],
  ],
  levenshtein: [
    [{ levenshtein: { value: "hello world", max_distance: 2 } }, "helo world!", true],
    [{ levenshtein: { value: "hello world", max_distance: 1 } }, "helo world!", false],
    [{ levenshtein: { value: "same" } }, "same", true],
  ],
  "is-json": [
    [{ "is-json": true }, '{"a": [1, 2]}', true],
    [{ "is-json": true }, "{a: 1}", false],
    [{ "is-json": true }, { a: 1 }, false],
    [{ "is-json": { schema: { type: "object", required: ["a"] } } }, '{"a": 1}', true],
    [{ "is-json": { schema: { type: "object", required: ["a"] } } }, '{"b": 1}', false],
  ],
  "is-valid-tools-call": [
    [{ "is-valid-tools-call": true }, { content: [{ type: "text", text: "ok" }] }, true],
    [
      { "is-valid-tools-call": true },
      { content: [{ type: "text", text: "boom" }], isError: true },
      false,
    ],
    [{ "is-valid-tools-call": { allow_error: true } }, { content: [], isError: true }, true],
    [{ "is-valid-tools-call": true }, { content: [{ type: "txt", text: "ok" }] }, false],
    [{ "is-valid-tools-call": true }, {
      content: [{ type: "image", data: "!!", mimeType: "image/png" }],
    }, false],
    [{ "is-valid-tools-call": true }, { structuredContent: {} }, false],
  ],
  schema: [
    [
      {
        schema: {
          type: "array",
          minItems: 1,
          items: { type: "object", required: ["name", "path"] },
        },
      },
      [{ name: "a", path: "/" }],
      true,
    ],
    [{ schema: { type: "array", minItems: 1 } }, [], false],
    [{ schema: { type: "string", format: "email" } }, "ada@example.com", true],
    [{ schema: { type: "string", format: "email" } }, "not-an-email", false],
    [{ schema: { $schema: "http://json-schema.org/draft-07/schema#", type: "integer" } }, 3, true],
    [{ schema: { $defs: { n: { type: "number" } }, $ref: "#/$defs/n" } }, "x", false],
  ],
  exists: [
    [{ exists: true }, 0, true],
    [{ exists: true }, null, true],
    [{ exists: true }, false, true],
  ],
  absent: [
    [{ absent: true }, null, false],
    [{ absent: true }, false, false],
    [{ absent: true }, "", false],
  ],
  not: [
    [{ not: { regex: "error" } }, "all good", true],
    [{ not: { regex: "error" } }, "an error occurred", false],
    [{ not: { exact: -32002 } }, -32602, true],
  ],
};

for (const [name, cases] of Object.entries(CASES)) {
  Deno.test(`matcher ${name} passes on good input and fails on bad`, async (t) => {
    for (const [matcher, actual, pass] of cases) {
      await t.step(
        `${JSON.stringify(matcher)} on ${JSON.stringify(actual)} -> ${pass}`,
        async () => {
          const outcome = await check(matcher, actual);
          strictEqual(outcome.pass, pass, outcome.message ?? outcome.expected);
        },
      );
    }
  });
}

Deno.test("compileMatcher() rejects bad matchers at load with the position", async (t) => {
  const bad: [Record<string, unknown>, RegExp][] = [
    [{ equals: 1 }, /suite\.yml:7:9: unknown matcher "equals", expected one of: exact, schema/],
    [{ regex: "([a-z" }, /matcher "regex": invalid pattern/],
    [{ regex: 3 }, /expected a pattern string/],
    [{ schema: { type: "nonsense" } }, /invalid JSON Schema/],
    [{ schema: { $ref: "https://example.com/s.json" } }, /never fetches a network \$ref/],
    [{ "contains-all": [] }, /non-empty list of strings/],
    [{ levenshtein: { value: "x", max_distance: -1 } }, /integer >= 0/],
    [{ levenshtein: "x" }, /expected \{ value/],
    [{ "is-json": "yes" }, /expected true or \{ schema/],
    [{ "is-valid-tools-call": { strict: 1 } }, /allow_error/],
    [{ not: { a: 1, b: 2 } }, /exactly one nested matcher/],
    [{ not: { nope: 1 } }, /unknown matcher "nope"/],
    [{ snapshot: "../escape" }, /expected a key of letters/],
    [{ icontains: 5 }, /expected a string/],
    [{ exists: false }, /matcher "exists": got false, expected true .*absent: true/],
    [{ exists: "yes" }, /matcher "exists": got "yes", expected true/],
    [{ absent: false }, /matcher "absent": got false, expected true .*exists: true/],
    [{ absent: {} }, /matcher "absent": got \{\}, expected true/],
    [{ "is-json": { schema: {}, extra: 1 } }, /expected true or \{ schema/],
    [{ constructor: 1 }, /unknown matcher "constructor", expected one of: /],
    [{ toString: 1 }, /unknown matcher "toString"/],
    [Object.fromEntries([["__proto__", 1]]), /unknown matcher "__proto__"/],
    [{ hasOwnProperty: 1 }, /unknown matcher "hasOwnProperty"/],
    [{ not: { constructor: { exact: 1 } } }, /unknown matcher "constructor"/],
  ];
  for (const [matcher, pattern] of bad) {
    await t.step(JSON.stringify(matcher), () => {
      const message = compileError(matcher);
      strictEqual(pattern.test(message), true, message);
    });
  }
});
