/** @module Server target sources: precedence per name across flags and config files, `source` recorded. */

import assert from "node:assert/strict";
import { join } from "node:path";
import { loadSuite } from "../../../src/3_load/config/load_suite.ts";
import { loadMessages, withFiles } from "./_helpers.ts";

const stdio = (name: string, from: string, extra = "") =>
  `  ${name}:\n    command: ["${from}-${name}"]\n${extra}`;

Deno.test("loadSuite() resolves each server name from the highest source that defines it", async () => {
  const testFile = `servers:
${stdio("s1", "file")}${stdio("s2", "file")}${stdio("s3", "file")}${stdio("s4", "file")}${
    stdio("s5", "file")
  }  shadowed:
    url: "\${UNSET_URL}"
tools:
${
    ["s1", "s2", "s3", "s4", "s5", "shadowed", "cli_only"].map((s) =>
      `  - { name: uses ${s}, server: ${s}, tool: echo }`
    ).join("\n")
  }
`;
  await withFiles({
    "suite.yml": testFile,
    "mcptest.yml": `servers:\n${stdio("s1", "config")}${stdio("s2", "config")}${
      stdio("s3", "config")
    }${stdio("s4", "config")}`,
    "mcptest.local.yml": `servers:\n${stdio("s1", "local")}${stdio("s2", "local")}${
      stdio("s3", "local")
    }`,
    "conf/servers.yml": `servers:\n${
      stdio("s1", "serverconfig", "    protocol_version: v2025-06-18\n    timeout_ms: 5000\n")
    }${stdio("s2", "serverconfig", '    cwd: "."\n    args: [--port, 8080]\n')}`,
  }, async (dir) => {
    const suite = await loadSuite({
      paths: ["suite.yml"],
      cwd: dir,
      serverConfigFile: "conf/servers.yml",
      serverOverrides: [
        "s1=deno run -A 'my server.ts'",
        "shadowed=http://127.0.0.1:9/mcp",
        "cli_only=https://example.test/mcp",
      ],
      env: {},
    });
    const byTest = Object.fromEntries(suite.tests.map((t) => [t.name, t.serverKey]));
    assert.deepEqual(byTest, {
      "uses s1": "s1",
      "uses s2": "s2",
      "uses s3": "s3",
      "uses s4": "s4",
      "uses s5": "suite.yml#s5",
      "uses shadowed": "shadowed",
      "uses cli_only": "cli_only",
    });
    const summary = Object.fromEntries(
      Object.values(suite.servers).map((
        s,
      ) => [s.key, [s.source, s.target.kind === "stdio" ? s.target.command : s.target.url]]),
    );
    assert.deepEqual(summary, {
      s1: ["cli flag", ["deno", "run", "-A", "my server.ts"]],
      s2: ["server-config", ["serverconfig-s2", "--port", "8080"]],
      s3: ["mcptest.local.yml", ["local-s3"]],
      s4: ["mcptest.yml", ["config-s4"]],
      "suite.yml#s5": ["test file", ["file-s5"]],
      shadowed: ["cli flag", "http://127.0.0.1:9/mcp"],
      cli_only: ["cli flag", "https://example.test/mcp"],
    });
    // A --server flag replaces the target and keeps the next layer's settings.
    assert.equal(suite.servers.s1?.revision, "2025-06-18");
    assert.equal(suite.servers.s1?.timeoutMs, 5000);
    // cwd is relative to the file that declares the server.
    const s2 = suite.servers.s2?.target;
    assert.equal(s2?.kind === "stdio" && s2.cwd, join(dir, "conf"));
    assert.equal(suite.servers.s4?.timeoutMs, 30000);
    assert.equal(suite.servers.s4?.parallel, false);
    assert.deepEqual(suite.servers.s4?.pos, { file: "mcptest.yml", line: 8, col: 3 });
  });
});

Deno.test("loadSuite() builds stdio and http targets", async (t) => {
  await t.step("command string split like a shell, args appended, defaults applied", async () => {
    const text = `servers:
  local:
    command: "node 'dist/my server.js' --name \\"a b\\""
    args: [--verbose, 3]
    env: { DEBUG: 1 }
    cwd: sub
    protocol_version: draft
    parallel: true
    timeout_ms: 1000
  remote:
    url: "\${BASE}/mcp"
    headers: { X-Trace: on }
    transport: sse
tools:
  - { name: t, server: local, tool: x }
`;
    await withFiles({ "tests/s.yml": text }, async (dir) => {
      const suite = await loadSuite({
        paths: [],
        cwd: dir,
        env: { BASE: "http://127.0.0.1:3000" },
      });
      assert.deepEqual(suite.servers["tests/s.yml#local"], {
        key: "tests/s.yml#local",
        name: "local",
        target: {
          kind: "stdio",
          command: ["node", "dist/my server.js", "--name", "a b", "--verbose", "3"],
          env: { DEBUG: "1" },
          cwd: join(dir, "tests", "sub"),
        },
        revision: "2026-07-28",
        parallel: true,
        timeoutMs: 1000,
        source: "test file",
        pos: { file: "tests/s.yml", line: 2, col: 3 },
      });
      assert.deepEqual(suite.servers["tests/s.yml#remote"]?.target, {
        kind: "http",
        url: "http://127.0.0.1:3000/mcp",
        headers: { "X-Trace": "on" },
        transport: "sse",
      });
    });
  });

  await t.step(
    "the single top-level server: form is named default and needs no server:",
    async () => {
      await withFiles({
        "s.yml": "server:\n  command: ./my-mcp-server\ntools:\n  - { name: t, tool: x }\n",
      }, async (dir) => {
        const suite = await loadSuite({ paths: ["s.yml"], cwd: dir, env: {} });
        assert.equal(suite.tests[0]?.serverKey, "s.yml#default");
        assert.equal(suite.servers["s.yml#default"]?.name, "default");
      });
    },
  );

  await t.step("a file with no servers uses the only global server", async () => {
    await withFiles({
      "mcptest.yml": "servers:\n  main: { url: 'http://127.0.0.1:1/mcp' }\n",
      "tests/a.yml": "tools:\n  - { name: t, tool: x }\n",
    }, async (dir) => {
      const suite = await loadSuite({ paths: [], cwd: dir, env: {} });
      assert.equal(suite.tests[0]?.serverKey, "main");
    });
  });

  await t.step("a bad --server flag and an unknown server with none declared", async () => {
    await withFiles(
      { "s.yml": "tools:\n  - { name: t, server: nope, tool: x }\n" },
      async (dir) => {
        assert.deepEqual(await loadMessages({ paths: ["s.yml"], cwd: dir }), [
          's.yml:2:24: unknown server "nope"; no servers are declared (add servers: or pass --server name=command)',
        ]);
        assert.deepEqual(
          await loadMessages({ paths: ["s.yml"], cwd: dir, serverOverrides: ["justaname"] }),
          [
            'invalid --server "justaname": missing "="; expected name=command... or name=url',
            's.yml:2:24: unknown server "nope"; no servers are declared (add servers: or pass --server name=command)',
          ],
        );
      },
    );
  });

  await t.step("mcptest.local.yml may only hold servers:", async () => {
    await withFiles({ "mcptest.local.yml": "variables:\n  a: 1\n" }, async (dir) => {
      assert.deepEqual(await loadMessages({ paths: [], cwd: dir }), [
        'mcptest.local.yml:1:1: "variables" is not read from mcptest.local.yml; it may only hold servers:',
      ]);
    });
  });
});
