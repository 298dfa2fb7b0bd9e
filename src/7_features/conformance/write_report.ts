/** @module Writes a conformance report to stdout or atomically to a file; a write that fails is a conformance usage error (exit 1). */

import { UsageError } from "../../0_base/errors/errors.ts";
import { type OutputText, writeFileAtomic, writeOutput } from "../../0_base/util/write_output.ts";
import { ConformanceUsageError } from "./usage_error.ts";

/**
 * Write `text` to `path` (atomically), or to stdout when `path` is undefined or `-`.
 * @throws {ConformanceUsageError} when it cannot be written, naming the path (exit 1)
 */
export async function writeReport(path: string | undefined, text: OutputText): Promise<void> {
  await asConformanceError(writeOutput(path, text));
}

/**
 * Write `text` to the file `path` atomically (`-` is a file name here).
 * @throws {ConformanceUsageError} when it cannot be written, naming the path (exit 1)
 */
export async function writeFile(path: string, text: OutputText): Promise<void> {
  await asConformanceError(writeFileAtomic(path, text));
}

async function asConformanceError(writing: Promise<void>): Promise<void> {
  try {
    await writing;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    throw new ConformanceUsageError(error.message, { cause: error.cause });
  }
}
