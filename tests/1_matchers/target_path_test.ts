import { deepStrictEqual, strictEqual, throws } from "node:assert/strict";
import { parseTarget, resolveTarget } from "../../src/1_matchers/target_path.ts";

const ROOT = {
  result: {
    content: [{ type: "text", text: "hi" }, { type: "text", text: "last" }],
    structuredContent: { x: 1, "odd.key": true },
    error: null,
  },
};

Deno.test("resolveTarget() follows keys, indexes, negative indexes and quoted keys", () => {
  const value = (text: string) => {
    const r = resolveTarget(ROOT, parseTarget(text));
    return r.found ? r.value : Symbol.for("missing");
  };
  strictEqual(value("result.content[0].text"), "hi");
  strictEqual(value("result.content[-1].text"), "last");
  strictEqual(value("result.structuredContent.x"), 1);
  strictEqual(value('result.structuredContent["odd.key"]'), true);
  strictEqual(value("result.error"), null);
  deepStrictEqual(value("result.content[1]"), { type: "text", text: "last" });
});

Deno.test("resolveTarget() says where and why a path is missing", () => {
  const miss = (text: string) => resolveTarget(ROOT, parseTarget(text));
  deepStrictEqual(miss("result.content[5].text"), {
    found: false,
    missingAt: "result.content[5]",
    reason: "index out of range (length 2)",
  });
  deepStrictEqual(miss("result.error.code"), {
    found: false,
    missingAt: "result.error.code",
    reason: "not an object (null)",
  });
  deepStrictEqual(miss("result.nope"), {
    found: false,
    missingAt: "result.nope",
    reason: "no such key",
  });
  deepStrictEqual(miss("result.structuredContent[0]"), {
    found: false,
    missingAt: "result.structuredContent[0]",
    reason: "not an array (object)",
  });
});

Deno.test("parseTarget() rejects malformed paths with what was expected", () => {
  throws(() => parseTarget(""), /empty path/);
  throws(() => parseTarget("result..x"), /expected a key/);
  throws(() => parseTarget("result.content[x]"), /malformed index/);
  throws(() => parseTarget("result."), /expected a key after it/);
  throws(() => parseTarget("result.content[0]x"), /expected "\." or "\["/);
});

Deno.test("parseTarget() parses a text once: the same text gives the same frozen path; a bad one throws each time", () => {
  const first = parseTarget("result.content[0].text");
  strictEqual(parseTarget("result.content[0].text"), first);
  strictEqual(Object.isFrozen(first) && Object.isFrozen(first.segments), true);
  strictEqual(parseTarget("result.content[1].text") === first, false);
  for (let i = 0; i < 2; i++) throws(() => parseTarget("result..x"), /expected a key/);
});
