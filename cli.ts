#!/usr/bin/env -S deno run --allow-read --allow-write --allow-env --allow-run --allow-net --allow-sys
/** @module The `mcptest` command line: builds the command tree, dispatches, exits with the code. */

import { VERSION } from "./src/0_base/version.ts";

if (Deno.args.length === 1 && (Deno.args[0] === "--version" || Deno.args[0] === "-V")) {
  console.log(VERSION);
  Deno.exit(0);
}

const [{ runCli }, { handleError }, { closeAllTransports }] = await Promise.all([
  import("./src/8_cli/program.ts"),
  import("./src/8_cli/handle_error.ts"),
  import("./src/2_connect/transport/registry.ts"),
]);

const stop = async (signal: Deno.Signal) => {
  await closeAllTransports();
  Deno.exit(signal === "SIGINT" ? 130 : 143);
};
Deno.addSignalListener("SIGINT", () => stop("SIGINT"));
if (Deno.build.os !== "windows") Deno.addSignalListener("SIGTERM", () => stop("SIGTERM"));

let code: number;
try {
  code = await runCli(Deno.args);
} catch (error) {
  code = handleError(error, Deno.args.includes("--verbose"));
}
await closeAllTransports();
Deno.exit(code);
