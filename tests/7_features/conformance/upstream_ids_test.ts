/** @module Scores upstream's own corpus format with our probes and lists the check ids no probe matches. */

import assert from "node:assert/strict";
import { listCheckIds } from "../../../src/7_features/conformance/check_ids.ts";
import { EMBEDDED_CORPUS } from "../../../src/7_features/conformance/embedded.ts";
import { readFlatCorpus } from "../../../src/7_features/conformance/read_corpus_dir.ts";
import { fixture } from "./_cli.ts";

/** Ids about clients, authorization servers or workload identity: not observable on an MCP server. */
function notServerSide(check: string): boolean {
  return /-client-|^sep-\d+-as-|^wif-/.test(check) ||
    /^sep-(837|2207|2350|2352|2468)-/.test(check) ||
    // What the client puts in its own request (the server side is http-server-header-mismatch-400).
    check === "sep-2575-http-version-header-matches-meta";
}

/**
 * Server-side ids upstream checks that no probe of ours decides, each with the reason it cannot be
 * observed from outside a server. Kept exact so that a new probe or a new upstream id updates this
 * list on purpose.
 */
const KNOWN_GAPS: Readonly<Record<string, string>> = {
  "sep-2322-default-result-type-complete":
    "a client obligation (clients MUST assume complete); kept here because upstream files it under servers",
};

Deno.test("the probe registry scores a corpus in upstream's own flat format", async () => {
  const corpus = await readFlatCorpus(fixture("upstream_seps"), "2026-07-28");
  const listing = listCheckIds(corpus);
  const unmatched = listing.checks.filter((c) => !c.implemented).map((c) => c.check);
  const serverSide = unmatched.filter((check) => !notServerSide(check));
  console.log(`unmatched upstream check ids (${unmatched.length}):\n  ${unmatched.join("\n  ")}`);
  assert.ok(listing.implemented >= 40, `only ${listing.implemented} upstream ids have a probe`);
  assert.deepEqual(serverSide, Object.keys(KNOWN_GAPS));
  for (const [check, reason] of Object.entries(KNOWN_GAPS)) assert.ok(reason.length > 20, check);
  // The renamed ids now match upstream's, and the ids of issue #24 have probes.
  for (
    const check of [
      "sep-2243-server-decode-base64",
      "sep-2575-server-sends-subscription-ack",
      "sep-1932-server-validate-proof",
      "sep-1932-server-iat-window",
      "sep-1932-server-reject-401",
      "sep-1932-server-nonce",
      "sep-1932-server-audience-validation",
      "sep-1932-asymmetric-alg-only",
      "sep-2106-no-network-ref-deref",
      "sep-2322-reject-tampered-state",
      "sep-2575-server-sends-tools-list-changed-on-subscription",
      "sep-2575-server-sends-prompts-list-changed-on-subscription",
      "sep-2663-no-key-reuse-after-response",
      "sep-2663-mrtr-synchronous-before-task-creation",
    ]
  ) {
    assert.ok(listing.checks.find((c) => c.check === check)?.implemented, check);
  }
});

Deno.test("every server-side id of our corpus that upstream also lists uses upstream's spelling", () => {
  const ours = new Set(
    (EMBEDDED_CORPUS.versions["2026-07-28"] ?? []).flatMap((sep) =>
      sep.requirements.flatMap((r) => "check" in r ? [r.check] : [])
    ),
  );
  assert.ok(!ours.has("sep-2243-server-decode-base64-mcp-name"));
  assert.ok(ours.has("sep-2243-server-decode-base64"));
  assert.ok(ours.has("sep-2575-server-identifies-in-result-meta"));
  assert.ok(ours.has("sep-2575-request-meta-invalid-missing-meta"));
});
