/** @module Command-line flags of the items server: transport, port, default scenario, era. */

import { parseArgs } from "node:util";
import { type Era, ERAS } from "./era.ts";
import { parseScenario, type Scenario, SCENARIOS } from "./scenario.ts";

/** The parsed command line. */
export interface ServerOptions {
  readonly transport: "stdio" | "http";
  /** HTTP port on 127.0.0.1; 0 picks a free one. */
  readonly port: number;
  readonly scenario: Scenario;
  readonly era: Era;
  readonly help: boolean;
}

/** A bad command line (the entry point prints it and exits 2). */
export class UsageError extends Error {
  readonly exitCode = 2;
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/** The `--help` text. */
export const USAGE =
  `Usage: items_server.ts [--http] [--port N] [--scenario conformant|legacy] [--era dual|legacy]

  (no flag)            serve MCP over stdio (stdout carries only MCP, logs go to stderr)
  --http               serve HTTP on 127.0.0.1: Streamable HTTP at /mcp, HTTP+SSE at /sse + /messages
  --port N             HTTP port (default 0 = a free port; the chosen one is printed to stderr)
  --scenario NAME      default scenario: conformant (missing resource -32602) or legacy (-32002);
                       over HTTP a request may choose its own with ?scenario=legacy
  --era NAME           dual (default: initialize and 2026-07-28 stateless requests, server/discover)
                       or legacy (initialize only; server/discover answers -32601)
  --help               print this text`;

/** Parse the arguments; throws UsageError for an unknown flag or a bad value. */
export function parseOptions(args: readonly string[]): ServerOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...args],
      strict: true,
      allowPositionals: false,
      options: {
        http: { type: "boolean" },
        port: { type: "string" },
        scenario: { type: "string" },
        era: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new UsageError(`Cannot use port "${values.port}": expected an integer 0..65535`);
  }
  const scenario = parseScenario(values.scenario ?? "conformant");
  if (!scenario) {
    throw new UsageError(
      `Unknown scenario "${values.scenario}" (known: ${SCENARIOS.join(", ")})`,
    );
  }
  const era = ERAS.find((name) => name === (values.era ?? "dual"));
  if (!era) throw new UsageError(`Unknown era "${values.era}" (known: ${ERAS.join(", ")})`);
  if (values.port !== undefined && !values.http) {
    throw new UsageError("--port needs --http");
  }
  return {
    transport: values.http ? "http" : "stdio",
    port,
    scenario,
    era,
    help: values.help ?? false,
  };
}
