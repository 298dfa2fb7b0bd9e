/** @module TransportError: a send or stream failed below the JSON-RPC level (closed pipe, HTTP status, timeout). */

import { McptestError } from "../../0_base/errors/errors.ts";
import { ExitCode } from "../../0_base/errors/exit_codes.ts";
import type { FailureLayer, HttpInfo } from "./types.ts";

/** What kind of transport failure happened; the session maps it onto `Exchange.failure.kind`. */
export type TransportErrorKind = "closed" | "http" | "timeout" | "network";

/** Options of a {@link TransportError}. */
export interface TransportErrorOptions extends ErrorOptions {
  /** The failure layer, when it is known (dns, tcp, tls, http, auth, ...). */
  readonly layer?: FailureLayer;
  /** The HTTP response that caused the failure (status >= 400 without a JSON-RPC body). */
  readonly http?: HttpInfo;
}

/** A transport could not deliver a message or lost its stream. Never carries header values. */
export class TransportError extends McptestError {
  /** What went wrong, coarsely. */
  readonly kind: TransportErrorKind;
  /** The failure layer, when known. */
  readonly layer: FailureLayer | undefined;
  /** The HTTP response, for `kind: "http"`. */
  readonly http: HttpInfo | undefined;

  constructor(kind: TransportErrorKind, message: string, options: TransportErrorOptions = {}) {
    super(
      message,
      ExitCode.TestsFailed,
      options.cause === undefined ? {} : { cause: options.cause },
    );
    this.name = "TransportError";
    this.kind = kind;
    this.layer = options.layer;
    this.http = options.http;
  }
}
