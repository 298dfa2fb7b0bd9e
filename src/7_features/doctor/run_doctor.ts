/** @module runDoctor(): `mcptest doctor` as one call: which servers to check (from --url, --command, --server or the suite), each walked through its failure layers in order. */

import { importLater } from "../../0_base/util/import_later.ts";
import { UsageError } from "../../0_base/errors/errors.ts";
import { ExitCode } from "../../0_base/errors/exit_codes.ts";
import { type LoadOptions, loadSuite } from "../../3_load/config/load_suite.ts";
import { parseServerFlag, serverFromFlag } from "../../3_load/config/server_spec.ts";
import type { ServerSpec } from "../../3_load/config/types.ts";
import { redactValue } from "../../4_record/redact_value.ts";
import { isMigrationTarget, MIGRATION_TARGET } from "../migration/target.ts";
import type { DoctorResult } from "./diagnose_server.ts";
import { neededCapabilities } from "./readiness.ts";
import { redactUrls, urlSecrets } from "./redact_urls.ts";

/** Inputs of {@link runDoctor}: the flags of `mcptest doctor`. */
export interface RunDoctorOptions {
  /**
   * How the suite is found and loaded (`mcptest run`'s paths and suite flags); its
   * `serverOverrides` are the `--server NAME=TARGET` values (see {@link runDoctor}).
   */
  readonly load: LoadOptions;
  /** `--url`: check this URL only. */
  readonly url?: string;
  /** `--command`: check this stdio command only (split like a shell). */
  readonly command?: string;
  /** `--target-version`: add the migration probe toward this revision (only 2026-07-28). */
  readonly targetVersion?: string;
  /** The timeout of each layer (default: each server's `timeout_ms`). */
  readonly timeoutMs?: number;
  /** Gets each server's result as soon as it is diagnosed, in order (a report can stream). */
  readonly onServer?: (result: DoctorResult) => void | Promise<void>;
}

/** What `mcptest doctor --format json` prints. */
export interface DoctorReport {
  /** Every layer passed and no migration row failed. */
  readonly ok: boolean;
  /** One result per server checked, in the order checked. */
  readonly servers: readonly DoctorResult[];
}

/** The servers to check, the secrets to hide in their results, and what the suite's tests need. */
interface Checked {
  readonly servers: readonly ServerSpec[];
  readonly secrets: readonly string[];
  /** Capability -> how many tests need it, by server key (absent: checked without a suite). */
  readonly needs?: ReadonlyMap<string, ReadonlyMap<string, number>>;
}

/**
 * Diagnose each server layer by layer. Which servers: `url` and `command` when given (only
 * those); else with `--server NAME=TARGET` values, a name the suite declares overrides that
 * server's target (as `mcptest run --server`) and every server of the suite is checked, and any
 * other name is checked on its own (so `--server x=URL` works in an empty folder); else every
 * server of the suite, by name. Results are redacted with the suite's secrets, and every URL in
 * them loses its credentials and query values (`https://user:pass@host/mcp?key=...`).
 * @throws {UsageError} an unsupported `targetVersion`, or no server to check (exit 2)
 * @throws {ConfigError} a malformed `--server`, `--url` or `--command` value (exit 2)
 * @throws {ConfigErrors} a suite that does not load (exit 2)
 * @example
 * ```ts ignore
 * import { runDoctor } from "./run_doctor.ts";
 *
 * const report = await runDoctor({ load: { paths: [], cwd: Deno.cwd() }, url: "http://127.0.0.1:3000/mcp" });
 * console.log(report.ok);
 * ```
 */
export async function runDoctor(options: RunDoctorOptions): Promise<DoctorReport> {
  const migrate = migrationWanted(options.targetVersion);
  const { servers, secrets: suiteSecrets, needs } = await serversToCheck(options);
  const secrets = [...suiteSecrets, ...urlSecrets(servers)];
  const { diagnoseServer } = await importLater<typeof import("./diagnose_server.ts")>(
    import.meta.url,
    "./diagnose_server.ts",
  );
  const results: DoctorResult[] = [];
  for (const server of servers) {
    const timeoutMs = options.timeoutMs ?? server.timeoutMs;
    const diagnosis = await diagnoseServer(server, timeoutMs, migrate, needs?.get(server.key));
    const result = redactUrls(redactValue(diagnosis, secrets));
    results.push(result);
    await options.onServer?.(result);
  }
  return { ok: results.every(passed), servers: results };
}

/** The exit code of a doctor report: 0 when every layer passed, else 1. */
export function doctorExitCode(report: DoctorReport): number {
  return report.ok ? ExitCode.Ok : ExitCode.TestsFailed;
}

function passed(result: DoctorResult): boolean {
  return !result.layers.some((l) => l.status === "fail") &&
    !(result.migration ?? []).some((row) => row.status === "fail");
}

/** Whether `--target-version` asks for the migration probe. @throws {UsageError} another revision */
function migrationWanted(targetVersion: string | undefined): boolean {
  if (targetVersion === undefined) return false;
  if (!isMigrationTarget(targetVersion)) {
    throw new UsageError(
      `unsupported --target-version "${targetVersion}": the only migration target is ${MIGRATION_TARGET.id}`,
    );
  }
  return true;
}

/** Servers from --url / --command, else from the suite (precedence and sources as `mcptest run`). */
async function serversToCheck(options: RunDoctorOptions): Promise<Checked> {
  const adHoc = adHocServers(options);
  if (adHoc.length > 0) return { servers: adHoc, secrets: [] };
  if ((options.load.serverOverrides ?? []).length > 0) return await withNamedServers(options);
  const suite = await loadSuite(options.load);
  const servers = Object.values(suite.servers).sort((a, b) => a.name.localeCompare(b.name));
  if (servers.length === 0) {
    throw new UsageError("no servers to check: give --url, --command, or a suite with servers:");
  }
  return { servers, secrets: [...suite.secrets], needs: neededCapabilities(suite) };
}

/** The `--url` and `--command` servers, named `url` and `command`. */
function adHocServers(options: RunDoctorOptions): ServerSpec[] {
  const flags: Array<[string, string | undefined]> = [
    ["url", options.url],
    ["command", options.command],
  ];
  return flags.flatMap(([name, value]) =>
    value === undefined ? [] : [{
      ...serverFromFlag(value, { defaultName: name, ...timeoutOf(options) }),
      name,
      key: name,
    }]
  );
}

/**
 * With `--server NAME=TARGET` (repeatable): a name the suite declares overrides that server's
 * target, and every server of the suite is checked; any other name is checked too, on its own.
 */
async function withNamedServers(options: RunDoctorOptions): Promise<Checked> {
  const flags = (options.load.serverOverrides ?? []).map((flag) => ({
    flag,
    ...parseServerFlag(flag),
  }));
  const declared = await loadSuite({ ...options.load, serverOverrides: [] });
  const names = new Set(Object.values(declared.servers).map((s) => s.name));
  const known = flags.filter((f) => names.has(f.name));
  const suite = known.length === 0
    ? declared
    : await loadSuite({ ...options.load, serverOverrides: known.map((f) => f.flag) });
  const adHoc = flags.filter((f) => !names.has(f.name))
    .map(({ flag }) => serverFromFlag(flag, timeoutOf(options)));
  const servers = Object.values(suite.servers).sort((a, b) => a.name.localeCompare(b.name));
  return {
    servers: [...servers, ...adHoc],
    secrets: [...suite.secrets],
    needs: neededCapabilities(suite),
  };
}

function timeoutOf(options: RunDoctorOptions): { timeoutMs?: number } {
  return options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs };
}
