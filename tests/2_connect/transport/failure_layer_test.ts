/** @module Tests of failure-layer classification and the seed-004 symptom wording. */

import assert from "node:assert/strict";
import {
  classifyFetchError,
  ConnectError,
  framingFailure,
  httpStatusFailure,
  initializeFailure,
  readinessFailure,
  redactUrl,
  spawnFailure,
} from "../../../src/2_connect/transport/failure_layer.ts";
import { ExitCode } from "../../../src/0_base/errors/exit_codes.ts";
import { McptestError } from "../../../src/0_base/errors/errors.ts";

/** An error shaped like Deno's fetch failures: TypeError "fetch failed" with a cause. */
function fetchError(cause: string): TypeError {
  return new TypeError("fetch failed", { cause: new Error(cause) });
}

Deno.test("classifyFetchError() names the layer from the cause chain", async (t) => {
  const url = "http://api.example.invalid:8080/mcp";

  await t.step("dns", () => {
    const error = classifyFetchError(
      fetchError(
        `error sending request for url (${url}): client error (Connect): dns error: failed to lookup address information: Name or service not known`,
      ),
      url,
    );
    assert.equal(error.layer, "dns");
    assert.equal(error.message, "failed to resolve api.example.invalid");
  });

  await t.step("tcp (connection refused)", () => {
    const error = classifyFetchError(
      fetchError(
        `error sending request for url (${url}): client error (Connect): tcp connect error: Connection refused (os error 111)`,
      ),
      url,
    );
    assert.equal(error.layer, "tcp");
    assert.equal(error.message, "tcp connect failed: connection refused (os error 111)");
  });

  await t.step("tls (certificate and protocol errors)", () => {
    for (
      const cause of [
        "client error (Connect): invalid peer certificate: UnknownIssuer",
        "client error (Connect): received corrupt message of type InvalidContentType",
      ]
    ) {
      const error = classifyFetchError(
        fetchError(`error sending request for url (${url}): ${cause}`),
        url,
      );
      assert.equal(error.layer, "tls");
      assert.match(error.message, /^tls handshake failed: /);
      assert.doesNotMatch(error.message, /http:\/\//);
    }
  });

  await t.step("anything else is reported at the tcp layer with its text", () => {
    const error = classifyFetchError(new TypeError("Fetch failed: something odd"), url);
    assert.equal(error.layer, "tcp");
    assert.match(error.message, /^tcp connect failed: /);
  });
});

Deno.test("ConnectError factories use the seed-004 wording", async (t) => {
  await t.step("http and auth", () => {
    const http = httpStatusFailure(502, "http://user:pw@h.test/mcp");
    assert.equal(http.layer, "http");
    assert.equal(http.message, "http 502 from http://h.test/mcp");
    for (const status of [401, 403]) {
      const auth = httpStatusFailure(status, "http://h.test/mcp");
      assert.equal(auth.layer, "auth");
      assert.equal(auth.message, `authentication failed: http ${status} from http://h.test/mcp`);
    }
  });

  await t.step("initialize, readiness, spawn, framing", () => {
    assert.equal(initializeFailure("bad").message, "mcp initialize rejected: bad");
    assert.equal(
      readinessFailure("no tools").message,
      "server initialized but reported not ready: no tools",
    );
    assert.equal(
      spawnFailure("srv", "command not found").message,
      "spawn failed: srv: command not found",
    );
    const long = "x".repeat(100);
    assert.equal(
      framingFailure(long).message,
      `stdio framing error: server wrote non-JSON to stdout: ${"x".repeat(80)}...`,
    );
  });

  await t.step("is an McptestError with exit code 1", () => {
    const error = initializeFailure("x");
    assert.ok(error instanceof ConnectError);
    assert.ok(error instanceof McptestError);
    assert.equal(error.exitCode, ExitCode.TestsFailed);
  });

  await t.step("redactUrl() drops credentials only", () => {
    assert.equal(redactUrl("https://a:b@h.test/p?q=1"), "https://h.test/p?q=1");
    assert.equal(redactUrl("https://h.test/p"), "https://h.test/p");
  });
});
