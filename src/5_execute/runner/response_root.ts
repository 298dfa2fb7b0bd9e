/** @module The object target paths resolve against: the response with an error envelope wrapped under `result`. */

import type { Exchange } from "../../2_connect/session/types.ts";

/**
 * The root a target path such as `result.content[0].text` or `result.error.code` resolves against.
 * A JSON-RPC error is wrapped under `result` (seed 001: `result.error.code`); HTTP facts sit beside it.
 */
export function responseRoot(exchange: Exchange): Record<string, unknown> {
  const response = exchange.response;
  const result = response?.error !== undefined ? { error: response.error } : response?.result;
  const root: Record<string, unknown> = { result };
  if (exchange.http) {
    root.http = { status: exchange.http.status, headers: exchange.http.headers };
  }
  return root;
}
