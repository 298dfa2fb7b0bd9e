/** @module `mcptest serve`: its options; the action is loaded lazily. */

import { Command } from "@commander-js/extra-typings";

/** Build the `serve` command; `done` receives the exit code. */
export function serveCommand(done: (code: number) => void) {
  return new Command("serve")
    .description("Serve a cassette (or a folder of them) as a mock MCP server")
    .argument("<cassette>", "a cassette file, or a folder of cassettes (docs/cassettes.md)")
    .option(
      "--http [host:port]",
      "serve Streamable HTTP on [HOST:]PORT (host 127.0.0.1 by default) instead of stdio",
    )
    .option("--verbose", "print error causes", false)
    .addHelpText(
      "after",
      `
Answers the recorded handshake and every recorded request (normalised matching, repeated calls in
recorded order); anything else gets a JSON-RPC error naming the nearest recorded request.

Examples:
  mcptest serve examples/cassettes/cassettes__items.json
  mcptest serve tests/cassettes/ --http 8080
  mcptest serve tests/cassettes/items.json --http 127.0.0.1:0`,
    )
    .action(async (cassette, options) => {
      const { serveAction } = await import("./serve_action.ts");
      done(await serveAction(cassette, options));
    });
}

/** The parsed options of `mcptest serve`. */
export type ServeOptions = ReturnType<ReturnType<typeof serveCommand>["opts"]>;
