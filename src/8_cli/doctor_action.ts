/** @module The `mcptest doctor` action: resolve servers, diagnose each (in order), print, exit code. */

import { loadSuite } from "../3_load/config/load_suite.ts";
import type { ServerSpec } from "../3_load/config/types.ts";
import { UsageError } from "../0_base/errors/errors.ts";
import { ExitCode } from "../0_base/errors/exit_codes.ts";
import { parseServerArg } from "../7_features/conformance/server_arg.ts";
import { DEFAULT_TIMEOUT_MS, parseServerFlag } from "../3_load/config/server_spec.ts";
import type { DoctorResult } from "../7_features/doctor/diagnose_server.ts";
import { redactValue } from "../4_record/redact_value.ts";
import { useColor } from "./color.ts";
import type { DoctorOptions } from "./doctor.ts";
import { handleError } from "./handle_error.ts";
import { suiteLoadOptions } from "./suite_flags.ts";
import { escapeStrings, neutralizeCommands, safeJson } from "../0_base/util/escape.ts";

/** Servers from --url / --command, else from the suite (precedence and sources as `mcptest run`). */
async function serversOf(
  paths: string[],
  options: DoctorOptions,
): Promise<{ servers: ServerSpec[]; secrets: string[] }> {
  const adHoc: ServerSpec[] = [];
  if (options.url !== undefined) {
    adHoc.push({
      ...parseServerArg(options.url, { timeoutMs: options.timeout ?? DEFAULT_TIMEOUT_MS }),
      name: "url",
      key: "url",
    });
  }
  if (options.command !== undefined) {
    adHoc.push({
      ...parseServerArg(options.command, { timeoutMs: options.timeout ?? DEFAULT_TIMEOUT_MS }),
      name: "command",
      key: "command",
    });
  }
  if (adHoc.length > 0) return { servers: adHoc, secrets: [] };
  if (options.server.length > 0) return await withNamedServers(paths, options);
  const suite = await loadSuite(suiteLoadOptions(paths, options, Deno.cwd()));
  const servers = Object.values(suite.servers).sort((a, b) => a.name.localeCompare(b.name));
  if (servers.length === 0) {
    throw new UsageError("no servers to check: give --url, --command, or a suite with servers:");
  }
  return { servers, secrets: [...suite.secrets] };
}

/**
 * With `--server NAME=TARGET` (repeatable): a name the suite declares overrides that server's
 * target (as `mcptest run --server`), and every server of the suite is checked; any other name is
 * checked too, on its own, so `mcptest doctor --server x=URL` works in an empty folder.
 */
async function withNamedServers(
  paths: string[],
  options: DoctorOptions,
): Promise<{ servers: ServerSpec[]; secrets: string[] }> {
  const flags = options.server.map((flag) => ({ flag, ...parseServerFlag(flag) }));
  const cwd = Deno.cwd();
  const declared = await loadSuite(suiteLoadOptions(paths, { ...options, server: [] }, cwd));
  const names = new Set(Object.values(declared.servers).map((s) => s.name));
  const known = flags.filter((f) => names.has(f.name));
  const suite = known.length === 0 ? declared : await loadSuite(
    suiteLoadOptions(paths, { ...options, server: known.map((f) => f.flag) }, cwd),
  );
  const adHoc = flags.filter((f) => !names.has(f.name)).map(({ name, target }): ServerSpec => ({
    key: name,
    name,
    target,
    parallel: false,
    timeoutMs: options.timeout ?? DEFAULT_TIMEOUT_MS,
    source: "cli flag",
  }));
  const servers = Object.values(suite.servers).sort((a, b) => a.name.localeCompare(b.name));
  return { servers: [...servers, ...adHoc], secrets: [...suite.secrets] };
}

/** Run the doctor and return its exit code. */
export async function doctorAction(paths: string[], options: DoctorOptions): Promise<number> {
  try {
    if (options.format !== "pretty" && options.format !== "json") {
      throw new UsageError(`unknown --format "${options.format}", expected pretty or json`);
    }
    let migrate = false;
    if (options.targetVersion !== undefined) {
      const { isMigrationTarget, MIGRATION_TARGET } = await import(
        "../7_features/migration/target.ts"
      );
      if (!isMigrationTarget(options.targetVersion)) {
        throw new UsageError(
          `unsupported --target-version "${options.targetVersion}": the only migration target is ${MIGRATION_TARGET.id}`,
        );
      }
      migrate = true;
    }
    const { servers, secrets } = await serversOf(paths, options);
    const [{ diagnoseServer }, { renderDiagnosis }, { renderMigrationRows, migrationExitCode }] =
      await Promise.all([
        import("../7_features/doctor/diagnose_server.ts"),
        import("../7_features/doctor/render.ts"),
        import("../7_features/doctor/migration_probe.ts"),
      ]);
    const color = useColor(options.color);
    const results: DoctorResult[] = [];
    for (const server of servers) {
      const timeoutMs = options.timeout ?? server.timeoutMs;
      const result = redactValue(await diagnoseServer(server, timeoutMs, migrate), secrets);
      results.push(result);
      if (options.format === "pretty") {
        console.log(renderDiagnosis(result, color));
        if (result.migration) {
          // Row text can quote the server: escape it before styling, then defuse `::` line starts.
          const rows = renderMigrationRows(escapeStrings(result.migration), color);
          console.log(neutralizeCommands(rows.trimEnd()));
        }
        console.log("");
      }
    }
    const failedLayer = results.some((r) => r.layers.some((l) => l.status === "fail"));
    const failedRow = results.some((r) =>
      r.migration !== undefined && migrationExitCode(r.migration) !== 0
    );
    const ok = !failedLayer && !failedRow;
    if (options.format === "json") {
      console.log(safeJson(JSON.stringify({ ok, servers: results }, null, 2)));
    } else {
      console.log(
        ok ? "doctor: every layer passed" : "doctor: a layer or migration row failed (see above)",
      );
    }
    return ok ? ExitCode.Ok : ExitCode.TestsFailed;
  } catch (error) {
    return handleError(error, options.verbose);
  }
}
