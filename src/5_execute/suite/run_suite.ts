/** @module EXECUTE, whole suite: selection, tests, compliance blocks and their gates, one finished run record. */

import type { ServerSpec, Suite, TestCase } from "../../3_load/config/types.ts";
import { redactRecord } from "../../4_record/redact_record.ts";
import type { RunRecord, TestResult } from "../../4_record/run_record.ts";
import { summarize } from "../../4_record/summary.ts";
import { cassetteConnector, type CassetteMode, markReplayed } from "../runner/cassette_hooks.ts";
import { capturingConnect } from "../../2_connect/session/capturing_connect.ts";
import { connect as liveConnect } from "../../2_connect/session/connect.ts";
import { AuthRegistry } from "../../2_connect/auth/registry.ts";
import type { VariableRereader } from "../../2_connect/auth/types.ts";
import { RuntimeSecrets } from "../../2_connect/auth/runtime_secrets.ts";
import type { CaptureSession, FrameObserver, Session } from "../../2_connect/session/types.ts";
import { VERSION } from "../../0_base/version.ts";
import type { LastFailedState } from "../runner/last_failed.ts";
import { prepareTests } from "../runner/prepare.ts";
import { runAgentStage } from "../agent/run_hook.ts";
import { collectRecord } from "../runner/run.ts";
import { nameFilter } from "../runner/select.ts";
import { selectTests } from "../runner/select_tests.ts";
import { openResultCache } from "../cache/result_cache.ts";

/** How {@link runSuite} runs a suite: the options of `mcptest run`, as data. */
export interface RunSuiteOptions {
  /**
   * Opens a session; default: a live connection. `capture` says whether the session must keep its
   * exchanges (asked for by `onCapture`, and always for compliance rules, which read them).
   */
  readonly connect?: (server: ServerSpec, options: { capture: boolean }) => Promise<Session>;
  /** mcptest's version, for the record; default: this package's version. */
  readonly toolVersion?: string;
  /** `--filter`: a substring, or `/regex/`, of test names. */
  readonly filter?: string;
  /** `--shard k/n`. */
  readonly shard?: string;
  /** `--tag NAME` (repeatable): only the tests with one of these `tags:`. */
  readonly tags?: readonly string[];
  /** `--exclude-tag NAME` (repeatable): leave out the tests with one of these `tags:`. */
  readonly excludeTags?: readonly string[];
  /** `--bail [N]`: stop starting tests after N failures (the rest are skipped with reason `--bail`). */
  readonly bail?: number;
  /** `--retries N`: extra attempts of a failing test without its own `retries:`. */
  readonly retries?: number;
  /** `--timeout`: the run's time limit in milliseconds; the tests not started by then are errors with the reason. */
  readonly timeoutMs?: number;
  /** `--last-failed`: only the tests the last-run state remembers as failing. */
  readonly lastFailed?: boolean;
  /**
   * The `--last-failed` state already read (`null`: none); read from `cwd` when absent. A caller
   * that updates the state after the run passes the one it read, so both see the same.
   */
  readonly lastFailedState?: LastFailedState | null;
  /** Where selection notices go (e.g. `--last-failed` ran everything); default stderr. */
  readonly onNotice?: (line: string) => void;
  /** Working directory (last-run state); default `Deno.cwd()`. */
  readonly cwd?: string;
  /** Tests in flight per server. */
  readonly concurrency?: number;
  /** Servers connected and run at once. */
  readonly serverConcurrency?: number;
  /** `--update-snapshots`. */
  readonly updateSnapshots?: boolean;
  /** Under CI, snapshot writes are refused; default: `CI=true` in the environment. */
  readonly ci?: boolean;
  /** Called once with the selected tests, before any server starts (progress display). */
  readonly onSelected?: (tests: readonly TestCase[]) => void;
  /** Called as each test finishes (progress display). */
  readonly onResult?: (result: TestResult) => void;
  /**
   * Receives each session's capture (seed 003) as it closes. Sessions keep their exchanges in
   * memory only when this is set.
   */
  readonly onCapture?: (capture: CaptureSession) => void;
  /**
   * `--verbose`: sees every JSON-RPC frame of the live sessions (tests and compliance blocks; not
   * replayed cassettes), raw: redact with the run's `secrets` before printing.
   */
  readonly onFrame?: FrameObserver;
  /**
   * Cassettes (docs/cassettes.md): `auto` (default) replays a server's cassette when one exists,
   * `live` (`--live`) never replays, `record` (`--record`) runs live and writes the cassettes.
   */
  readonly cassettes?: CassetteMode;
  /** The result cache (docs/cache.md): true reads and writes `<cwd>/.mcptest/cache/`; default false (`mcptest run` passes true unless `--no-cache`). */
  readonly cache?: boolean;
  /**
   * The run's secrets (docs/auth.md): the suite's plus the tokens learnt while running; the
   * record, captures and cassettes redact all of them. Pass one to redact other outputs (a
   * capture file) with the same list; default: a new one.
   */
  readonly secrets?: RuntimeSecrets;
  /** Re-reads a bearer/header auth variable on a 401 (src/3_load/config/reread.ts); default: the environment. */
  readonly reread?: VariableRereader;
  /** Agent tests, evals and the coverage gate (docs/agents.md): `--require-keys`, `--max-cost`, `--coverage-threshold`. */
  readonly agents?: {
    /** `--require-keys`: an agent or eval row whose model API key is missing errors instead of using the stub. */
    readonly requireKeys?: boolean;
    /** `--max-cost`: stop model calls before the run could spend more than this many USD (exit 5). */
    readonly maxCostUsd?: number;
    /** `--coverage-threshold`: the share (percent, 0 to 100) of each server's tools, resources and prompts to exercise (exit 6). */
    readonly coverageThreshold?: number;
    /** `--drift-baseline`: a saved run record; agent rows whose verdict changed against it get DRIFT rows (exit 6). */
    readonly driftBaseline?: { readonly record: RunRecord; readonly label: string };
  };
}

