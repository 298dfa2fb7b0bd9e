/** @module A secret that a fixture server echoes back in a header, a Set-Cookie and a body never reaches a cassette (real CLI). */

import assert from "node:assert/strict";
import { mcptest, startHttp, tempProject } from "../../_helpers/cli.ts";

const SECRET = "s3cr3t-T0KEN-value-8641";
const FIXTURE = new URL("./_echo_secret_server.ts", import.meta.url).pathname;

Deno.test("no form of a secret echoed by the server reaches the cassette", async () => {
  const server = await startHttp(
    [Deno.execPath(), "run", "--quiet", "--allow-net=127.0.0.1", FIXTURE],
    {},
  );
  const dir = await tempProject({
    "suite.yml": `servers:
  echo:
    url: ${server.url}
    transport: streamable-http
    protocol_version: "2025-06-18"
    headers:
      Authorization_Env: API_TOKEN
tools:
  - name: whoami
    server: echo
    tool: whoami
    args:
      token_Env: API_TOKEN
    expect:
      - target: result.content[0].text
        matcher: { regex: "^you sent " }
      - response_headers:
          mcp-session-id: "<session-id>"
`,
  });
  const env = { API_TOKEN: SECRET };
  try {
    const recorded = await mcptest(["run", "suite.yml", "--record"], { cwd: dir, env });
    // Live, the session id is a fresh UUID: the header budget fails; the assertion passes.
    assert.equal(recorded.code, 1, recorded.stdout + recorded.stderr);
    const text = await Deno.readTextFile(`${dir}/cassettes/suite__echo.json`);
    const forms = [SECRET, encodeURIComponent(SECRET), btoa(SECRET), "s3cr3t"];
    for (const form of forms) assert.ok(!text.includes(form), `"${form}" reached the cassette`);
    const cassette = JSON.parse(text);
    const call = cassette.exchanges.find((e: { request: { method: string } }) =>
      e.request.method === "tools/call"
    );
    assert.match(call.response.result.content[0].text, /^you sent \[REDACTED\] at <timestamp>$/);
    assert.equal(call.request.params.arguments.token, "[REDACTED]");
    const headers = call.http.headers;
    assert.equal(headers["x-echo-auth"], "[REDACTED]");
    assert.equal(headers["set-cookie"], undefined, "Set-Cookie dropped");
    assert.equal(headers["authorization"], undefined);
    assert.equal(headers["mcp-session-id"], "<session-id>");
    assert.equal(headers["date"], "<date>");
    assert.equal(call.http.status, 200);

    // Replay, with the server gone: the normalised header now matches.
    await server.stop();
    const replayed = await mcptest(["run", "suite.yml"], { cwd: dir, env });
    assert.equal(replayed.code, 0, replayed.stdout + replayed.stderr);
    assert.ok(!replayed.stdout.includes(SECRET));
  } finally {
    await server.stop();
    await Deno.remove(dir, { recursive: true });
  }
});
