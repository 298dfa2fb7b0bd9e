#!/usr/bin/env -S deno run --allow-read --allow-write --allow-env --allow-run --allow-net --allow-sys
/** @module The `mcptest` command line: builds the command tree, dispatches, exits with the code. */

import { VERSION } from "./src/0_base/version.ts";
import type * as Main from "./src/8_cli/main.ts";

if (Deno.args.length === 1 && (Deno.args[0] === "--version" || Deno.args[0] === "-V")) {
  console.log(VERSION);
  Deno.exit(0);
}

// A specifier `deno run` does not analyse: `--version` starts without resolving the CLI's module
// graph, and each command resolves only its own (docs/performance.md, start-up). The compile task
// embeds it with `--include src`.
// Such an import reads its modules at run time: a clone run with a narrow --allow-read must
// allow mcptest's own src/ (a package from JSR, or the binary, reads no file for it).
const MAIN = new URL("./src/8_cli/main.ts", import.meta.url);
const { runCli, handleError, closeAllTransports }: typeof Main = await import(MAIN.href).catch(
  (error: unknown) => {
    if (!(error instanceof Error && /Requires read access/.test(error.message))) throw error;
    const src = decodeURIComponent(new URL("./src/", import.meta.url).pathname);
    console.error(`error: mcptest reads its own code under ${src}: allow it (--allow-read=${src})`);
    Deno.exit(2);
  },
);

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