/**
 * Run a loaded suite end to end: select its tests, run them and its `compliance:` blocks, evaluate
 * the blocks' gates, and return the finished, redacted run record. `mcptest run` is this call plus
 * flags, output sinks and an exit code.
 *
 * @param suite what {@link loadSuite} returned
 * @returns the run record every reporter renders
 * @throws {ConfigError} a malformed grade baseline file (before any server starts)
 * @example Run a suite and count failures
 * ```ts
 * import { loadSuite, runSuite } from "@mcptest/cli";
 *
 * const suite = await loadSuite({ paths: ["examples/getting-started.yml"], cwd: Deno.cwd() });
 * const record = await runSuite(suite);
 * console.log(record.summary.failed);
 * ```
 */
export async function runSuite(suite: Suite, options: RunSuiteOptions = {}): Promise<RunRecord> {
  const cwd = options.cwd ?? Deno.cwd();
  const ci = options.ci ?? Deno.env.get("CI") === "true";
  const toolVersion = options.toolVersion ?? VERSION;
  const mode = options.cassettes ?? "auto";
  const updateSnapshots = options.updateSnapshots ?? false;
  const capture = options.onCapture !== undefined;
  // Tokens learnt at run time join the run's secrets, so every output redacts them too.
  const secrets = options.secrets ?? new RuntimeSecrets();
  for (const secret of suite.secrets) secrets.add(secret);
  const auth = new AuthRegistry({ secrets, ...(options.reread ? { reread: options.reread } : {}) });
  suite = { ...suite, secrets: secrets.list };
  // Compliance rules read the session's capture (handshake, notifications, wire observations).
  const opener = (keep: boolean) => (server: ServerSpec) =>
    options.connect ? options.connect(server, { capture: keep }) : liveConnect(server, {
      clientVersion: toolVersion,
      capture: keep,
      secrets: suite.secrets,
      auth,
      ...(options.onFrame ? { onFrame: options.onFrame } : {}),
    });
  const cassettes = cassetteConnector<ServerSpec>(suite, {
    mode,
    cwd,
    toolVersion,
    live: (server, o) => opener(o.capture)(server),
    auth,
    ...(options.onFrame ? { onFrame: options.onFrame } : {}),
  });
  const open = (server: ServerSpec) => cassettes.connect(server, { capture });
  const selected = await selectTests(suite.tests, {
    cwd,
    ...(options.lastFailed !== undefined ? { lastFailed: options.lastFailed } : {}),
    ...(options.lastFailedState !== undefined ? { lastFailedState: options.lastFailedState } : {}),
    ...(options.onNotice ? { notice: options.onNotice } : {}),
    ...(options.filter !== undefined ? { filter: options.filter } : {}),
    ...(options.shard !== undefined ? { shard: options.shard } : {}),
    ...(options.tags !== undefined ? { tags: options.tags } : {}),
    ...(options.excludeTags !== undefined ? { excludeTags: options.excludeTags } : {}),
    ci,
  });
  options.onSelected?.(selected);
  // `skip:` tests never reach the result cache (they are reported skipped, never a cached pass),
  // nor do tests that take or use captures (a cached result sets no capture).
  const uncached = (t: TestCase) =>
    t.skip !== undefined || t.capture !== undefined || t.captureUses !== undefined;
  const notCached = selected.filter(uncached);
  const cache = await openResultCache(suite, selected.filter((t) => !uncached(t)), {
    enabled: options.cache ?? false,
    cwd,
    mode,
    updateSnapshots,
    toolVersion,
  });
  for (const hit of cache.hits.values()) options.onResult?.(hit);
  const blocks = suite.compliance ?? [];
  const gates = blocks.length > 0 ? await import("../compliance/gates/run_gates.ts") : undefined;
  const gradeBaselines = await gates?.readGradeBaselines(blocks);
  const toRun = [...cache.toRun, ...notCached].sort((a, b) => a.order - b.order);
  const collected = await collectRecord(suite, prepareTests(suite, toRun), {
    connect: open,
    toolVersion,
    ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
    ...(options.serverConcurrency !== undefined
      ? { serverConcurrency: options.serverConcurrency }
      : {}),
    updateSnapshots,
    ci,
    ...(options.onResult ? { onResult: options.onResult } : {}),
    ...(options.onCapture ? { onCapture: options.onCapture } : {}),
    ...(options.bail !== undefined ? { bail: options.bail } : {}),
    ...(options.retries !== undefined ? { retries: options.retries } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  });
  const agents = await runAgentStage(suite, selected, open, {
    ...(options.filter !== undefined ? { select: rowFilter(options.filter) } : {}),
    ...(options.agents ?? {}),
    // Agent cassettes follow the run's cassette mode (docs/agents.md).
    cassettes: {
      mode,
      cwd,
      recordedWith: `mcptest ${toolVersion}`,
    },
    updateSnapshots,
    ci,
    ...(options.onResult ? { onResult: options.onResult } : {}),
  });
  const record = await cache.complete(
    redactRecord(markReplayed(agents(collected), cassettes.replayed), suite.secrets),
    selected,
  );
  await cassettes.finish();
  if (!gates) return redactRecord(record, suite.secrets);
  const { runComplianceBlocks } = await import("../compliance/run_blocks.ts");
  const select = options.filter === undefined ? undefined : nameFilter(options.filter);
  const started = performance.now();
  const ruleResults = await runComplianceBlocks(suite, blocks, {
    connect: options.onCapture ? capturingConnect(opener(true), options.onCapture) : opener(true),
    ...(select ? { select: (name: string) => select({ name } as TestCase) } : {}),
    auth,
  });
  const gateResults = await gates.evaluateGates(blocks, {
    results: ruleResults,
    servers: suite.servers,
    ...(gradeBaselines ? { gradeBaselines } : {}),
  });
  const tests = [...record.tests, ...ruleResults, ...gateResults];
  return redactRecord({
    ...record,
    tests,
    summary: summarize(tests),
    durationMs: record.durationMs + Math.round(performance.now() - started),
  }, suite.secrets);
}

/** `--filter` on a row name (agent and eval rows are not TestCases). */
function rowFilter(pattern: string): (name: string) => boolean {
  const select = nameFilter(pattern);
  return (name) => select({ name } as TestCase);
}
