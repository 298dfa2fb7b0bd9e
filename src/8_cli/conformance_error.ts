/** @module Maps an error of a conformance command to seed 002's exit codes (2 corpus, 3 network, 4 server, else 1). */

import { ConformanceExitCode } from "../0_base/errors/exit_codes.ts";
import { CorpusMissingError } from "../7_features/conformance/resolve_corpus.ts";
import { RefreshNetworkError } from "../7_features/conformance/refresh/errors.ts";
import { ServerUnreachableError } from "../7_features/conformance/run_conformance.ts";
import { handleError } from "./handle_error.ts";

/** Print `error` once and return its conformance exit code. */
export function handleConformanceError(error: unknown, verbose: boolean): number {
  handleError(error, verbose);
  if (error instanceof CorpusMissingError) return ConformanceExitCode.CorpusMissing;
  if (error instanceof RefreshNetworkError) return ConformanceExitCode.NetworkFailure;
  if (error instanceof ServerUnreachableError) return ConformanceExitCode.ServerUnreachable;
  return ConformanceExitCode.CliError;
}
