/** @module The doctor's readiness judgement (ready: false, a missing capability) and its URL redaction, without a server. */

import assert from "node:assert/strict";
import { neededCapabilities, reportsNotReady } from "../../../src/7_features/doctor/readiness.ts";
import { redactUrls, urlSecrets } from "../../../src/7_features/doctor/redact_urls.ts";
import type { ServerSpec, Suite } from "../../../src/3_load/config/types.ts";

Deno.test("reportsNotReady() reads ready: false at the top level or in _meta, nothing else", () => {
  assert.equal(reportsNotReady({ ready: false }), "its initialize result says ready: false");
  assert.equal(
    reportsNotReady({ _meta: { ready: false } }),
    "its initialize result says _meta.ready: false",
  );
  assert.equal(
    reportsNotReady({ _meta: { "io.example/ready": false } }),
    "its initialize result says _meta.io.example/ready: false",
  );
  for (const fine of [{}, { ready: true }, { ready: "no" }, { _meta: { ready: true } }, null, 3]) {
    assert.equal(reportsNotReady(fine), undefined, JSON.stringify(fine));
  }
  assert.equal(reportsNotReady({ _meta: { already: false } }), undefined);
});

Deno.test("neededCapabilities() counts what each server's tests need, skipped tests aside", () => {
  const test = (serverKey: string, call: unknown, skip?: string) => ({ serverKey, call, skip });
  const suite = {
    tests: [
      test("a", { kind: "tool", tool: "x", args: {} }),
      test("a", { kind: "tool", tool: "y", args: {} }),
      test("a", { kind: "list", list: "resource_templates" }),
      test("a", { kind: "prompt", prompt: "p", args: {} }, "later"),
      test("b", { kind: "resource", uri: "file:///x" }),
      test("b", { kind: "list", list: "prompts" }),
    ],
  } as unknown as Pick<Suite, "tests">;
  const needs = neededCapabilities(suite);
  assert.deepEqual([...needs.get("a")!], [["tools", 2], ["resources", 1]]);
  assert.deepEqual([...needs.get("b")!], [["resources", 1], ["prompts", 1]]);
});

Deno.test("doctor redaction: URL credentials and query values leave every string", () => {
  const url = "http://admin:p%40ss-w0rd@127.0.0.1:9/mcp?api_key=tok-123456&v=1&scenario=legacy";
  const server = { target: { kind: "http", url } } as unknown as ServerSpec;
  const secrets = urlSecrets([server]);
  assert.ok(secrets.includes("p%40ss-w0rd") && secrets.includes("p@ss-w0rd"), String(secrets));
  assert.ok(secrets.includes("tok-123456"));
  assert.ok(!secrets.includes("1"), "a short query value is not a secret");
  assert.ok(!secrets.includes("legacy"), "nor one whose name is not a credential's");
  const redacted = redactUrls({ target: url, layers: [{ detail: `connect to ${url} failed` }] });
  const text = JSON.stringify(redacted);
  assert.doesNotMatch(text, /p%40ss|tok-123456|admin/);
  assert.match(
    text,
    /http:\/\/127\.0\.0\.1:9\/mcp\?api_key=\[REDACTED\]&v=\[REDACTED\]&scenario=\[REDACTED\]/,
  );
});
