/** @module `mcptest run --verbose`: every JSON-RPC frame on stderr, redacted and terminal-safe (real CLI). */

import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { mcptest, tempProject } from "../../_helpers/cli.ts";
import { frameLine } from "../../../src/8_cli/verbose_frames.ts";

const SECRET = "vErb0se-s3cret-4471";
const SERVER = fileURLToPath(new URL("./fixtures/echo_esc_server.ts", import.meta.url));

const SUITE = `servers:
  echoer:
    command: ${JSON.stringify([Deno.execPath(), "run", SERVER])}
tools:
  - name: echo the token
    server: echoer
    tool: echo
    args:
      text_Env: API_TOKEN
    expect:
      - target: result.content[0].text
        matcher: { regex: "^vErb0se" }
  - name: junk answer
    server: echoer
    tool: junk
    args: {}
    # A line that is not JSON answers no request: the call fails at its timeout, and fails the
    # same whenever that is (the server never answers it), so it need not be the server's 30 s.
    timeout_ms: 1000
`;

Deno.test("mcptest run --verbose prints each frame, redacted and without an ESC byte", async (t) => {
  const dir = await tempProject({ "suite.yml": SUITE });
  try {
    await t.step("with --verbose: sent and received frames with the server name", async () => {
      const run = await mcptest(["run", "suite.yml", "--verbose", "--no-cache"], {
        cwd: dir,
        env: { API_TOKEN: SECRET },
      });
      assert.equal(run.code, 1, run.stdout + run.stderr);
      assert.match(run.stdout, /PASS\s+echo the token/);
      assert.match(run.stderr, /^> echoer \{"jsonrpc":"2\.0","id":\d+,"method":"initialize"/m);
      assert.match(
        run.stderr,
        /^< echoer \{"jsonrpc":"2\.0","id":\d+,"result":\{"protocolVersion"/m,
      );
      assert.match(
        run.stderr,
        /^> echoer \{"jsonrpc":"2\.0","method":"notifications\/initialized"/m,
      );
      assert.match(run.stderr, /^> echoer .*"method":"tools\/call".*"text":"\[REDACTED\]"/m);
      assert.match(run.stderr, /^< echoer .*"text":"\[REDACTED\]"/m);
      assert.match(run.stderr, /^< echoer \\u001b\[2J\\u001b\[31mnot json$/m);
      assert.equal(run.stderr.includes(SECRET), false, "the secret leaked");
      assert.equal(run.stderr.includes("\u001b"), false, "a raw ESC byte reached stderr");
      assert.equal(run.stdout.includes("\u001b"), false);
    });
    await t.step("without --verbose: no frame is printed", async () => {
      const run = await mcptest(["run", "suite.yml", "--no-cache"], {
        cwd: dir,
        env: { API_TOKEN: SECRET },
      });
      assert.equal(run.code, 1, run.stdout + run.stderr);
      assert.match(run.stdout, /PASS\s+echo the token/);
      assert.doesNotMatch(run.stderr, /^[<>] echoer /m);
      assert.doesNotMatch(run.stdout, /^[<>] echoer /m);
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("frameLine() hides secrets, escapes controls and newlines, and defuses workflow commands", async (t) => {
  await t.step("sent and received arrows", () => {
    assert.equal(frameLine("sent", "a", "{}", []), "> a {}");
    assert.equal(frameLine("received", "a", "{}", []), "< a {}");
  });
  await t.step("a secret is hidden, also JSON-escaped", () => {
    const line = frameLine("received", "a", '{"t":"x-tok\\"en-1"}', ['x-tok"en-1']);
    assert.equal(line, '< a {"t":"[REDACTED]"}');
  });
  await t.step("ESC and a newline show escaped: one line per frame", () => {
    const line = frameLine("received", "a", '{\n"t":"\u001b[31m"}', []);
    assert.equal(line, '< a {\\u000a"t":"\\u001b[31m"}');
  });
  await t.step("the server name is escaped too", () => {
    assert.equal(frameLine("sent", "a\u001b", "{}", []), "> a\\u001b {}");
  });
});
