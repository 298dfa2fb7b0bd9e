/** @module The `mcptest serve` action: load the recording, serve it over stdio or HTTP until stopped. */

import { CassetteFormatError } from "../2_connect/cassette/format.ts";
import { loadRecording } from "../7_features/serve/mock.ts";
import { parseListen, serveHttp } from "../7_features/serve/serve_http.ts";
import { serveStdio } from "../7_features/serve/serve_stdio.ts";
import { shownPath } from "../2_connect/cassette/store.ts";
import { UsageError } from "../0_base/errors/errors.ts";
import { ExitCode } from "../0_base/errors/exit_codes.ts";
import { handleError } from "./handle_error.ts";
import type { ServeOptions } from "./serve.ts";

/** Serve `path` and return the exit code once stopped (stdin closed, or SIGINT/SIGTERM for HTTP). */
export async function serveAction(path: string, options: ServeOptions): Promise<number> {
  try {
    const cwd = Deno.cwd();
    try {
      await Deno.stat(path);
    } catch {
      throw new UsageError(`${path}: no such file or folder`);
    }
    let cassette;
    try {
      cassette = await loadRecording(path, cwd);
    } catch (error) {
      if (error instanceof CassetteFormatError || error instanceof Error) {
        throw new UsageError(error.message);
      }
      throw error;
    }
    const where = shownPath(path, cwd);
    if (options.http === undefined) {
      await serveStdio(cassette, where);
      return ExitCode.Ok;
    }
    const listen = parseListen(options.http === true ? "0" : options.http);
    if (!listen) {
      throw new UsageError(
        `invalid --http "${options.http}", expected [HOST:]PORT (e.g. 8080 or 127.0.0.1:0)`,
      );
    }
    const mock = await serveHttp(cassette, where, listen.hostname, listen.port);
    console.error(`listening on ${mock.url}`);
    const stop = () => void mock.stop();
    Deno.addSignalListener("SIGINT", stop);
    Deno.addSignalListener("SIGTERM", stop);
    try {
      await mock.finished;
    } finally {
      Deno.removeSignalListener("SIGINT", stop);
      Deno.removeSignalListener("SIGTERM", stop);
    }
    return ExitCode.Ok;
  } catch (error) {
    return handleError(error, options.verbose);
  }
}
