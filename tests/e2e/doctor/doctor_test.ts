/** @module `mcptest doctor` through the real CLI: stdio and URL layers, sources, overrides, the migration probe. */

import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { itemsServerArgv, mcptest, startHttp, tempProject } from "../../_helpers/cli.ts";

const RAW = fileURLToPath(new URL("../../fixtures/transport/raw_stdio_server.ts", import.meta.url));
const raw = (mode: string) => `'${Deno.execPath()}' run '${RAW}' ${mode}`;
const layerLines = (stdout: string) =>
  [...stdout.matchAll(/\[( OK |FAIL| -- )\] (\w+)/g)].map((m) => `${m[1]!.trim()} ${m[2]}`);

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

/**
 * `--timeout` of a case whose verdict never waits for it: it only bounds a hang, so a busy machine
 * (a slow `deno run` start) cannot reach it.
 */
const HANG_TIMEOUT = "120000";
/** `--timeout` of a case whose verdict is the timeout (a server that never answers). */
const SILENT_TIMEOUT = "500";
/**
 * `--timeout` of the server that answers the handshake, then writes garbage instead of answers:
 * its handshake must pass within it (a few hundred ms, also under load: far from 5 s), and
 * readiness fails once it is out (the garbage answers no request).
 */
const GARBAGE_TIMEOUT = "5000";

Deno.test("doctor walks stdio servers through spawn, framing, initialize, readiness and stops at the failing layer", async (t) => {
  const cases: [string, string, string[], RegExp][] = [
    ["healthy", itemsServerArgv().map((a) => `'${a}'`).join(" "), [
      "OK spawn",
      "OK framing",
      "OK initialize",
      "OK readiness",
    ], /tools\/list answered/],
    ["command does not exist", "no-such-command-mcptest --x", ["FAIL spawn"], /command not found/],
    [
      "crashes on start",
      raw("crash"),
      ["FAIL spawn"],
      /exited with code 2.*cannot start: missing config/,
    ],
    [
      "non-JSON on stdout",
      raw("banner"),
      ["OK spawn", "FAIL framing"],
      /server wrote non-JSON to stdout: "Server ready! \(not JSON\)"/,
    ],
    [
      "rejects initialize",
      raw("badinit"),
      ["OK spawn", "OK framing", "FAIL initialize"],
      /mcp initialize rejected/,
    ],
    [
      "never answers",
      raw("silent"),
      ["OK spawn", "OK framing", "FAIL initialize"],
      /no response|timed out|within/,
    ],
    ["garbage after the handshake", raw("garbage"), [
      "OK spawn",
      "OK framing",
      "OK initialize",
      "FAIL readiness",
    ], /not ready/],
  ];
  for (const [name, command, layers, symptom] of cases) {
    await t.step(name, async () => {
      const timeout = name === "never answers"
        ? SILENT_TIMEOUT
        : name === "garbage after the handshake"
        ? GARBAGE_TIMEOUT
        : HANG_TIMEOUT;
      const run = await mcptest(["doctor", "--command", command, "--timeout", timeout]);
      assert.deepEqual(layerLines(run.stdout), layers, run.stdout + run.stderr);
      assert.match(run.stdout, symptom);
      assert.equal(run.code, layers.at(-1)!.startsWith("OK") ? 0 : 1);
      if (run.code === 1) assert.match(run.stdout, /fix: /);
    });
  }
});

