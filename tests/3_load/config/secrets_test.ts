/** @module `<key>_Env` secrets: resolved through the variable stack, listed in Suite.secrets, never echoed. */

import assert from "node:assert/strict";
import { loadSuite } from "../../../src/3_load/config/load_suite.ts";
import { loadMessages, withFiles } from "./_helpers.ts";

const FILE = `servers:
  api:
    url: "https://api.example.test/mcp"
    headers:
      Authorization_Env: API_TOKEN
      X-Client: mcptest
  local:
    command: ["server"]
    env:
      API_KEY_Env: MY_KEY
      MODE: test

tools:
  - name: call with a secret argument
    server: local
    tool: login
    args:
      password_Env: PASSWORD
`;

Deno.test("loadSuite() resolves _Env secrets and lists them in Suite.secrets", async () => {
  await withFiles({ "s.yml": FILE, "ci.env": "API_TOKEN=Bearer tok-123\n" }, async (dir) => {
    const suite = await loadSuite({
      paths: ["s.yml"],
      cwd: dir,
      envFiles: ["ci.env"],
      env: { MY_KEY: "key-456" },
      vars: ["PASSWORD=pw-789"],
    });
    const api = suite.servers["s.yml#api"]?.target;
    const local = suite.servers["s.yml#local"]?.target;
    assert.deepEqual(api?.kind === "http" && api.headers, {
      Authorization: "Bearer tok-123",
      "X-Client": "mcptest",
    });
    assert.deepEqual(local?.kind === "stdio" && local.env, { API_KEY: "key-456", MODE: "test" });
    assert.deepEqual(suite.tests[0]?.call, {
      kind: "tool",
      tool: "login",
      args: { password: "pw-789" },
    });
    assert.deepEqual([...suite.secrets].sort(), ["Bearer tok-123", "key-456", "pw-789"]);
  });
});

Deno.test("loadSuite() names a missing secret variable, never a value", async (t) => {
  await t.step("missing secret", async () => {
    await withFiles({ "s.yml": FILE }, async (dir) => {
      const messages = await loadMessages({
        paths: ["s.yml"],
        cwd: dir,
        env: { MY_KEY: "key-456" },
      });
      assert.deepEqual(messages, [
        's.yml:5:26: secret variable "API_TOKEN" (for "Authorization_Env") is not set; define it with --var, in an env file or in the environment',
        's.yml:18:21: secret variable "PASSWORD" (for "password_Env") is not set; define it with --var, in an env file or in the environment',
      ]);
      assert.ok(messages.every((m) => !m.includes("key-456")));
    });
  });

  await t.step("both the plain key and its _Env form", async () => {
    const text =
      "server:\n  url: http://h/\n  headers:\n    Authorization: x\n    Authorization_Env: TOKEN\n";
    await withFiles({ "s.yml": text }, async (dir) => {
      assert.deepEqual(await loadMessages({ paths: ["s.yml"], cwd: dir, env: { TOKEN: "t" } }), [
        's.yml:5:5: "Authorization_Env" and "Authorization" are both set; keep one',
      ]);
    });
  });

  await t.step("an _Env value that is not a variable name", async () => {
    const text = "server:\n  url: http://h/\n  headers:\n    Authorization_Env: Bearer ${TOKEN}\n";
    await withFiles({ "s.yml": text }, async (dir) => {
      assert.deepEqual(await loadMessages({ paths: ["s.yml"], cwd: dir, env: { TOKEN: "t" } }), [
        's.yml:4:24: "Authorization_Env" must name a variable that holds the secret (e.g. API_TOKEN), got "Bearer ${TOKEN}"',
      ]);
    });
  });
});
