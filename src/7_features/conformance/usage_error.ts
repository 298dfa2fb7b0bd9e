/** @module A bad argument of a conformance command: exit 1, seed 002's "CLI error" (not a UsageError's 2). */

import { UsageError } from "../../0_base/errors/errors.ts";
import { ConformanceExitCode } from "../../0_base/errors/exit_codes.ts";

/**
 * A usage error of `mcptest conformance` (an unknown reporter or format, two report paths, an
 * output that cannot be written): still a {@link UsageError}, but exit 1 as seed 002's table says.
 */
export class ConformanceUsageError extends UsageError {
  /** Seed 002's generic CLI error (1). */
  override readonly exitCode: number = ConformanceExitCode.CliError;

  /** A conformance usage error (exit 1). */
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "ConformanceUsageError";
  }
}
