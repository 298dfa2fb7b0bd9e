/** @module A finding as a ready-to-paste test of the suite format (docs/yaml-reference.md) that fails until the server is fixed. */

import type { FuzzFinding, FuzzFindingKind } from "./types.ts";

/** JSON (a YAML flow value) in pure ASCII, with `${` written `$${` so the loader sends it as it is. */
export function yamlFlow(value: unknown): string {
  return JSON.stringify(value)
    .replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)
    .replaceAll("${", () => "$${");
}

/** The list each target kind is tested under, and the key that names it. */
const SECTION = {
  tool: { list: "tools", key: "tool" },
  prompt: { list: "prompts", key: "prompt" },
  resource_template: { list: "resources", key: "uri" },
} as const;

/** The `expect:`/`expect_error:` lines that hold for a fixed server, per kind and expectation. */
function expectations(
  finding: Pick<FuzzFinding, "kind" | "expectation" | "target">,
  outputSchema?: unknown,
): string[] {
  const code = (n: number) => [
    "      - target: result.error.code",
    `        matcher: { not: { exact: ${n} } }`,
  ];
  if (finding.expectation === "invalid") {
    // Rejected cleanly: an error (isError or a JSON-RPC error), never -32603.
    return ["    expect_error: true", "    expect:", ...code(-32603)];
  }
  const kind: FuzzFindingKind = finding.kind;
  const lines = ["    expect:"];
  if (finding.target.kind === "tool") {
    lines.push(
      "      - target: result",
      "        matcher: { is-valid-tools-call: { allow_error: true } }",
    );
  }
  lines.push(...code(kind === "rejected_valid" ? -32602 : -32603));
  if (kind === "malformed_response" && outputSchema !== undefined) {
    lines.push(
      "      - target: result.structuredContent",
      `        matcher: { schema: ${yamlFlow(outputSchema)} }`,
    );
  }
  return lines;
}

/**
 * The test for `finding` against server `server`: the minimal input, and expectations a correct
 * server meets (a crash or a timeout makes the test error, a malformed answer or -32603 fails it).
 */
export function yamlTest(
  finding: Pick<FuzzFinding, "kind" | "expectation" | "target" | "input" | "seed">,
  server: string,
  outputSchema?: unknown,
): string {
  const section = SECTION[finding.target.kind];
  const name = `fuzz: ${finding.kind} on ${finding.target.name} (seed ${finding.seed})`;
  const input = finding.target.kind === "resource_template"
    ? [`    uri: ${yamlFlow(finding.input)}`]
    : [
      `    ${section.key}: ${yamlFlow(finding.target.name)}`,
      `    args: ${yamlFlow(finding.input ?? {})}`,
    ];
  return [
    `${section.list}:`,
    `  - name: ${yamlFlow(name)}`,
    `    server: ${yamlFlow(server)}`,
    ...input,
    ...expectations(finding, outputSchema),
    "",
  ].join("\n");
}
