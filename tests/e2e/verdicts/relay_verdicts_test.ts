/** @module Verdicts never depend on timing: the compliance and conformance corpora give identical per-rule verdicts directly and through the test relay (delays 0/15/100 ms, jitter, split lines, reordering). */

// The relay fixture (tests/fixtures/relay/relay.ts) sits between mcptest and each bundled fixture
// server over stdio. Every mode runs the whole compliance corpus (v2025-11-25, v2026-07-28) and the
// conformance SEP corpus (2025-11-25, 2026-07-28) against every fixture and compares each rule's
// and check's verdict (status, and for a failure what failed) with the direct run's. The delay
// above the old 500 ms raw-frame cap is in relay_600ms_verdicts_test.ts. No assertion reads a
// clock: these are verdict tests.

import assert from "node:assert/strict";
import { COMPLIANCE_CORPUS } from "../../../src/3_load/compliance_corpus/embedded.ts";
import { readStats, type RelayStats } from "./_relay.ts";
import {
  COMPLIANCE_VERSIONS,
  complianceVerdicts,
  CONFORMANCE_VERSIONS,
  conformanceVerdicts,
  describeFlips,
  type Fixture,
  FIXTURES,
  type Flip,
  flips,
  pool,
  routeArgv,
  type Verdicts,
} from "./_verdicts.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };

/** One run of a corpus against a fixture. */
interface Job {
  readonly fixture: Fixture;
  readonly corpus: "compliance" | "conformance";
  readonly version: string;
}

const JOBS: readonly Job[] = FIXTURES.flatMap((fixture) => [
  ...COMPLIANCE_VERSIONS.map((version) => ({ fixture, corpus: "compliance" as const, version })),
  ...CONFORMANCE_VERSIONS.map((version) => ({ fixture, corpus: "conformance" as const, version })),
]);

const label = (job: Job) => `${job.fixture.name} ${job.corpus} ${job.version}`;

function runJob(job: Job, relay: readonly string[] | undefined): Promise<Verdicts> {
  const argv = routeArgv(job.fixture, relay === undefined ? {} : { relay });
  return job.corpus === "compliance"
    ? complianceVerdicts(argv, job.version)
    : conformanceVerdicts(argv, job.version);
}

/** The direct runs every relayed run is compared with (run once, shared by the tests). */
let direct: Promise<Map<string, Verdicts>> | undefined;
function directVerdicts(): Promise<Map<string, Verdicts>> {
  direct ??= (async () => {
    const out = new Map<string, Verdicts>();
    await pool(JOBS, 4, async (job) => void out.set(label(job), await runJob(job, undefined)));
    return out;
  })();
  return direct;
}

/** Run every job through the relay with `flags`; the flips against the direct runs, and the stats. */
async function relayed(
  flags: readonly string[],
  concurrency: number,
): Promise<{ flips: Flip[]; stats: RelayStats }> {
  const baseline = await directVerdicts();
  const dir = await Deno.makeTempDir({ prefix: "mcptest-relay-stats-" });
  try {
    const found: Flip[] = [];
    await pool(JOBS, concurrency, async (job) => {
      const verdicts = await runJob(job, [...flags, "--stats-dir", dir]);
      for (const flip of flips(baseline.get(label(job))!, verdicts)) {
        found.push({ ...flip, id: `${label(job)} ${flip.id}` });
      }
    });
    return { flips: found, stats: await readStats(dir) };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test(
  "the direct runs are right: the faulty fixture fails exactly what it breaks, of every probe kind",
  opts,
  async () => {
    const baseline = await directVerdicts();
    const problems: string[] = [];
    const judged = new Set<string>();
    for (const job of JOBS.filter((j) => j.corpus === "compliance")) {
      const verdicts = baseline.get(label(job))!;
      for (const rule of COMPLIANCE_CORPUS.revisions[job.version]!.rules) {
        const status = verdicts[rule.id]?.key.split(":")[0];
        if (status === undefined) continue;
        judged.add(`${rule.probe.kind} ${status}`);
        const breaks = job.fixture.breaks;
        if (breaks === undefined) continue;
        // A broken rule fails; on the conformant fixture nothing fails (a fault may take other
        // rules with it, so the broken fixture's other failures are not judged here).
        const wrong = breaks.includes(rule.id)
          ? status !== "fail"
          : breaks.length === 0 && status !== "pass" && status !== "skip";
        if (wrong) problems.push(`${label(job)} ${rule.id}: ${verdicts[rule.id]!.key}`);
      }
    }
    assert.deepEqual(problems, [], "a wrong direct verdict makes every comparison moot");
    for (const kind of ["raw", "notification", "request"]) {
      assert.ok(
        judged.has(`${kind} pass`) && judged.has(`${kind} fail`),
        `${kind}: ${[...judged]}`,
      );
    }
  },
);

/** A relay mode: its flags, how many runs go at once, and the counter that shows it acted. */
interface Mode {
  readonly name: string;
  readonly flags: readonly string[];
  /** Latency-bound modes (long delays) run more jobs at once: they mostly wait. */
  readonly concurrency: number;
  /** Print the relay's counters (for the modes whose effect depends on what the servers send). */
  readonly report?: keyof RelayStats;
  /** The mode must have acted on some line (the split mode always does). */
  readonly mustAct?: keyof RelayStats;
}

const MODES: readonly Mode[] = [
  { name: "delay 0 (a plain relay)", flags: [], concurrency: 4 },
  { name: "delay 15 ms", flags: ["--delay", "15"], concurrency: 4 },
  { name: "delay 100 ms", flags: ["--delay", "100"], concurrency: 8 },
  // A random 0..30 ms per line, both ways, seeded: order kept, timing never the same twice in a run.
  { name: "jitter 0..30 ms both ways", flags: ["--jitter", "30", "--both-ways"], concurrency: 4 },
  {
    name: "lines split in 4 chunks",
    flags: ["--split", "4", "--split-pause", "1"],
    concurrency: 4,
    mustAct: "splitLines",
  },
  // The bundled fixtures never write two unrelated notifications together (their only pairs are
  // progress of one token, which keeps its order), so this mode finds nothing to reorder today;
  // it guards the verdicts of any fixture that does. It prints how many pairs it reordered.
  {
    name: "notifications reordered",
    flags: ["--reorder-notifications", "--burst-ms", "5"],
    concurrency: 4,
    report: "reordered",
  },
  // A 5 ms burst window catches answers written back to back (a raw frame's answer and the fence
  // ping's, say) as one burst, so pairs are swapped in every run; how many depends on timing, so
  // the count is printed, not asserted.
  {
    name: "consecutive responses swapped",
    flags: ["--swap-responses", "--burst-ms", "5"],
    concurrency: 4,
    report: "swapped",
  },
];

for (const mode of MODES) {
  Deno.test(`relay, ${mode.name}: every verdict is the direct run's`, opts, async () => {
    const { flips, stats } = await relayed(mode.flags, mode.concurrency);
    assert.ok(stats.serverLines > 0, "the runs went through the relay");
    if (mode.report) console.log(`relay ${mode.name}: ${stats[mode.report]} ${mode.report}`);
    if (mode.mustAct) {
      assert.ok(stats[mode.mustAct] > 0, `the mode did nothing: ${JSON.stringify(stats)}`);
    }
    assert.deepEqual(flips, [], describeFlips(mode.name, flips));
  });
}
