/** @module The output formats of `mcptest doctor` (pretty, json): one name -> renderer map, each renderer loaded when used. */

import { importLater } from "../../0_base/util/import_later.ts";
import { UsageError } from "../../0_base/errors/errors.ts";
import type { DoctorResult } from "./diagnose_server.ts";
import type { DoctorReport } from "./run_doctor.ts";

/** How one format renders a doctor run: server by server as they finish, then an end. */
export interface DoctorRenderer {
  /** One server's text, printed as soon as it is diagnosed (absent: the format waits for the end). */
  readonly server?: (result: DoctorResult, color: boolean) => string;
  /** The text after the last server. */
  readonly end: (report: DoctorReport, color: boolean) => string;
}

/** Every format of `doctor --format`, by name; each module is imported only when used. */
export const DOCTOR_FORMATS = {
  pretty: async (): Promise<DoctorRenderer> => {
    const [{ renderDiagnosis }, { renderMigrationRows }, { escapeStrings, neutralizeCommands }] =
      await Promise.all([
        importLater<typeof import("./render.ts")>(import.meta.url, "./render.ts"),
        importLater<typeof import("./migration_probe.ts")>(import.meta.url, "./migration_probe.ts"),
        importLater<typeof import("../../0_base/util/escape.ts")>(
          import.meta.url,
          "../../0_base/util/escape.ts",
        ),
      ]);
    return {
      server: (result, color) => {
        // Row text can quote the server: escape it before styling, then defuse `::` line starts.
        const rows = result.migration
          ? [
            neutralizeCommands(
              renderMigrationRows(escapeStrings(result.migration), color).trimEnd(),
            ),
          ]
          : [];
        return [renderDiagnosis(result, color), ...rows, ""].join("\n");
      },
      end: (report) =>
        report.ok
          ? "doctor: every layer passed"
          : "doctor: a layer or migration row failed (see above)",
    };
  },
  json: async (): Promise<DoctorRenderer> => {
    const { safeJson } = await importLater<typeof import("../../0_base/util/escape.ts")>(
      import.meta.url,
      "../../0_base/util/escape.ts",
    );
    return { end: (report) => safeJson(JSON.stringify(report, null, 2)) };
  },
} as const satisfies Readonly<Record<string, () => Promise<DoctorRenderer>>>;

/** One of the names of {@link DOCTOR_FORMATS}. */
export type DoctorFormat = keyof typeof DOCTOR_FORMATS;

/**
 * `name` as a doctor format (the `--format` parser).
 * @throws {UsageError} an unknown name, listing the known ones (exit 2)
 */
export function doctorFormat(name: string): DoctorFormat {
  if (Object.hasOwn(DOCTOR_FORMATS, name)) return name as DoctorFormat;
  throw new UsageError(
    `unknown --format "${name}"; expected one of: ${Object.keys(DOCTOR_FORMATS).join(", ")}`,
  );
}
