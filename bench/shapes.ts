/** @module Bench suites in the shapes people write: block YAML with `server:` on every test (the user shape), flow style, split over many files. */

import { join } from "node:path";

/** How the tests of a generated suite are written. */
export type SuiteShape = "user" | "flow";

/** The `servers:` block naming the one server `items` (stdio, the argv `server`). */
function serversBlock(server: readonly string[]): string[] {
  return [
    "servers:",
    "  items:",
    `    command: ${JSON.stringify(server)}`,
    // The raw client speaks 2025-11-25 (initialize handshake): compare like with like.
    '    protocol_version: "2025-11-25"',
  ];
}

/** Test `i` in the user shape: block YAML, `server:` on the test, one expectation. */
function userTest(i: number): string[] {
  return [
    `  - name: echo ${i}`,
    "    server: items",
    "    tool: echo",
    "    args:",
    `      text: hello ${i}`,
    "    expect:",
    "      - target: result.content[0].text",
    "        matcher:",
    "          contains-all:",
    `            - hello ${i}`,
  ];
}

/** Test `i` in the flow shape: flow mappings, the file's one server implied. */
function flowTest(i: number): string[] {
  return [
    `  - name: "echo ${i}"`,
    "    tool: echo",
    `    args: { text: "hello ${i}" }`,
    `    expect: [{ target: "result.content[0].text", matcher: { contains-all: ["hello ${i}"] } }]`,
  ];
}

/** Tests `from`..`to` (inclusive) of `shape` against `server`, as one YAML file's text. */
export function shapeText(
  server: readonly string[],
  shape: SuiteShape,
  from: number,
  to: number,
): string {
  const lines = [...serversBlock(server), "tools:"];
  for (let i = from; i <= to; i++) lines.push(...(shape === "user" ? userTest(i) : flowTest(i)));
  return lines.join("\n") + "\n";
}

/** A suite on disk: the paths to run and the config that declares the server (if separate). */
export interface WrittenSuite {
  readonly paths: readonly string[];
  readonly config?: string;
}

/**
 * Write `count` tests of `shape` into `dir`. One file: the file declares the server. Several
 * files (`suite-000.yml` ...): the server is declared once, in a project config, so every file
 * uses the same server session (the same calls as one file).
 */
export async function writeShape(
  dir: string,
  server: readonly string[],
  shape: SuiteShape,
  count: number,
  files = 1,
): Promise<WrittenSuite> {
  const out = join(dir, `${shape}-${count}-${files}`);
  await Deno.mkdir(join(out, "tests"), { recursive: true });
  if (files === 1) {
    const file = join(out, "tests", "suite.yml");
    await Deno.writeTextFile(file, shapeText(server, shape, 1, count));
    return { paths: [file] };
  }
  const config = join(out, "mcptest.yml");
  await Deno.writeTextFile(config, serversBlock(server).join("\n") + "\n");
  const per = Math.ceil(count / files);
  for (let f = 0; f < files; f++) {
    const from = f * per + 1;
    const to = Math.min(count, from + per - 1);
    if (from > to) break;
    const lines = ["tools:"];
    for (let i = from; i <= to; i++) lines.push(...(shape === "user" ? userTest(i) : flowTest(i)));
    const name = `suite-${String(f).padStart(3, "0")}.yml`;
    await Deno.writeTextFile(join(out, "tests", name), lines.join("\n") + "\n");
  }
  return { paths: [join(out, "tests")], config };
}
