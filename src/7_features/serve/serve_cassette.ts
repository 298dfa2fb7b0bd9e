/** @module serveCassette(): `mcptest serve` as one call: load a cassette (or a folder of them) and serve it over stdio or HTTP until stopped. */

import { UsageError } from "../../0_base/errors/errors.ts";
import { shownPath } from "../../2_connect/cassette/store.ts";
import type { Cassette } from "../../2_connect/cassette/format.ts";
import { loadRecording } from "./mock.ts";
import { parseListen, serveHttp } from "./serve_http.ts";
import { serveStdio } from "./serve_stdio.ts";

/** Inputs of {@link serveCassette}: the flags of `mcptest serve`. */
export interface ServeCassetteOptions {
  /** The working directory (cassette names are shown relative to it; default `Deno.cwd()`). */
  readonly cwd?: string;
  /** `--http [HOST:]PORT`, or true for a free port on 127.0.0.1; absent: serve stdio. */
  readonly http?: string | true;
  /** Gets the mock's URL once it listens (HTTP only). */
  readonly onListening?: (url: string) => void;
  /** Stops the HTTP mock when aborted (stdio stops when stdin closes). */
  readonly signal?: AbortSignal;
  /** `--allow-origin`: Origin values accepted besides loopback ones (HTTP only). */
  readonly allowOrigins?: readonly string[] | undefined;
  /** `--allow-host`: Host names accepted besides loopback ones and the bound address (HTTP only). */
  readonly allowHosts?: readonly string[] | undefined;
  /** `--token-env NAME`: the variable's value; every HTTP request must carry it as a bearer token. */
  readonly token?: string | undefined;
}

/**
 * Serve the recording at `path` as a mock MCP server: the recorded handshake and every recorded
 * request (normalised matching, repeated calls in recorded order); anything else gets a JSON-RPC
 * error naming the nearest recorded request. Over HTTP a foreign Host or Origin gets 403 and, with
 * a token, a request without it 401. Resolves once stopped: stdin closed (stdio), or
 * `signal` aborted (HTTP).
 * @throws {UsageError} a missing path, an unreadable cassette, a folder without cassettes, a
 *   malformed `--http` value (exit 2)
 * @example
 * ```ts ignore
 * import { serveCassette } from "./serve_cassette.ts";
 *
 * const stop = new AbortController();
 * await serveCassette("tests/cassettes/", { http: "127.0.0.1:0", signal: stop.signal });
 * ```
 */
export async function serveCassette(
  path: string,
  options: ServeCassetteOptions = {},
): Promise<void> {
  const cwd = options.cwd ?? Deno.cwd();
  const cassette = await readRecording(path, cwd);
  const where = shownPath(path, cwd);
  if (options.http === undefined) return await serveStdio(cassette, where);
  const listen = parseListen(options.http === true ? "0" : options.http);
  if (!listen) {
    throw new UsageError(
      `invalid --http "${options.http}", expected [HOST:]PORT (e.g. 8080 or 127.0.0.1:0)`,
    );
  }
  const mock = await serveHttp(cassette, where, listen.hostname, listen.port, {
    allowOrigins: options.allowOrigins,
    allowHosts: options.allowHosts,
    token: options.token,
  });
  options.onListening?.(mock.url);
  const stop = () => void mock.stop();
  if (options.signal?.aborted) stop();
  options.signal?.addEventListener("abort", stop, { once: true });
  try {
    await mock.finished;
  } finally {
    options.signal?.removeEventListener("abort", stop);
  }
}

/** The recording at `path`; any problem reading it is a usage error naming it. */
async function readRecording(path: string, cwd: string): Promise<Cassette> {
  try {
    await Deno.stat(path);
  } catch {
    throw new UsageError(`${path}: no such file or folder`);
  }
  try {
    return await loadRecording(path, cwd);
  } catch (error) {
    if (error instanceof Error) throw new UsageError(error.message);
    throw error;
  }
}
