/** @module Verdicts never depend on timing: a relay delay above the old fixed 500 ms raw-frame deadline, with a --timeout to match, keeps every raw-frame and notification rule's verdict. */

// To keep the suite fast this runs only the compliance rules whose probe is `raw` or
// `notification` (the probes that may legitimately go unanswered, which a fixed window used to
// judge), of v2025-11-25 and v2026-07-28, against every bundled fixture server: directly with the
// default 5 s timeout, and through the relay delaying each server line 600 ms with a 10 s timeout.
// The full corpora at smaller delays are in relay_verdicts_test.ts.

import assert from "node:assert/strict";
import { COMPLIANCE_CORPUS } from "../../../src/3_load/compliance_corpus/embedded.ts";
import {
  COMPLIANCE_VERSIONS,
  complianceVerdicts,
  describeFlips,
  FIXTURES,
  type Flip,
  flips,
  pool,
  routeArgv,
} from "./_verdicts.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };

/** The rules of `version` whose probe is a raw frame or a notification. */
function rawOrNotification(version: string): string[] {
  return COMPLIANCE_CORPUS.revisions[version]!.rules
    .filter((r) => r.probe.kind === "raw" || r.probe.kind === "notification")
    .map((r) => r.id);
}

Deno.test(
  "relay, delay 600 ms with a 10 s timeout: raw-frame and notification rules keep their verdicts",
  opts,
  async () => {
    const jobs = FIXTURES.flatMap((fixture) =>
      COMPLIANCE_VERSIONS.map((version) => ({ fixture, version }))
    );
    const found: Flip[] = [];
    let judged = 0;
    // The relayed runs mostly wait (0.6 s per server line), so they all go at once.
    await pool(jobs, jobs.length, async ({ fixture, version }) => {
      const only = rawOrNotification(version);
      const expected = await complianceVerdicts(routeArgv(fixture, {}), version, { only });
      const argv = routeArgv(fixture, { relay: ["--delay", "600"] });
      const actual = await complianceVerdicts(argv, version, { timeoutMs: 10_000, only });
      judged += Object.keys(expected).length;
      for (const flip of flips(expected, actual)) {
        found.push({ ...flip, id: `${fixture.name} ${version} ${flip.id}` });
      }
    });
    assert.ok(judged > 50, `only ${judged} verdicts compared`);
    assert.deepEqual(found, [], describeFlips("delay 600 ms", found));
  },
);
