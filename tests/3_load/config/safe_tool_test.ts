import assert from "node:assert/strict";
import { parseSafeTool } from "../../../src/3_load/config/safe_tool.ts";
import { ConfigError } from "../../../src/0_base/errors/errors.ts";

Deno.test("parseSafeTool() reads NAME and NAME=JSON", () => {
  assert.deepEqual(parseSafeTool("echo"), { name: "echo" });
  assert.deepEqual(parseSafeTool('search={"query":"mcp","n":2}'), {
    name: "search",
    arguments: { query: "mcp", n: 2 },
  });
  assert.deepEqual(parseSafeTool("a=b"), { name: "a=b" }, "a name may hold = when no JSON follows");
});

Deno.test("parseSafeTool() refuses an empty name and arguments that are not a JSON object", () => {
  for (const bad of ["", "  ", '={"a":1}', "x={not json", 'x={"a":1']) {
    assert.throws(() => parseSafeTool(bad), ConfigError, bad);
  }
  assert.throws(() => parseSafeTool("x= {}extra"), ConfigError);
});
