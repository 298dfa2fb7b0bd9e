/** @module Tests of parseServerArg() and splitCommand(). */

import assert from "node:assert/strict";
import { parseServerArg, splitCommand } from "../../../src/7_features/conformance/server_arg.ts";
import { UsageError } from "../../../src/0_base/errors/errors.ts";

Deno.test("splitCommand() splits like a POSIX shell without expansion", async (t) => {
  const cases: Array<[string, string[]]> = [
    ["deno run -A server.ts", ["deno", "run", "-A", "server.ts"]],
    [`node "my server.js" --name 'a b'`, ["node", "my server.js", "--name", "a b"]],
    [String.raw`python srv\ 1.py ""`, ["python", "srv 1.py", ""]],
    [`echo "say \\"hi\\""`, ["echo", 'say "hi"']],
  ];
  for (const [line, argv] of cases) {
    await t.step(line, () => assert.deepEqual(splitCommand(line), argv));
  }
  await t.step("unbalanced quote", () => assert.throws(() => splitCommand(`a "b`), UsageError));
});

Deno.test("parseServerArg() makes HTTP targets from URLs and stdio targets from commands", async (t) => {
  await t.step("URL with headers", () => {
    const spec = parseServerArg("http://127.0.0.1:3000/mcp", {
      headers: ["Authorization: Bearer x"],
      timeoutMs: 500,
    });
    assert.deepEqual(spec.target, {
      kind: "http",
      url: "http://127.0.0.1:3000/mcp",
      headers: { Authorization: "Bearer x" },
      transport: "auto",
    });
    assert.equal(spec.timeoutMs, 500);
  });
  await t.step("command", () => {
    assert.deepEqual(parseServerArg("deno run s.ts").target, {
      kind: "stdio",
      command: ["deno", "run", "s.ts"],
      env: {},
    });
  });
  await t.step("empty command", () => assert.throws(() => parseServerArg("  "), UsageError));
  await t.step(
    "bad header",
    () => assert.throws(() => parseServerArg("https://x/y", { headers: ["nocolon"] }), UsageError),
  );
});
