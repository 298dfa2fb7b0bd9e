/** @module Test helpers: ServerSpecs for the faulty compliance fixture (in-process HTTP, spawned stdio). */

import type { ServerSpec } from "../../src/config/types.ts";

/** The fixture entry point. */
export const FAULTY_SERVER =
  new URL("../fixtures/compliance/faulty_server.ts", import.meta.url).pathname;

/** A Streamable HTTP server spec for `url`. */
export function httpSpec(url: string, timeoutMs = 2000): ServerSpec {
  return {
    key: "faulty-http",
    name: "faulty-http",
    target: { kind: "http", url, headers: {}, transport: "streamable-http" },
    parallel: false,
    timeoutMs,
    source: "cli flag",
  };
}

/** A stdio server spec spawning the fixture with `--break` when given. */
export function stdioSpec(breaks: readonly string[] = [], timeoutMs = 5000): ServerSpec {
  return {
    key: "faulty-stdio",
    name: "faulty-stdio",
    target: {
      kind: "stdio",
      command: [
        Deno.execPath(),
        "run",
        "--allow-net=127.0.0.1",
        "--allow-env",
        FAULTY_SERVER,
        ...(breaks.length ? ["--break", breaks.join(",")] : []),
      ],
      env: {},
    },
    parallel: false,
    timeoutMs,
    source: "cli flag",
  };
}
