/** @module redactOnce(): the assembled record, with every secret the run knows when it ends. */

import assert from "node:assert/strict";
import { redactOnce } from "../../../src/5_execute/suite/redact_once.ts";
import { RuntimeSecrets } from "../../../src/2_connect/auth/runtime_secrets.ts";
import { recordOf, resultOf } from "./_records.ts";

Deno.test("redactOnce() hides the suite's secrets and the tokens learnt after the run began", () => {
  const secrets = new RuntimeSecrets(["suite-secret"]);
  const record = recordOf([
    resultOf("a suite-secret", "fail", { failure: { message: "got learnt-token-42" } }),
    resultOf("rule", "pass", { kind: "compliance", id: "x::compliance::learnt-token-42" }),
  ]);
  // A token the auth layer learns mid-run joins the live list the stage reads at the end.
  secrets.add("learnt-token-42");
  const text = JSON.stringify(redactOnce(record, secrets));
  assert.doesNotMatch(text, /suite-secret|learnt-token-42/);
  assert.match(text, /\[REDACTED\]/);
});

Deno.test("redactOnce() keeps the shape: statuses, kinds and the summary stay", () => {
  const record = recordOf([resultOf("a hunter2", "fail"), resultOf("b", "skip")]);
  const redacted = redactOnce(record, new RuntimeSecrets(["hunter2"]));
  assert.deepEqual(redacted.summary, record.summary);
  assert.deepEqual(redacted.tests.map((t) => [t.kind, t.status]), [["tool", "fail"], [
    "tool",
    "skip",
  ]]);
  assert.equal(redacted.tests[0]?.name, "a [REDACTED]");
});
