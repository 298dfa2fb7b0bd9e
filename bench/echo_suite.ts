/** @module Bench helpers shared by the bench files: the echo suite against the example server, medians. */

import { join } from "node:path";

/** The argv that starts the example items server of the repository at `root`. */
export function itemsServer(root: string): string[] {
  return [
    Deno.execPath(),
    "run",
    "--allow-net=127.0.0.1",
    "--allow-env",
    "--allow-read",
    join(root, "examples/servers/items_server.ts"),
  ];
}

/** How {@link echoSuiteText} writes the suite. */
export interface EchoSuiteOptions {
  /** `protocol_version:` of the server; absent: the suite's default. */
  readonly protocolVersion?: string;
  /** The matcher each test checks its echoed text with. */
  readonly matcher: "contains-all" | "exact";
}

/** A suite of `count` echo tests (`echo 1` .. `echo <count>`) against `server`, as YAML text. */
export function echoSuiteText(
  server: readonly string[],
  count: number,
  options: EchoSuiteOptions,
): string {
  const lines = ["servers:", "  items:", `    command: ${JSON.stringify(server)}`];
  if (options.protocolVersion !== undefined) {
    lines.push(`    protocol_version: "${options.protocolVersion}"`);
  }
  lines.push("tools:");
  for (let i = 1; i <= count; i++) {
    lines.push(
      `  - name: "echo ${i}"`,
      "    tool: echo",
      `    args: { text: "hello ${i}" }`,
      "    expect:",
      "      - target: result.content[0].text",
      options.matcher === "exact"
        ? `        matcher: { exact: "hello ${i}" }`
        : `        matcher: { contains-all: ["hello ${i}"] }`,
    );
  }
  return lines.join("\n") + "\n";
}

/** The median of `values` (the upper one of an even count; 0 for none). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
