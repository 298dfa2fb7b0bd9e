/** @module Test helpers: ServerSpecs for the faulty compliance fixture (in-process HTTP, spawned stdio). */

import type { ServerSpec } from "../../../src/3_load/config/types.ts";
import { FIXTURE_TOKEN } from "../../fixtures/compliance/faulty/http.ts";

/** The fixture entry point. */
export const FAULTY_SERVER =
  new URL("../../fixtures/compliance/faulty_server.ts", import.meta.url).pathname;

/** The credentials the fixture's protected endpoint accepts. */
export const FIXTURE_CREDENTIALS: Readonly<Record<string, string>> = {
  Authorization: `Bearer ${FIXTURE_TOKEN}`,
};

/** A Streamable HTTP server spec for `url`, sending `headers` (e.g. credentials) on every request. */
export function httpSpec(
  url: string,
  timeoutMs = 2000,
  headers: Readonly<Record<string, string>> = {},
): ServerSpec {
  return {
    key: "faulty-http",
    name: "faulty-http",
    target: { kind: "http", url, headers: { ...headers }, transport: "streamable-http" },
    parallel: false,
    timeoutMs,
    source: "cli flag",
  };
}

/** The argv that spawns the fixture over stdio, breaking `breaks` when given. */
export function faultyArgv(breaks: readonly string[] = []): string[] {
  return [
    Deno.execPath(),
    "run",
    "--allow-net=127.0.0.1",
    "--allow-env",
    FAULTY_SERVER,
    ...(breaks.length ? ["--break", breaks.join(",")] : []),
  ];
}

/** A stdio server spec spawning the fixture with `--break` when given. */
export function stdioSpec(breaks: readonly string[] = [], timeoutMs = 5000): ServerSpec {
  return {
    key: "faulty-stdio",
    name: "faulty-stdio",
    target: {
      kind: "stdio",
      command: faultyArgv(breaks),
      env: {},
    },
    parallel: false,
    timeoutMs,
    source: "cli flag",
  };
}
