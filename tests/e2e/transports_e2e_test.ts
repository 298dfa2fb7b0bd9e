/** @module `mcptest run` against real servers over stdio and Streamable HTTP. */

import assert from "node:assert/strict";
import {
  type HttpChild,
  itemsServerArgv,
  mcptest,
  startHttp,
  tempProject,
} from "../_helpers/cli.ts";
import { portBelowEphemeral } from "../fixtures/transport/helpers.ts";

const EVERYTHING = "npm:@modelcontextprotocol/server-everything@2026.8.31";
const everythingArgv = (
  mode: string,
) => [Deno.execPath(), "run", "--quiet", "-A", "--no-config", "--no-lock", EVERYTHING, mode];

const itemsTests = (server: string) =>
  `tools:
  - name: add over ${server}
    server: ${server}
    tool: add
    args: { a: 2, b: 40 }
    expect:
      - target: result.structuredContent
        matcher: { exact: { sum: 42 } }
resources:
  - name: missing resource over ${server}
    server: ${server}
    uri: "items://999"
    expect:
      - target: result.error.code
        matcher: { exact: -32602 }
prompts:
  - name: greeting over ${server}
    server: ${server}
    prompt: greeting
    args: { name: Ada }
    expect:
      - target: result.messages[0].content.text
        matcher: { icontains: ada }
`;

Deno.test("mcptest run passes against the example server over stdio and Streamable HTTP", async () => {
  const http = await startHttp(itemsServerArgv("--http", "--port", "0"));
  const dir = await tempProject({
    "suite.yml": `servers:\n  stdio:\n    command: ${
      JSON.stringify(itemsServerArgv())
    }\n  http:\n    url: ${http.url}\n${itemsTests("stdio")}`,
    "http.yml": itemsTests("http"),
  });
  try {
    const run = await mcptest(["run", "suite.yml", "--server", `http=${http.url}`], { cwd: dir });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /3 passed, 0 failed/);
    const both = await mcptest(["run", "suite.yml", "http.yml", "--server", `http=${http.url}`], {
      cwd: dir,
    });
    assert.equal(both.code, 0, both.stdout + both.stderr);
    assert.match(both.stdout, /6 passed, 0 failed/);
  } finally {
    await http.stop();
    await Deno.remove(dir, { recursive: true });
  }
});

/**
 * server-everything over Streamable HTTP. It takes its port from PORT and prints the PORT it was
 * given, not the port bound, so port 0 cannot be read back: it gets a port port-0 servers are
 * never handed, and is started again on another should a concurrent run pick the same one.
 */
async function startEverythingHttp(): Promise<HttpChild> {
  for (let attempt = 1;; attempt++) {
    try {
      return await startHttp(everythingArgv("streamableHttp"), {
        PORT: String(portBelowEphemeral()),
      });
    } catch (error) {
      if (attempt >= 5 || !/EADDRINUSE/.test(String(error))) throw error;
    }
  }
}

Deno.test("mcptest run passes against server-everything (npm) over stdio and Streamable HTTP", async () => {
  const http = await startEverythingHttp();
  const suite = (server: string) =>
    `  - name: echo over ${server}
    server: ${server}
    tool: echo
    args: { message: "hello mcptest" }
    expect:
      - target: result.content[0].text
        matcher: { exact: "Echo: hello mcptest" }
      - target: result
        matcher: { is-valid-tools-call: true }
`;
  const dir = await tempProject({
    "suite.yml": `servers:\n  stdio:\n    command: ${
      JSON.stringify(everythingArgv("stdio"))
    }\n    timeout_ms: 60000\n  http:\n    url: ${
      http.url.replace(/\/mcp$/, "/mcp")
    }\n    timeout_ms: 60000\ntools:\n${suite("stdio")}${suite("http")}`,
  });
  try {
    const run = await mcptest(["run", "suite.yml"], { cwd: dir });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /2 passed, 0 failed/);
  } finally {
    await http.stop();
    await Deno.remove(dir, { recursive: true });
  }
});
