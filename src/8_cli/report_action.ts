/** @module The `mcptest report` action: read record(s), optionally merge, render, write. */

import { UsageError } from "../0_base/errors/errors.ts";
import { ExitCode } from "../0_base/errors/exit_codes.ts";
import { parseRunRecord } from "../4_record/validate.ts";
import { mergeRecords } from "../4_record/merge.ts";
import { getReporter, renderChunks } from "../6_report/reporters.ts";
import type { RunRecord } from "../4_record/run_record.ts";
import { writeOutput } from "../0_base/util/write_output.ts";
import { useColor } from "./color.ts";
import { handleError } from "./handle_error.ts";
import type { ReportOptions } from "./report.ts";

/**
 * Render (and with `--merge`, join) saved run records; returns the exit code: 1 when the rendered
 * record holds a failed or errored test (as `mcptest run` would have), 0 otherwise.
 */
export async function reportAction(paths: string[], options: ReportOptions): Promise<number> {
  try {
    const format = options.format ?? (options.merge ? "json" : "pretty");
    await getReporter(format); // an unknown format fails before any record is read
    if (paths.length > 1 && !options.merge) {
      throw new UsageError(
        `got ${paths.length} run records; pass --merge to join shard records into one`,
      );
    }
    const records: RunRecord[] = [];
    for (const path of paths) records.push(parseRunRecord(await readRecord(path), path));
    const record = options.merge ? mergeRecords(records) : records[0]!;
    const toStdout = options.output === "-";
    const chunks = await renderChunks(format, record, {
      color: toStdout && useColor(options.color),
    });
    await writeOutput(options.output, chunks);
    return recordExitCode(record);
  } catch (error) {
    return handleError(error, options.verbose);
  }
}

/** The exit code `mcptest run` gives a record: 1 when a test failed or errored, 0 otherwise. */
export function recordExitCode(record: RunRecord): number {
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
