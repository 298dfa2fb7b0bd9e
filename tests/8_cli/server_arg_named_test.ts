/** @module The one `--server` parser (parseServerFlag, serverFromFlag, parseHeaderFlags): names, targets, and the same message for every command. */

import assert from "node:assert/strict";
import {
  DEFAULT_TIMEOUT_MS,
  parseHeaderFlags,
  parseServerFlag,
  serverFromFlag,
} from "../../src/3_load/config/server_spec.ts";
import { ConfigError } from "../../src/0_base/errors/errors.ts";

const expected = "expected name=command... or name=url";

Deno.test("parseServerFlag() reads NAME= only where a name can stand", async (t) => {
  const cases: Array<[string, { name: string; target: string }]> = [
    ["local=deno run s.ts", { name: "local", target: "deno run s.ts" }],
    ["api=http://127.0.0.1:3000/mcp", { name: "api", target: "http://127.0.0.1:3000/mcp" }],
    ["http://127.0.0.1:3000/mcp?a=b", { name: "dflt", target: "http://127.0.0.1:3000/mcp?a=b" }],
    ["deno run s.ts --port=3", { name: "dflt", target: "deno run s.ts --port=3" }],
    ["'my server=x' run", { name: "dflt", target: "my server=x run" }],
    [" my.srv-1=node s.js ", { name: "my.srv-1", target: "node s.js" }],
    ["items = node s.js", { name: "items", target: "node s.js" }],
    ["ns/items=node s.js", { name: "ns/items", target: "node s.js" }],
    ["--flag=1 node", { name: "dflt", target: "--flag=1 node" }],
  ];
  for (const [flag, want] of cases) {
    await t.step(flag, () => {
      const { name, target } = parseServerFlag(flag, { defaultName: "dflt" });
      assert.equal(name, want.name);
      const text = target.kind === "http" ? target.url : target.command.join(" ");
      assert.equal(text, want.target);
    });
  }
});

Deno.test("parseServerFlag() makes HTTP targets from URLs and stdio targets from commands", async (t) => {
  await t.step("URL with --header values", () => {
    const { target } = parseServerFlag("api=https://x/mcp", {
      headers: ["Authorization: Bearer x", "X-A:b"],
    });
    assert.deepEqual(target, {
      kind: "http",
      url: "https://x/mcp",
      headers: { Authorization: "Bearer x", "X-A": "b" },
      transport: "auto",
    });
  });
  await t.step("a command is split like a POSIX shell, without expansion", () => {
    const cases: Array<[string, string[]]> = [
      ["deno run -A server.ts", ["deno", "run", "-A", "server.ts"]],
      [`node "my server.js" --name 'a b'`, ["node", "my server.js", "--name", "a b"]],
      [String.raw`python srv\ 1.py ""`, ["python", "srv 1.py", ""]],
      [`echo "say \\"hi\\""`, ["echo", 'say "hi"']],
      ["node $HOME/s.js", ["node", "$HOME/s.js"]],
    ];
    for (const [line, argv] of cases) {
      assert.deepEqual(parseServerFlag(`s=${line}`).target, {
        kind: "stdio",
        command: argv,
        env: {},
      });
    }
  });
  await t.step("--header values are ignored for a command", () => {
    assert.equal(parseServerFlag("s=node s.js", { headers: ["nocolon"] }).target.kind, "stdio");
  });
});

Deno.test("parseServerFlag() says what is wrong in one message, whatever the command", async (t) => {
  const cases: Array<[string, string | undefined, string]> = [
    ["justaname", undefined, 'missing "="'],
    ["=deno run s.ts", undefined, "missing the server name"],
    ["=deno run s.ts", "dflt", "missing the server name"],
    ["http://x/mcp?a=b", undefined, "missing the server name"],
    ["my server=x", undefined, "missing the server name"],
    ["local=", undefined, "missing the target"],
    ["local=  ", "dflt", "missing the target"],
    ["  ", "dflt", "missing the target"],
    ["local=''", "dflt", "the command names no program"],
    [`local=node "s.js`, "dflt", "unterminated double quote"],
    [`node 's.js`, "dflt", "unterminated single quote"],
    ["local=http://", "dflt", '"url" must be an absolute http:// or https:// URL, got "http://"'],
  ];
  for (const [flag, defaultName, why] of cases) {
    await t.step(`${flag} (${defaultName ? "bare allowed" : "name required"})`, () => {
      assert.throws(
        () => parseServerFlag(flag, defaultName ? { defaultName } : {}),
        (e: unknown) =>
          e instanceof ConfigError && e.exitCode === 2 &&
          e.message === `invalid --server ${JSON.stringify(flag)}: ${why}; ${expected}`,
      );
    });
  }
  await t.step("a malformed --header", () => {
    assert.throws(
      () => parseServerFlag("api=https://x/mcp", { headers: ["nocolon"] }),
      (e: unknown) =>
        e instanceof ConfigError && e.exitCode === 2 &&
        e.message === 'cannot parse header "nocolon": expected "Name: value"',
    );
    assert.throws(() => parseHeaderFlags([": v"]), ConfigError);
  });
});

Deno.test("serverFromFlag() makes a whole server from the flag", async (t) => {
  await t.step("NAME=command: key and name, a live cli flag, the default timeout", () => {
    assert.deepEqual(serverFromFlag("local=deno run s.ts", { defaultName: "server" }), {
      key: "local",
      name: "local",
      target: { kind: "stdio", command: ["deno", "run", "s.ts"], env: {} },
      parallel: false,
      timeoutMs: DEFAULT_TIMEOUT_MS,
      source: "cli flag",
    });
  });
  await t.step("a bare target takes the default name, and the timeout given", () => {
    const spec = serverFromFlag("http://127.0.0.1:1/mcp", {
      defaultName: "conformance",
      timeoutMs: 500,
    });
    assert.equal(spec.name, "conformance");
    assert.equal(spec.timeoutMs, 500);
  });
});
