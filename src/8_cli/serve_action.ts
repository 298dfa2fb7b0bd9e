/** @module The `mcptest serve` action: flags in, serveCassette() until stdin closes or SIGINT/SIGTERM stops the HTTP mock. */

import { ExitCode } from "../0_base/errors/exit_codes.ts";
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
      signal: stop.signal,
      onListening: (url) => console.error(`listening on ${url}`),
    });
  } finally {
    Deno.removeSignalListener("SIGINT", abort);
    Deno.removeSignalListener("SIGTERM", abort);
  }
  return ExitCode.Ok;
}
