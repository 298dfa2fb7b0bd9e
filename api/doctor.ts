/**
 * The layered doctor ({@link runDoctor}: `mcptest doctor` as one call; {@link diagnoseServer} for
 * one server) and the 2026-07-28 migration probes it runs.
 *
 * @example The doctor's output formats
 * ```ts
 * import { DOCTOR_FORMATS } from "@mcptest/cli/doctor";
 *
 * console.log(Object.keys(DOCTOR_FORMATS));
 * ```
 *
 * @module
 */

export { checkResourceErrorCode } from "../src/7_features/migration/check_resource_error_code.ts";
export {
  migrationExitCode,
  renderMigrationRows,
  runMigrationProbe,
} from "../src/7_features/doctor/migration_probe.ts";
export type { EvidenceOptions } from "../src/7_features/doctor/migration_evidence.ts";
export type {
  CodeCheck,
  MigrationRow,
  MigrationStatus,
} from "../src/7_features/migration/types.ts";

export { diagnoseServer } from "../src/7_features/doctor/diagnose_server.ts";
export type { DoctorResult } from "../src/7_features/doctor/diagnose_server.ts";
export type { LayerName, LayerResult, ServerDiagnosis } from "../src/7_features/doctor/types.ts";
export { runDoctor } from "../src/7_features/doctor/run_doctor.ts";
export type { DoctorReport, RunDoctorOptions } from "../src/7_features/doctor/run_doctor.ts";
export { DOCTOR_FORMATS } from "../src/7_features/doctor/formats.ts";
export type { DoctorFormat, DoctorRenderer } from "../src/7_features/doctor/formats.ts";

// The shared types (suite, server, session, record, matcher, error).
export * from "./core_types.ts";
