/** @module Bench suites in the shapes people write: block YAML with `server:` on every test (the user shape), flow style, split over many files. */

import { join } from "node:path";

/**
 * How the tests of a generated suite are written: the user shape (block YAML, `server:` on each
 * test) and the flow shape, which the run rows compare with the raw client; and, for `list`, the
 * other ways suites are written: each test merging an anchored base (`anchors`), every other test
 * using the capture of the one before (`captures`), a literal block scalar argument (`literal`),
 * the whole suite as JSON (`json`), the user shape saved with Windows line ends (`crlf`), and a
 * `schema:` matcher on every test (`schema`).
 */
export type SuiteShape =
  | "user"
  | "flow"
  | "anchors"
  | "captures"
  | "literal"
  | "json"
  | "crlf"
  | "schema";

/** The shapes only `list` is measured on (their calls are the user shape's). */
export const LIST_SHAPES = ["anchors", "captures", "literal", "json", "crlf", "schema"] as const;

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

/** The first lines of test `i` in block style: its name, `server:`, the echo tool, `args:`. */
function testHead(i: number): string[] {
  return [`  - name: echo ${i}`, "    server: items", "    tool: echo", "    args:"];
}

/** A test's one expectation on the echoed text, in block style, its matcher given as lines. */
function expectOne(...matcher: string[]): string[] {
  return ["    expect:", "      - target: result.content[0].text", "        matcher:", ...matcher];
}

/** Test `i` in the user shape: block YAML, `server:` on the test, one expectation. */
function userTest(i: number): string[] {
  return [
    ...testHead(i),
    `      text: hello ${i}`,
    ...expectOne("          contains-all:", `            - hello ${i}`),
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

/** A test's one expectation, in block style: the echoed text contains `text`. */
function expectContains(text: string): string[] {
  return expectOne(`          contains: ${text}`);
}

/** Test `i` merging the anchored `x-base` (its server and tool). */
function anchoredTest(i: number): string[] {
  return [
    "  - <<: *base",
    `    name: echo ${i}`,
    "    args:",
    `      text: hello ${i}`,
    ...expectContains(`hello ${i}`),
  ];
}

/** Test `i`: an odd one captures what it echoes, the even one after echoes that capture. */
function captureTest(i: number): string[] {
  const text = i % 2 === 1 ? `hello ${i}` : `\${c${i - 1}}`;
  return [
    ...testHead(i),
    `      text: "${text}"`,
    ...(i % 2 === 1 ? ["    capture:", `      c${i}: result.content[0].text`] : []),
    ...expectContains(`hello ${i % 2 === 1 ? i : i - 1}`),
  ];
}

/** Test `i` with its argument as a literal block scalar. */
function literalTest(i: number): string[] {
  return [
    ...testHead(i),
    "      text: |-",
    `        hello ${i}`,
    ...expectContains(`hello ${i}`),
  ];
}

/** Test `i` checking its echoed text against a JSON Schema (one of three, as suites repeat them). */
function schemaTest(i: number): string[] {
  return [
    ...testHead(i),
    `      text: hello ${i}`,
    ...expectOne(
      "          schema:",
      "            type: string",
      `            minLength: ${1 + i % 3}`,
    ),
  ];
}

/** The test lines of `shape`. */
const TESTS: Readonly<Record<Exclude<SuiteShape, "json" | "crlf">, (i: number) => string[]>> = {
  user: userTest,
  flow: flowTest,
  anchors: anchoredTest,
  captures: captureTest,
  literal: literalTest,
  schema: schemaTest,
};

/** Tests `from`..`to` (inclusive) of `shape` against `server`, as one YAML file's text. */
export function shapeText(
  server: readonly string[],
  shape: SuiteShape,
  from: number,
  to: number,
): string {
  if (shape === "json") return jsonText(server, from, to);
  if (shape === "crlf") return shapeText(server, "user", from, to).replaceAll("\n", "\r\n");
  const base = shape === "anchors" ? ["x-base: &base", "  server: items", "  tool: echo"] : [];
  const lines = [...serversBlock(server), ...base, "tools:"];
  for (let i = from; i <= to; i++) lines.push(...TESTS[shape](i));
  return lines.join("\n") + "\n";
}

/** The user shape's suite written as JSON (two-space indentation, as a script writes it). */
function jsonText(server: readonly string[], from: number, to: number): string {
  const tools = [];
  for (let i = from; i <= to; i++) {
    tools.push({
      name: `echo ${i}`,
      server: "items",
      tool: "echo",
      args: { text: `hello ${i}` },
      expect: [{ target: "result.content[0].text", matcher: { "contains-all": [`hello ${i}`] } }],
    });
  }
  const servers = { items: { command: server, protocol_version: "2025-11-25" } };
  return JSON.stringify({ servers, tools }, null, 2) + "\n";
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
  // Split over files: a file per slice, the server in the config (no anchor or JSON document).
  if (shape === "json" || shape === "anchors" || shape === "crlf") {
    throw new Error(`${shape} is written as one file`);
  }
  const config = join(out, "mcptest.yml");
  await Deno.writeTextFile(config, serversBlock(server).join("\n") + "\n");
  const per = Math.ceil(count / files);
  for (let f = 0; f < files; f++) {
    const from = f * per + 1;
    const to = Math.min(count, from + per - 1);
    if (from > to) break;
    const lines = ["tools:"];
    for (let i = from; i <= to; i++) lines.push(...TESTS[shape](i));
    const name = `suite-${String(f).padStart(3, "0")}.yml`;
    await Deno.writeTextFile(join(out, "tests", name), lines.join("\n") + "\n");
  }
  return { paths: [join(out, "tests")], config };
}
