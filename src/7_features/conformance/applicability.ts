/** @module Which checks only apply over HTTP, so that a stdio server is not shown gaps it cannot have. */

/** Check-id patterns of requirements that only exist on the Streamable HTTP transport. */
const HTTP_ONLY: readonly RegExp[] = [
  /-http-/,
  /^server-sse-/,
  /^sep-1699-/,
  /^sep-2243-server-/,
  /^sep-2243-header-/,
  /^sep-(835|985|2352)-/,
  /^sep-2567-server-(rejects-get-and-delete|ignores-|accepts-)/,
  /^sep-2663-(routing-headers-|server-rejects-mismatched-mcp-name-|client-emits-mcp-name-)/,
];

/** Whether `check` only applies to HTTP servers: on stdio it is not-applicable, probed or not. */
export function isHttpOnly(check: string): boolean {
  return HTTP_ONLY.some((pattern) => pattern.test(check));
}
