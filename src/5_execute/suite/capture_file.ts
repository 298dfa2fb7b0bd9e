/** @module `--capture FILE` of `runSuite`: the run's sessions as one capture file (seed 003), redacted. */

import { redactCapture } from "../../4_record/redact_record.ts";
import { captureFileValue } from "../../2_connect/session/capturing_connect.ts";
import { writeFileAtomic } from "../../0_base/util/write_output.ts";
import type { SuiteRun } from "./run_context.ts";

/**
 * Write the run's captures to `path`: one session object, or an array of them with distinct
 * labels, redacted with every secret of the run (tokens learnt while running included).
 * @throws {UsageError} the file cannot be written
 */
export async function writeCaptureFile(
  run: Pick<SuiteRun, "captures" | "secrets">,
  path: string,
): Promise<void> {
  const value = redactCapture(captureFileValue(run.captures), run.secrets.list);
  await writeFileAtomic(path, JSON.stringify(value, null, 2) + "\n");
}
