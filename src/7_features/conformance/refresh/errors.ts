/** @module Refresh errors: network failures exit 3 (seed 002); unsafe archives and bad input exit 1. */

import { McptestError } from "../../../0_base/errors/errors.ts";
import { ConformanceExitCode } from "../../../0_base/errors/exit_codes.ts";

/** The upstream could not be fetched (DNS, TCP, TLS, HTTP error status, rate limit): exit 3. */
export class RefreshNetworkError extends McptestError {
  constructor(message: string, options?: ErrorOptions) {
    super(message, ConformanceExitCode.NetworkFailure, options);
    this.name = "RefreshNetworkError";
  }
}

/** The refresh cannot proceed (unsafe archive, size cap, unknown version, I/O): exit 1. */
export class RefreshError extends McptestError {
  constructor(message: string, options?: ErrorOptions) {
    super(message, ConformanceExitCode.CliError, options);
    this.name = "RefreshError";
  }
}
