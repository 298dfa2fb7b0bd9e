/** @module Tests of parseServerArg() and splitServerName() with `NAME=TARGET`. */

import assert from "node:assert/strict";
import { parseServerArg, splitServerName } from "../../src/7_features/conformance/server_arg.ts";
import { UsageError } from "../../src/0_base/errors/errors.ts";

Deno.test("splitServerName() reads NAME= only where a name can stand", async (t) => {
  const cases: Array<[string, { name?: string; target: string }]> = [
    ["local=deno run s.ts", { name: "local", target: "deno run s.ts" }],
    ["api=http://127.0.0.1:3000/mcp", { name: "api", target: "http://127.0.0.1:3000/mcp" }],
    ["http://127.0.0.1:3000/mcp?a=b", { target: "http://127.0.0.1:3000/mcp?a=b" }],
    ["deno run s.ts --port=3", { target: "deno run s.ts --port=3" }],
    ["'my server=x' run", { target: "'my server=x' run" }],
    [" my.srv-1=node s.js ", { name: "my.srv-1", target: "node s.js" }],
  ];
  for (const [arg, expected] of cases) {
    await t.step(arg, () => assert.deepEqual(splitServerName(arg), expected));
  }
});

Deno.test("parseServerArg() names the server from NAME=, else from options.name", async (t) => {
  await t.step("NAME=command", () => {
    const spec = parseServerArg("local=deno run s.ts", { name: "server" });
    assert.equal(spec.name, "local");
    assert.equal(spec.key, "local");
    assert.deepEqual(spec.target, { kind: "stdio", command: ["deno", "run", "s.ts"], env: {} });
  });
  await t.step("NAME=URL keeps --header", () => {
    const spec = parseServerArg("api=https://x/mcp", { headers: ["A: b"] });
    assert.equal(spec.name, "api");
    assert.deepEqual(spec.target, {
      kind: "http",
      url: "https://x/mcp",
      headers: { A: "b" },
      transport: "auto",
    });
  });
  await t.step("bare target: options.name, else conformance", () => {
    assert.equal(parseServerArg("deno run s.ts", { name: "server" }).name, "server");
    assert.equal(parseServerArg("deno run s.ts").name, "conformance");
  });
  await t.step("NAME= without a target", () => {
    assert.throws(() => parseServerArg("local="), UsageError);
    assert.throws(() => parseServerArg("local=  "), /missing the target/);
  });
});
