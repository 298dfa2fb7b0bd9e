/** @module Why a response-header budget cannot apply to a stdio server: one text for the load warning and the run's SKIP (a module of its own, so the runner loads no part of the loader for it). */

/** Why a response-header budget cannot apply to a stdio server (the load warning and the SKIP say it). */
export const STDIO_HEADERS_SKIP = "response headers are not available over stdio";
