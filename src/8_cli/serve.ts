/** @module `mcptest serve`: its options; the action is loaded lazily. */

import { Command } from "../0_base/command_line/declared_command.ts";
import { loadCliModule } from "./load_cli_module.ts";
import type * as Actions from "./serve_action.ts";

/** Build the `serve` command; `done` receives the exit code. */
export function serveCommand(done: (code: number) => void) {
  return new Command("serve")
    .description("Serve a cassette (or a folder of them) as a mock MCP server")
    .argument("<cassette>", "a cassette file, or a folder of cassettes (docs/cassettes.md)")
    .option(
      "--http [host:port]",
      "serve Streamable HTTP on [HOST:]PORT (host 127.0.0.1 by default) instead of stdio",
    )
    .option(
      "--allow-origin <origin...>",
      "with --http: also accept these Origin values (loopback origins always are; others get 403)",
    )
    .option(
      "--allow-host <host...>",
      "with --http: also accept these Host names (loopback names and the bound address always are)",
    )
    .option(
      "--token-env <name>",
      "with --http: require Authorization: Bearer <value of this environment variable>",
    )
    .option("--verbose", "print error causes", false)
    .addHelpText(
      "after",
      `
Answers the recorded handshake and every recorded request (normalised matching, repeated calls in
recorded order); anything else gets a JSON-RPC error naming the nearest recorded request.
Over HTTP a request whose Host or Origin is not loopback (or allowed) gets 403: a web page cannot
reach the mock through DNS rebinding.
Exit codes: 0 stopped (stdin closed or Ctrl-C), 2 unreadable or invalid cassette, bad arguments.

Examples:
  mcptest serve examples/cassettes/cassettes__items.json
  mcptest serve tests/cassettes/ --http 8080
  mcptest serve tests/cassettes/items.json --http 127.0.0.1:0`,
    )
    .action(async (cassette, options) => {
      const { serveAction } = await loadCliModule<typeof Actions>("serve_action.ts");
      done(await serveAction(cassette, options));
    });
}

/** The parsed options of `mcptest serve`. */
export type ServeOptions = ReturnType<ReturnType<typeof serveCommand>["opts"]>;
