/** @module runConformance(): `mcptest conformance run` as one call; runs every probe of a corpus version against one server and builds the ConformanceResult. */

import type { ServerEndpoint } from "../../2_connect/session/types.ts";
import { McptestError } from "../../0_base/errors/errors.ts";
import { ConformanceExitCode } from "../../0_base/errors/exit_codes.ts";
import { findRevision } from "../../0_base/protocol/revisions.ts";
import type { Session } from "../../2_connect/session/types.ts";
import { ConnectError } from "../../2_connect/transport/failure_layer.ts";
import { planChecks, type Planned } from "./plan_checks.ts";
import { createProbeContext, type ProbeRecorder } from "./probes/probe_context.ts";
import type {
  DpopCredentials,
  Probe,
  ProbeContext,
  ProbeOutcome,
  SafeTool,
} from "./probes/probe_types.ts";
import { LATE_PROBES, PROBES } from "./probes/registry.ts";
import type { ConformanceResult } from "./result.ts";
import {
  otherRevisionSpoken,
  RevisionUnavailableError,
  unavailableLine,
} from "./revision_unavailable.ts";
import { tally } from "./score.ts";
import {
  type CorpusChooser,
  resolveRunInputs,
  type RunCorpus,
  type RunInputOptions,
  type RunInputs,
} from "./run_inputs.ts";
import { VERSION } from "../../0_base/version.ts";
import { targetLabel } from "../../2_connect/transport/target_label.ts";
import { redactJsonValue } from "../../0_base/redaction/redact.ts";
import { dpopSecrets } from "./dpop_session.ts";

/** The server could not be reached at all (exit 4). */
export class ServerUnreachableError extends McptestError {
  constructor(message: string, options?: ErrorOptions) {
    super(message, ConformanceExitCode.ServerUnreachable, options);
    this.name = "ServerUnreachableError";
  }
}

/** Inputs of {@link runConformance}: resolved ones, or the flags of `mcptest conformance run`. */
export interface RunConformanceOptions extends RunInputOptions {
  /** mcptest's version, for the result (default: this mcptest's). */
  readonly toolVersion?: string;
  /** Probe map (default: the registry). */
  readonly probes?: Readonly<Record<string, Probe>>;
  /** Tools the probes may call, with arguments (`--safe-tool`; default: read-only ones, no arguments). */
  readonly safeTools?: readonly SafeTool[];
  /**
   * A DPoP-bound access token and its key pair (never printed): the SEP-1932 probes send proofs
   * with them, and the run's own session to an HTTP server speaks DPoP with them (every request
   * gets `Authorization: DPoP <token>` and a proof bound to it), unless `headers` give an
   * `Authorization` (the explicit header wins) or `connect` is the caller's own.
   */
  readonly dpop?: DpopCredentials;
}

export type { CorpusChooser, RunCorpus };

/** What the probing needs, settled. */
interface Settled extends RunInputs {
  readonly toolVersion: string;
  readonly probes: Readonly<Record<string, Probe>>;
  readonly safeTools: readonly SafeTool[];
  readonly dpop?: DpopCredentials;
  /** The corpus was chosen from the negotiated revision (no `--target-version`). */
  readonly chosen: boolean;
}

/**
 * Score `server` against a corpus: `mcptest conformance run` as one call. Settles the inputs
 * (the server from a `--server` value, the corpus from `revision`/`corpusDir`, refreshed first
 * with `autoRefresh`, or chosen by the revision the server negotiates), connects (pinned to the
 * target revision), runs each check's probe (untested when none), tallies and tiers, and writes
 * the `capture` file. A probe that stays not-verified because the server never answered its
 * request is marked `unanswered` (it caps the tier: see `scoreTier`).
 * @throws {ConfigError} a malformed `--server` or `--header` value (exit 2)
 * @throws {CorpusMissingError} no corpus for the revision (exit 2)
 * @throws {ServerUnreachableError} when the server cannot be reached (spawn, DNS, TCP, TLS, HTTP)
 * @throws {RevisionUnavailableError} when a fixed corpus's revision is refused by a server that
 *   speaks another one (exit 7, `compliance run`'s one line); its `report` is the JSON report
 * @example
 * ```ts ignore
 * import { runConformance } from "./run_conformance.ts";
 *
 * const result = await runConformance({ server: "deno run -A server.ts", revision: "2025-11-25" });
 * console.log(result.tier, result.badge);
 * ```
 */
export async function runConformance(options: RunConformanceOptions): Promise<ConformanceResult> {
  const inputs = await resolveRunInputs(options);
  const scored = await scoreServer({
    ...inputs,
    toolVersion: options.toolVersion ?? VERSION,
    probes: options.probes ?? PROBES,
    safeTools: options.safeTools ?? [],
    ...(options.dpop ? { dpop: options.dpop } : {}),
    chosen: typeof inputs.corpus === "function",
  });
  await inputs.finish();
  // A server may echo a token back: no DPoP token reaches the result, whatever quoted it.
  return redactJsonValue(scored, dpopSecrets(options.dpop));
}

