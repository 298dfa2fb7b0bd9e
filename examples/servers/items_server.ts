/** @module The mcptest example MCP server ("items"): stdio by default, `--http` for Streamable HTTP and HTTP+SSE on 127.0.0.1. */

// Permissions (the run line examples/*.yml and the tests use):
//   deno run --allow-net=127.0.0.1 --allow-env --allow-read examples/servers/items_server.ts [flags]
// Nothing else: no write, run, sys, ffi, and net only on loopback. --allow-env is required (SDK
// dependencies read NO_DEPRECATION and the like); the server opens no files itself, so
// --allow-read is headroom, not a need (it also runs with just the first two flags).
// Flags: --http, --port N, --scenario conformant|legacy, --era dual|legacy, --help
// (see examples/servers/README.md). Over stdio, stdout carries only MCP; logs go to stderr.

import { serveHttp } from "./items/http/http_server.ts";
import { parseOptions, USAGE, UsageError } from "./items/options.ts";
import { waitForSignal } from "./items/signals.ts";
import { serveStdio } from "./items/stdio.ts";
import { ItemStore } from "./items/store.ts";

/** Run the server with `args`; resolves with the exit code once it has shut down. */
export async function main(args: readonly string[]): Promise<number> {
  let options;
  try {
    options = parseOptions(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`error: ${error.message}`);
    return error.exitCode;
  }
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  const context = { store: new ItemStore(), scenario: options.scenario, era: options.era };
  const signals = waitForSignal();
  try {
    if (options.transport === "http") {
      const http = await serveHttp(context, options.port);
      console.error(`listening on ${http.url}`);
      await signals.received;
      await http.close();
    } else {
      const stdio = await serveStdio(context);
      await Promise.race([stdio.closed, signals.received]);
      await stdio.close();
    }
  } finally {
    signals.dispose();
  }
  return 0;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
