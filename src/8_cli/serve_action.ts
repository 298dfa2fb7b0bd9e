/** @module The `mcptest serve` action: flags in, serveCassette() until stdin closes or SIGINT/SIGTERM stops the HTTP mock. */

import { ExitCode } from "../0_base/errors/exit_codes.ts";
import { UsageError } from "../0_base/errors/errors.ts";
import { serveCassette } from "../7_features/serve/serve_cassette.ts";
import type { ServeOptions } from "./serve.ts";

/** Serve `path` and return the exit code once stopped (stdin closed, or SIGINT/SIGTERM for HTTP). */
export async function serveAction(path: string, options: ServeOptions): Promise<number> {
  if (options.http === undefined) {
    await serveCassette(path);
    return ExitCode.Ok;
  }
  const stop = new AbortController();
  const abort = () => stop.abort();
  Deno.addSignalListener("SIGINT", abort);
  Deno.addSignalListener("SIGTERM", abort);
  try {
    await serveCassette(path, {
      http: options.http,
      allowOrigins: options.allowOrigin,
      allowHosts: options.allowHost,
      token: serveToken(options.tokenEnv),
      signal: stop.signal,
      onListening: (url) => console.error(`listening on ${url}`),
    });
  } finally {
    Deno.removeSignalListener("SIGINT", abort);
    Deno.removeSignalListener("SIGTERM", abort);
  }
  return ExitCode.Ok;
}

/** The bearer token of `--token-env NAME` (never printed); a variable unset or empty is a usage error. */
function serveToken(name: string | undefined): string | undefined {
  if (name === undefined) return undefined;
  const value = Deno.env.get(name);
  if (!value) {
    throw new UsageError(`--token-env ${name}: the environment variable is not set or empty`);
  }
  return value;
}
