/** @module Runs every probe of a corpus version against one server and builds the ConformanceResult. */

import type { ServerEndpoint } from "../session/types.ts";
import { McptestError } from "../errors/errors.ts";
import { ConformanceExitCode } from "../errors/exit_codes.ts";
import { findRevision } from "../protocol/revisions.ts";
import type { Exchange, Session } from "../session/types.ts";
import { ConnectError } from "../transport/failure_layer.ts";
import { isHttpOnly } from "./applicability.ts";
import { STDIO_SKIP } from "./probes/_helpers.ts";
import type { Probe, ProbeContext, ProbeOutcome } from "./probe_types.ts";
import { LATE_PROBES, PROBES } from "./probes/registry.ts";
import type { CheckResult, ConformanceResult, ExcludedResult } from "./result.ts";
import { tally } from "./score.ts";
import { severityOf } from "./severity.ts";
import { type CheckStatus, type CorpusSource, type CorpusVersion, isChecked } from "./types.ts";
import { targetLabel } from "../transport/target_label.ts";

/** The server could not be reached at all (exit 4). */
export class ServerUnreachableError extends McptestError {
  constructor(message: string, options?: ErrorOptions) {
    super(message, ConformanceExitCode.ServerUnreachable, options);
    this.name = "ServerUnreachableError";
  }
}

/** Inputs of {@link runConformance}. */
export interface RunConformanceOptions {
  /** The server; its protocolVersion is pinned to the target version when the table knows it. */
  readonly server: ServerEndpoint;
  /**
   * The corpus to score against (its version is forced on the handshake), or a chooser that gets
   * the revision the server negotiated when left free (undefined when that handshake failed).
   */
  readonly corpus: RunCorpus | CorpusChooser;
  /** Opens a session (the live `connect`, or a fake in tests). */
  readonly connect: (server: ServerEndpoint) => Promise<Session>;
  /** mcptest's version, for the result. */
  readonly toolVersion: string;
  /** Probe map (default: the registry). */
  readonly probes?: Readonly<Record<string, Probe>>;
}

/** A corpus version and where it came from. */
export type RunCorpus = CorpusVersion & { readonly source: CorpusSource };

/** Picks the corpus for the revision the server negotiated (undefined: the handshake failed). */
export type CorpusChooser = (negotiated: string | undefined) => Promise<RunCorpus>;

/** Checks that a failed handshake decides: a 2026 server must implement server/discover. */
const HANDSHAKE_CHECKS: Readonly<Record<string, string>> = {
  "sep-2575-server-implements-discover": "server/discover",
};

/**
 * Score `server` against `corpus`: connect (pinned to the target revision), run each check's probe
 * (untested when none), tally and tier.
 * @throws {ServerUnreachableError} when the server cannot be reached (spawn, DNS, TCP, TLS, HTTP)
 */
export async function runConformance(options: RunConformanceOptions): Promise<ConformanceResult> {
  const started = performance.now();
  const { opened, corpus } = await openForCorpus(options);
  const { session, handshakeError, server } = opened;
  const transport = server.target.kind === "stdio" ? "stdio" : "http";
  let planned: Planned;
  try {
    const ctx = session ? contextOf(session, corpus.version, transport) : undefined;
    planned = planChecks(corpus, options.probes ?? PROBES, transport, ctx, handshakeError);
    if (ctx) await runPending(planned, ctx);
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
    target_from: typeof options.corpus === "function" ? "server" : "flag",
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
async function openForCorpus(
  options: RunConformanceOptions,
): Promise<{ opened: Opened; corpus: RunCorpus }> {
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

/** Every check of a corpus with its verdict so far, and the probes still to run. */
interface Planned {
  readonly checks: CheckResult[];
  readonly excluded: ExcludedResult[];
  /** Checks (by index in `checks`) whose probe runs on the live session. */
  readonly pending: Array<{ index: number; probe: Probe }>;
}

/**
 * One result per requirement, in corpus order: excluded ones aside; HTTP-only checks on stdio
 * not applicable; without a session the handshake decides; without a probe untested; the rest
 * pending (untested until their probe runs).
 */
function planChecks(
  corpus: RunCorpus,
  probes: Readonly<Record<string, Probe>>,
  transport: "stdio" | "http",
  ctx: ProbeContext | undefined,
  handshakeError: string | undefined,
): Planned {
  const planned: Planned = { checks: [], excluded: [], pending: [] };
  const { checks, excluded, pending } = planned;
  for (const sep of corpus.seps) {
    for (const requirement of sep.requirements) {
      const severity = severityOf(requirement.text);
      if (!isChecked(requirement)) {
        excluded.push({
          sep: sep.sep,
          severity,
          text: requirement.text,
          reason: requirement.excluded,
        });
        continue;
      }
      const base = {
        check: requirement.check,
        sep: sep.sep,
        severity,
        text: requirement.text,
        ...(requirement.url === undefined ? {} : { url: requirement.url }),
      };
      const probe = Object.hasOwn(probes, requirement.check)
        ? probes[requirement.check]
        : undefined;
      let outcome: Verdict | undefined;
      if (transport === "stdio" && isHttpOnly(requirement.check)) {
        outcome = { status: "not-applicable", detail: STDIO_SKIP };
      } else if (!ctx) {
        outcome = handshakeOutcome(requirement.check, handshakeError ?? "", probe !== undefined);
      }
      if (outcome || !probe) {
        checks.push(outcome ? { ...base, ...outcome } : { ...base, status: "untested" });
        continue;
      }
      checks.push({ ...base, status: "untested" });
      pending.push({ index: checks.length - 1, probe });
    }
  }
  return planned;
}

/** Run the pending probes one at a time, the late ones (they read the whole run's traffic) last. */
async function runPending({ checks, pending }: Planned, ctx: ProbeContext): Promise<void> {
  const late = (p: { index: number }) => LATE_PROBES.has(checks[p.index]?.check ?? "");
  const ordered = [...pending.filter((p) => !late(p)), ...pending.filter(late)];
  for (const { index, probe } of ordered) {
    const outcome = await runProbe(probe, ctx);
    const current = checks[index];
    if (current) checks[index] = { ...current, ...outcome };
  }
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

async function open(options: RunConformanceOptions, server: ServerEndpoint): Promise<Opened> {
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

/** A status and its reason. */
interface Verdict {
  readonly status: CheckStatus;
  readonly detail?: string;
}

function handshakeOutcome(check: string, error: string, probed: boolean): Verdict {
  const method = HANDSHAKE_CHECKS[check];
  if (method) return { status: "fail", detail: `${method} failed: ${error}` };
  if (!probed) return { status: "untested" };
  return {
    status: "not-verified",
    detail: `the server does not speak the target version: ${error}`,
  };
}

async function runProbe(probe: Probe, ctx: ProbeContext): Promise<ProbeOutcome> {
  try {
    return await probe(ctx);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { status: "not-verified", detail: `probe error: ${message}` };
  }
}

function contextOf(session: Session, version: string, transport: "stdio" | "http"): ProbeContext {
  const cache = new Map<string, Promise<Exchange>>();
  const revision = findRevision(session.protocolVersion);
  return {
    session,
    version,
    stateless: revision?.lifecycle === "stateless",
    transport,
    capabilities: session.serverCapabilities ?? {},
    cached(method, params) {
      const key = `${method}\u0000${JSON.stringify(params ?? null)}`;
      let exchange = cache.get(key);
      if (!exchange) {
        exchange = session.request(method, params);
        cache.set(key, exchange);
      }
      return exchange;
    },
  };
}