Deno.test("doctor walks URL targets through DNS, TCP, TLS, HTTP, auth, initialize, readiness", async (t) => {
  const plain = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (request) => {
    const path = new URL(request.url).pathname;
    if (path === "/gone") return new Response("not here", { status: 404 });
    if (path === "/gateway") return new Response("bad gateway", { status: 502 });
    if (path === "/private") {
      return new Response("who are you", {
        status: 401,
        headers: { "www-authenticate": "Bearer" },
      });
    }
    return Response.json({
      jsonrpc: "2.0",
      id: 0,
      error: { code: -32603, message: "initialize is broken here" },
    });
  });
  const dir = await Deno.makeTempDir();
  const key = `${dir}/key.pem`, cert = `${dir}/cert.pem`;
  const made = await new Deno.Command("openssl", {
    args: [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      key,
      "-out",
      cert,
      "-days",
      "1",
      "-subj",
      "/CN=localhost",
    ],
    stdout: "null",
    stderr: "null",
  }).output();
  assert.equal(made.success, true, "openssl made a self-signed certificate");
  const tls = Deno.serve({
    hostname: "127.0.0.1",
    port: 0,
    cert: await Deno.readTextFile(cert),
    key: await Deno.readTextFile(key),
    onListen() {},
  }, () => new Response("hi"));
  const items = await startHttp(itemsServerArgv("--http", "--port", "0"));
  const base = `http://127.0.0.1:${plain.addr.port}`;
  const cases: [string, string, string[], RegExp][] = [
    ["healthy", items.url, [
      "OK dns",
      "OK tcp",
      "-- tls",
      "OK http",
      "OK auth",
      "OK initialize",
      "OK readiness",
    ], /answered in/],
    [
      "unresolvable name",
      "http://mcptest-doctor.invalid/mcp",
      ["FAIL dns"],
      /failed to resolve mcptest-doctor\.invalid/,
    ],
    [
      "closed port",
      `http://127.0.0.1:${freePort()}/mcp`,
      ["OK dns", "FAIL tcp"],
      /tcp connect failed/,
    ],
    ["TLS to a plain port", `https://127.0.0.1:${plain.addr.port}/mcp`, [
      "OK dns",
      "OK tcp",
      "FAIL tls",
    ], /tls handshake failed/],
    ["self-signed certificate", `https://127.0.0.1:${tls.addr.port}/mcp`, [
      "OK dns",
      "OK tcp",
      "FAIL tls",
    ], /tls handshake failed/],
    ["HTTP 404", `${base}/gone`, ["OK dns", "OK tcp", "-- tls", "FAIL http"], /http 404 from/],
    ["HTTP 502", `${base}/gateway`, ["OK dns", "OK tcp", "-- tls", "FAIL http"], /http 502 from/],
    [
      "401",
      `${base}/private`,
      ["OK dns", "OK tcp", "-- tls", "OK http", "FAIL auth"],
      /authentication failed: 401/,
    ],
    ["initialize rejected", `${base}/mcp`, [
      "OK dns",
      "OK tcp",
      "-- tls",
      "OK http",
      "OK auth",
      "FAIL initialize",
    ], /mcp initialize rejected/],
  ];
  try {
    for (const [name, url, layers, symptom] of cases) {
      await t.step(name, async () => {
        const run = await mcptest(["doctor", "--url", url, "--timeout", HANG_TIMEOUT]);
        assert.deepEqual(layerLines(run.stdout), layers, run.stdout + run.stderr);
        assert.match(run.stdout, symptom);
        assert.equal(run.code, name === "healthy" ? 0 : 1);
      });
    }
  } finally {
    await items.stop();
    await plain.shutdown();
    await tls.shutdown();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("doctor prints each resolved server's target and source; --server overrides win", async () => {
  const argv = JSON.stringify(itemsServerArgv());
  const dir = await tempProject({
    "suite.yml":
      `servers:\n  items:\n    command: ${argv}\n  other:\n    command: ${argv}\ntools: []\n`,
  });
  try {
    const run = await mcptest([
      "doctor",
      "suite.yml",
      "--server",
      `other=${itemsServerArgv().join(" ")}`,
      "--timeout",
      HANG_TIMEOUT,
    ], { cwd: dir });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /^items {2}stdio:\/\/.*\(from test file, suite\.yml:2:3\)$/m);
    assert.match(run.stdout, /^other {2}stdio:\/\/.*\(from cli flag/m);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("doctor --target-version 2026-07-28 adds the migration rows: legacy fails, conformant passes", async () => {
  const legacy = await mcptest([
    "doctor",
    "--command",
    itemsServerArgv("--scenario", "legacy").join(" "),
    "--target-version",
    "2026-07-28",
    "--timeout",
    HANG_TIMEOUT,
  ]);
  assert.equal(legacy.code, 1, legacy.stdout + legacy.stderr);
  assert.match(legacy.stdout, /\[FAIL\] legacy-error-code[\s\S]*-32602/);
  const conformant = await mcptest([
    "doctor",
    "--command",
    itemsServerArgv().join(" "),
    "--target-version",
    "2026-07-28",
    "--timeout",
    HANG_TIMEOUT,
  ]);
  assert.equal(conformant.code, 0, conformant.stdout + conformant.stderr);
  assert.match(conformant.stdout, /\[PASS\]/);
  const bad = await mcptest(["doctor", "--command", "x", "--target-version", "2025-06-18"]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /the only migration target is 2026-07-28/);
});