/** Connect, probe, tally and tier (the inputs settled). */
async function scoreServer(options: Settled): Promise<ConformanceResult> {
  const started = performance.now();
  const { opened, corpus } = await openForCorpus(options);
  const { session, handshakeError, server } = opened;
  const transport = server.target.kind === "stdio" ? "stdio" : "http";
  if (handshakeError !== undefined && !options.chosen) {
    await refuseUnspoken(options, corpus, transport);
  }
  let planned: Planned;
  try {
    const recorder = session
      ? createProbeContext(session, {
        version: corpus.version,
        transport,
        safeTools: options.safeTools,
        ...(options.dpop ? { dpop: options.dpop } : {}),
      })
      : undefined;
    planned = planChecks(corpus, options.probes, transport, recorder !== undefined, handshakeError);
    if (recorder) await runPending(planned, recorder);
  } finally {
    await session?.close();
  }
  const { checks, excluded } = planned;
  const counted = tally(checks, excluded);
  return {
    target_version: corpus.version,
    corpus_source: corpus.source,
    must: counted.input.must,
    should: counted.input.should,
    may: counted.input.may,
    tier: counted.tier.tier,
    badge: counted.tier.badge,
    per_sep: counted.perSep,
    schema_version: 1,
    tier_reason: counted.tier.reason,
    target_from: options.chosen ? "server" : "flag",
    server: targetLabel(server.target),
    transport,
    protocol_version: session?.protocolVersion || null,
    ...(handshakeError === undefined ? {} : { handshake_error: handshakeError }),
    statuses: counted.statuses,
    checks,
    excluded,
    tool: { name: "mcptest", version: options.toolVersion },
    duration_ms: Math.round(performance.now() - started),
  };
}

/**
 * Open the session and settle the corpus: a fixed corpus pins the handshake to its revision; a
 * chooser gets the negotiated revision, and when it falls back to an older corpus the session is
 * reopened pinned to that one.
 */
async function openForCorpus(options: Settled): Promise<{ opened: Opened; corpus: RunCorpus }> {
  const choose = options.corpus;
  if (typeof choose !== "function") {
    return { opened: await open(options, pinned(options.server, choose.version)), corpus: choose };
  }
  let opened = await open(options, options.server);
  let corpus: RunCorpus;
  try {
    corpus = await choose(opened.session?.protocolVersion || undefined);
  } catch (error) {
    await opened.session?.close();
    throw error;
  }
  const revision = findRevision(corpus.version);
  if (opened.session && revision && revision.id !== opened.session.protocolVersion) {
    // The chooser fell back to an older corpus: score that revision on a pinned session.
    await opened.session.close();
    opened = await open(options, pinned(options.server, corpus.version));
  }
  return { opened, corpus };
}

/**
 * Run the pending probes one at a time, the late ones (they read the whole run's traffic) last,
 * behind a fence: the server has provably handled every earlier request (stdio: it answered pings
 * sent after them, in order; HTTP: their response streams ended), so whatever it sent about them
 * is in the capture before the late probes read it, however slow the machine. A not-verified
 * outcome whose probe awaited a request that got no answer is marked `unanswered`.
 */
async function runPending({ checks, pending }: Planned, recorder: ProbeRecorder): Promise<void> {
  const late = (p: { index: number }) => LATE_PROBES.has(checks[p.index]?.check ?? "");
  const early = pending.filter((p) => !late(p));
  const last = pending.filter(late);
  for (const [i, { index, probe }] of [...early, ...last].entries()) {
    if (i === early.length) await recorder.ctx.session.fence?.();
    const { value: outcome, silent } = await recorder.attribute(() =>
      runProbe(probe, recorder.ctx)
    );
    const current = checks[index];
    if (!current) continue;
    const unanswered = outcome.status === "not-verified" && silent.length > 0;
    checks[index] = { ...current, ...outcome, ...(unanswered ? { unanswered: true } : {}) };
  }
}

/**
 * The pinned handshake failed: when the server speaks another revision, no check can run (exit 7,
 * as `compliance run` does); otherwise return and score the failed handshake.
 */
async function refuseUnspoken(
  options: Settled,
  corpus: RunCorpus,
  transport: "stdio" | "http",
): Promise<void> {
  const speaks = await otherRevisionSpoken(options.connect, options.server, corpus.version);
  if (speaks === undefined) return;
  throw new RevisionUnavailableError({
    target_version: corpus.version,
    corpus_source: corpus.source,
    schema_version: 1,
    status: "revision-unavailable",
    reason: await unavailableLine(corpus.version, speaks),
    protocol_version: speaks,
    server: targetLabel(options.server.target),
    transport,
    exit_code: ConformanceExitCode.RevisionUnavailable,
    tool: { name: "mcptest", version: options.toolVersion },
  });
}

/** An opened session, or the handshake error that prevented it. */
interface Opened {
  readonly server: ServerEndpoint;
  readonly session?: Session;
  readonly handshakeError?: string;
}

function pinned(server: ServerEndpoint, version: string): ServerEndpoint {
  const revision = findRevision(version);
  return revision ? { ...server, revision: revision.id } : server;
}

async function open(options: Settled, server: ServerEndpoint): Promise<Opened> {
  try {
    return { server, session: await options.connect(server) };
  } catch (error) {
    if (!(error instanceof ConnectError) || error.layer !== "initialize") {
      const message = error instanceof Error ? error.message : String(error);
      throw new ServerUnreachableError(`server unreachable: ${message}`, { cause: error });
    }
    return { server, handshakeError: error.message };
  }
}

async function runProbe(probe: Probe, ctx: ProbeContext): Promise<ProbeOutcome> {
  try {
    return await probe(ctx);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { status: "not-verified", detail: `probe error: ${message}` };
  }
}
