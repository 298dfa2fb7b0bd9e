/** @module Checks of a 2026-07-28 request's `_meta`: version supported, client capabilities present. */

import {
  META_CLIENT_CAPABILITIES,
  META_PROTOCOL_VERSION,
  requestMeta,
  STATELESS_VERSION,
} from "./era.ts";
import { ErrorCodes, WireError } from "./wire_error.ts";

/** Whether a request's params carry the 2026 protocol-version `_meta` key (any value). */
export function isStatelessRequest(params: unknown): boolean {
  const meta = requestMeta(params);
  return meta !== undefined && META_PROTOCOL_VERSION in meta;
}

/**
 * The error a stateless request earns, or undefined when its `_meta` is acceptable:
 * -32602 when the version or the client capabilities are missing, -32022 with
 * data {supported, requested} when the version is not 2026-07-28. `supported` lists the versions
 * usable in `_meta`; the initialize-era ones are reached through `initialize` instead.
 */
export function statelessMetaProblem(params: unknown): WireError | undefined {
  const meta = requestMeta(params);
  const version = meta?.[META_PROTOCOL_VERSION];
  if (meta === undefined || version === undefined) {
    return new WireError(
      ErrorCodes.invalidParams,
      `invalid params: _meta ${META_PROTOCOL_VERSION} is required`,
    );
  }
  if (version !== STATELESS_VERSION) {
    return new WireError(
      ErrorCodes.unsupportedProtocolVersion,
      `unsupported protocol version: ${JSON.stringify(version)}`,
      { supported: [STATELESS_VERSION], requested: version },
    );
  }
  const capabilities = meta[META_CLIENT_CAPABILITIES];
  if (typeof capabilities !== "object" || capabilities === null || Array.isArray(capabilities)) {
    return new WireError(
      ErrorCodes.invalidParams,
      `invalid params: _meta ${META_CLIENT_CAPABILITIES} is required`,
    );
  }
  return undefined;
}
