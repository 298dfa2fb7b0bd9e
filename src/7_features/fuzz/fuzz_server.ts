/** @module fuzzServer(): generate cases from every tool's, prompt's and template's schema, call the server, shrink what breaks, return the report. */

import { UsageError } from "../../0_base/errors/errors.ts";
import { redactUrl } from "../../0_base/util/redact_url.ts";
import { didYouMean } from "../../0_base/util/suggest.ts";
import { serverFromFlag } from "../../3_load/config/server_spec.ts";
import type { ServerEndpoint } from "../../2_connect/session/types.ts";
import { targetLabel } from "../../2_connect/transport/target_label.ts";
import { redactValue } from "../../4_record/redact_value.ts";
import { fuzzTarget } from "./fuzz_target.ts";
import { listTargets } from "./list_targets.ts";
import { ServerPool } from "./server_pool.ts";
import { type FuzzTarget, promptTarget, templateTarget, toolTarget } from "./targets.ts";
import type { FuzzFinding, FuzzReport, FuzzTargetResult } from "./types.ts";
import { loadSchemaEngine } from "../../1_matchers/schema.ts";

/** Options of {@link fuzzServer}. */
export interface FuzzOptions {
  /** The server: a `--server` value (`TARGET` or `NAME=TARGET`) or a resolved endpoint. */
  readonly server: string | ServerEndpoint;
  /** `--header "Name: value"` values for a URL server. */
  readonly headers?: readonly string[];
  /** Only these tools (`--tool`); with any of tools, prompts, templates given, only those run. */
  readonly tools?: readonly string[];
  /** Only these prompts (`--prompt`). */
  readonly prompts?: readonly string[];
  /** Only these resource templates, by `uriTemplate` (`--template`). */
  readonly templates?: readonly string[];
  /** Generated cases per target (default 100). */
  readonly runs?: number;
  /** The seed (default: a random one, reported): the same seed and runs give the same cases. */
  readonly seed?: number;
  /** Stop generating new cases after this many milliseconds (a case is never judged by it). */
  readonly maxTimeMs?: number;
  /** Per-request timeout in milliseconds (default: the server's). */
  readonly timeoutMs?: number;
  /** Fuzz tools marked `destructiveHint: false` that are not read-only. */
  readonly allowWrites?: boolean;
  /** Fuzz every tool, destructive and unannotated ones too. */
  readonly allowDestructive?: boolean;
  /** Values hidden in the report. */
  readonly secrets?: readonly string[];
  /** The clock of the time budget (default `performance.now`); tests inject one. */
  readonly now?: () => number;
}

/** The default number of generated cases per target. */
export const DEFAULT_RUNS = 100;

function endpointOf(options: FuzzOptions): ServerEndpoint {
  if (typeof options.server !== "string") return options.server;
  return serverFromFlag(options.server, {
    defaultName: "server",
    ...(options.headers ? { headers: options.headers } : {}),
  });
}

/** The targets chosen by the filters, each name checked. @throws {UsageError} an unknown name */
function choose(all: FuzzTarget[], options: FuzzOptions): FuzzTarget[] {
  const filters = [
    { kind: "tool", names: options.tools ?? [], flag: "--tool" },
    { kind: "prompt", names: options.prompts ?? [], flag: "--prompt" },
    { kind: "resource_template", names: options.templates ?? [], flag: "--template" },
  ] as const;
  if (filters.every((f) => f.names.length === 0)) return all;
  for (const f of filters) {
    const known = all.filter((t) => t.kind === f.kind).map((t) => t.name);
    for (const name of f.names) {
      if (!known.includes(name)) {
        throw new UsageError(
          `${f.flag} "${name}": the server has no such ${f.kind.replace("_", " ")}${
            didYouMean(name, known)
          }`,
        );
      }
    }
  }
  return all.filter((t) => filters.some((f) => f.kind === t.kind && f.names.includes(t.name)));
}

/**
 * Fuzz a server: list its tools, prompts and resource templates, generate cases from each schema
 * with fast-check (valid, boundary, invalid), call them through the session layer, and report
 * crashes, hangs, malformed answers, -32603, invalid input accepted and valid input rejected,
 * each shrunk to a minimal input with a ready-to-paste YAML test. The server is restarted after
 * a crash or a timeout and the run goes on. Tools with side effects need an opt-in.
 *
 * @throws {UsageError} a bad `--server`, an unknown `--tool` (exit 2); ConnectError when the
 *   server cannot start at all
 * @example Fuzz one stdio server
 * ```ts ignore
 * import { fuzzServer } from "./fuzz_server.ts";
 * const report = await fuzzServer({ server: "deno run -A server.ts", runs: 50, seed: 1 });
 * console.log(report.status, report.findings.map((f) => f.kind));
 * ```
 */
export async function fuzzServer(options: FuzzOptions): Promise<FuzzReport> {
  await loadSchemaEngine(); // every target's inputs are checked against its schema
  const server = endpointOf(options);
  const seed = options.seed ?? crypto.getRandomValues(new Uint32Array(1))[0]! % 2 ** 31;
  const runs = options.runs ?? DEFAULT_RUNS;
  const now = options.now ?? (() => performance.now());
  const deadline = options.maxTimeMs === undefined ? Infinity : now() + options.maxTimeMs;
  let stoppedByTime = false;
  const timeUp = () => (stoppedByTime ||= now() >= deadline);
  const pool = new ServerPool(server, options.timeoutMs ?? server.timeoutMs, options.secrets);
  const results: FuzzTargetResult[] = [];
  const findings: FuzzFinding[] = [];
  try {
    const listed = await listTargets(pool);
    const optIns = {
      writes: options.allowWrites === true,
      destructive: options.allowDestructive === true,
    };
    const targets = choose([
      ...listed.tools.map((t) => toolTarget(t, optIns)),
      ...listed.prompts.map(promptTarget),
      ...listed.templates.map(templateTarget),
    ], options);
    let broken: string | undefined;
    for (const target of targets) {
      const base = { kind: target.kind, name: target.name };
      if (target.skip || broken) {
        const reason = target.skip ?? `not run: ${broken}`;
        results.push({
          ...base,
          status: target.skip ? "skipped" : "error",
          reason,
          cases: 0,
          findings: 0,
        });
        continue;
      }
      const run = await fuzzTarget(target, { pool, serverName: server.name, seed, runs, timeUp });
      findings.push(...run.findings);
      if (run.error !== undefined) broken = `the server could not be restarted: ${run.error}`;
      results.push({
        ...base,
        status: run.error === undefined ? "fuzzed" : "error",
        ...(run.error === undefined ? {} : { reason: broken! }),
        cases: run.cases,
        findings: run.findings.length,
      });
    }
  } finally {
    await pool.close();
  }
  const label = server.target.kind === "http"
    ? redactUrl(server.target.url)
    : targetLabel(server.target);
  const failed = findings.length > 0 || results.some((r) => r.status === "error");
  const report: FuzzReport = {
    version: 1,
    server: { name: server.name, target: label },
    seed,
    runs,
    stoppedByTime,
    restarts: pool.restarts,
    targets: results,
    findings,
    status: failed ? "fail" : "pass",
  };
  return redactValue(report, options.secrets ?? []);
}
