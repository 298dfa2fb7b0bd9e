/** @module scanSurface(): read every server's surface, run the rules, check the pins, return the report. */

import { McptestError } from "../../0_base/errors/errors.ts";
import { ExitCode } from "../../0_base/errors/exit_codes.ts";
import { escapeControls } from "../../0_base/util/escape.ts";
import { loadSha256 } from "../../0_base/util/sha256.ts";
import { redactUrl } from "../../0_base/util/redact_url.ts";
import { targetLabel } from "../../2_connect/transport/target_label.ts";
import type { ServerSpec } from "../../3_load/config/types.ts";
import { redactValue } from "../../4_record/redact_value.ts";
import { checkSurfaces, sortFindings } from "./check_surface.ts";
import { type LockFile, pinFindings, readLock, updatedLock, writeLock } from "./pin.ts";
import { readSurface } from "./read_surface.ts";
import { resolveServers, type ServerSources } from "./servers.ts";
import {
  type Finding,
  ITEM_KINDS,
  type ItemKind,
  type ScannedServer,
  type ScanReport,
  type ScanSeverity,
  type ServerSurface,
  SEVERITIES,
  severityRank,
} from "./types.ts";

/** Options of {@link scanSurface}. */
export interface ScanOptions extends ServerSources {
  /** The lowest severity that fails the scan (default `high`). */
  readonly failOn?: ScanSeverity;
  /** The lock file that pins surfaces (default none: no pin check). */
  readonly lock?: string;
  /** Write the scanned servers' surfaces into the lock (`-u`). */
  readonly update?: boolean;
  /** Under CI (`CI=true`) `update` is refused (exit 5), as snapshot updates are. */
  readonly ci?: boolean;
  /** Rule ids whose findings are dropped (`--ignore SCAN-005`). */
  readonly ignore?: readonly string[];
}

/**
 * Scan the surface of every server: connect through the session layer, list tools, prompts,
 * resources and templates, run rules SCAN-001..010 over every name, title, description, schema
 * text and annotation, and compare with the lock file's pins (SCAN-011). A server that cannot be
 * read is reported `failed` and fails the scan; the others are still scanned.
 *
 * @returns plain data for the reporters (pretty, json, sarif)
 * @throws {McptestError} `update` under CI (exit 5)
 * @throws {UsageError} no servers, a bad `--server` (exit 2); {ConfigError} a broken lock file
 * @example Scan one stdio server
 * ```ts ignore
 * import { scanSurface } from "./scan_surface.ts";
 * const report = await scanSurface({ servers: ["deno run -A server.ts"] });
 * console.log(report.status, report.findings.length);
 * ```
 */
export async function scanSurface(options: ScanOptions): Promise<ScanReport> {
  if (options.update && options.ci) {
    throw new McptestError(
      `updating the scan pins of ${options.lock ?? "the lock file"} refused under CI=true; ` +
        "review and pin the surface locally, then commit the lock file",
      ExitCode.Refused,
    );
  }
  const { servers, secrets } = await resolveServers(options);
  const surfaces: ServerSurface[] = [];
  const failures = new Map<string, string>();
  for (const server of servers) {
    try {
      surfaces.push(await readSurface(server, options.timeoutMs));
    } catch (error) {
      failures.set(server.name, escapeControls((error as Error).message));
    }
  }
  const { findings, pins, lock } = await checkPins(options, surfaces);
  const ignored = new Set(options.ignore ?? []);
  const kept = sortFindings([...checkSurfaces(surfaces), ...findings], surfaces)
    .filter((f) => !ignored.has(f.rule));
  const report = buildReport(options, servers, surfaces, failures, pins, kept, lock);
  return redactValue(report, secrets);
}

/** SCAN-011 findings and each server's pin state; writes the lock on `update`. */
async function checkPins(options: ScanOptions, surfaces: readonly ServerSurface[]) {
  const pins = new Map<string, ScannedServer["pin"]>();
  if (options.lock === undefined) return { findings: [], pins, lock: undefined };
  await loadSha256(); // pins hash each item
  const lock: LockFile | undefined = await readLock(options.lock);
  if (options.update) {
    await writeLock(options.lock, updatedLock(lock, surfaces));
    for (const s of surfaces) pins.set(s.server, "updated");
    return { findings: [], pins, lock: options.lock };
  }
  if (!lock) return { findings: [], pins, lock: undefined };
  const findings: Finding[] = [];
  for (const surface of surfaces) {
    const pinned = lock.servers[surface.server];
    if (!pinned) {
      pins.set(surface.server, "unpinned");
      continue;
    }
    const changed = pinFindings(surface, pinned);
    pins.set(surface.server, changed.length > 0 ? "changed" : "matched");
    findings.push(...changed);
  }
  return { findings, pins, lock: options.lock };
}

function buildReport(
  options: ScanOptions,
  servers: readonly ServerSpec[],
  surfaces: readonly ServerSurface[],
  failures: ReadonlyMap<string, string>,
  pins: ReadonlyMap<string, ScannedServer["pin"]>,
  findings: readonly Finding[],
  lock: string | undefined,
): ScanReport {
  const failOn = options.failOn ?? "high";
  const scanned = servers.map((server): ScannedServer => {
    const surface = surfaces.find((s) => s.server === server.name);
    const failure = failures.get(server.name);
    const counts = Object.fromEntries(
      ITEM_KINDS.map((kind) => [kind, surface?.items.filter((i) => i.kind === kind).length ?? 0]),
    ) as Record<ItemKind, number>;
    const target = server.target.kind === "http"
      ? redactUrl(server.target.url)
      : targetLabel(server.target);
    return {
      name: server.name,
      target,
      ...(server.pos ? { declaredAt: { ...server.pos } } : {}),
      status: failure === undefined ? "scanned" : "failed",
      ...(failure === undefined ? {} : { failure }),
      counts,
      pin: pins.get(server.name) ?? "off",
    };
  });
  const summary = Object.fromEntries(
    SEVERITIES.map((s) => [s, findings.filter((f) => f.severity === s).length]),
  ) as Record<ScanSeverity, number>;
  const failing = findings.some((f) => severityRank(f.severity) >= severityRank(failOn)) ||
    failures.size > 0;
  return {
    version: 1,
    failOn,
    servers: scanned,
    findings,
    summary,
    ...(lock === undefined ? {} : { lock }),
    status: failing ? "fail" : "pass",
  };
}
