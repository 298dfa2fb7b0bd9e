/** @module renderReport(): `mcptest report` as one call: read saved run records, merge shards when asked, render in any format. */

import { UsageError } from "../../0_base/errors/errors.ts";
import { ExitCode } from "../../0_base/errors/exit_codes.ts";
import { mergeRecords } from "../../4_record/merge.ts";
import type { RunRecord } from "../../4_record/run_record.ts";
import { parseRunRecord } from "../../4_record/validate.ts";
import { renderChunks, reporterName } from "../../6_report/reporters.ts";

/** Options of {@link renderReport}: the flags of `mcptest report`. */
export interface RenderReportOptions {
  /** A reporter name (default: `json` with `merge`, else `pretty`). */
  readonly format?: string;
  /** Join several shard records into one before rendering (`mergeRecords`). */
  readonly merge?: boolean;
  /** Colour the pretty format. */
  readonly color?: boolean;
}

/** What {@link renderReport} produced. */
export interface RenderedReport {
  /** The record rendered: the one read, or the shards merged. */
  readonly record: RunRecord;
  /** The report, as chunks to write one after another (the json report test by test). */
  readonly chunks: Iterable<string>;
}

/**
 * Read the run records at `paths` (written by `--reporter json`), join them with `merge`, and
 * render the result with the reporter `options.format`. An unknown format fails before any
 * record is read.
 * @throws {UsageError} an unknown format, several records without `merge`, a record that is
 *   missing, a folder or unreadable (exit 2)
 * @throws {ConfigError} a file that is not a valid run record (exit 2)
 * @example
 * ```ts
 * import { renderReport } from "./render_report.ts";
 *
 * const { chunks } = await renderReport(["tests/fixtures/report/pass.json"], { format: "tap" });
 * console.log([...chunks].join(""));
 * ```
 */
export async function renderReport(
  paths: readonly string[],
  options: RenderReportOptions = {},
): Promise<RenderedReport> {
  const format = reporterName(options.format ?? (options.merge ? "json" : "pretty"));
  if (paths.length > 1 && !options.merge) {
    throw new UsageError(
      `got ${paths.length} run records; pass --merge to join shard records into one`,
    );
  }
  const records: RunRecord[] = [];
  for (const path of paths) records.push(parseRunRecord(await readRecord(path), path));
  const record = options.merge ? mergeRecords(records) : records[0]!;
  const chunks = await renderChunks(format, record, { color: options.color ?? false });
  return { record, chunks };
}

/** The exit code `mcptest run` gives a record: 1 when a test failed or errored, 0 otherwise. */
export function reportExitCode(record: RunRecord): number {
  const { failed, errored } = record.summary;
  const bad = failed + errored > 0 ||
    record.tests.some((t) => t.status === "fail" || t.status === "error");
  return bad ? ExitCode.TestsFailed : ExitCode.Ok;
}

async function readRecord(path: string): Promise<string> {
  try {
    return await Deno.readTextFile(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      throw new UsageError(`${path}: run record not found`, { cause: error });
    }
    if (error instanceof Deno.errors.IsADirectory) {
      throw new UsageError(`${path}: is a folder, expected a run record file`, { cause: error });
    }
    if (error instanceof Deno.errors.PermissionDenied || error instanceof Deno.errors.NotCapable) {
      throw error;
    }
    const reason = error instanceof Error ? error.message : String(error);
    throw new UsageError(`${path}: cannot read run record: ${reason}`, { cause: error });
  }
}
