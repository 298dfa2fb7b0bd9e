/** @module The text of the files `mcptest init` writes: the project config and a starter test file. */

import { stringify } from "yaml";
import type { ServerTarget } from "../../3_load/config/types.ts";
import { objectExample } from "./example_args.ts";
import type { Advertised, Surface } from "./surface.ts";

/** Where editors with the YAML language server find the schema of a test file. */
export const SCHEMA_URL = "https://mcptest.sh/schema/v1.json";

const SCHEMA_COMMENT = `# yaml-language-server: $schema=${SCHEMA_URL}`;

/** `mcptest.yml`: the server (global, so every test file may use it) and `suites:`. */
export function renderConfig(name: string, target: ServerTarget, suitesDir: string): string {
  const quote = (text: string) => JSON.stringify(text.replaceAll("${", "$${"));
  const entry = target.kind === "http"
    ? `    url: ${quote(target.url)}`
    : `    command: [${target.command.map(quote).join(", ")}]`;
  return [
    SCHEMA_COMMENT,
    "# Project config written by `mcptest init`: its servers are global (every test file may use",
    "# them), suites: says which test files `mcptest run` runs. See docs/yaml-reference.md.",
    "servers:",
    `  ${/^[A-Za-z_][A-Za-z0-9_-]*$/.test(name) ? name : quote(name)}:`,
    entry,
    "",
    block({ suites: [`${suitesDir}/`] }, 0),
  ].join("\n");
}

/**
 * The starter test file: one `lists:` test per advertised kind (the names it offers), and one
 * test per tool, its `args` built from the input schema and its check from the output schema
 * (`schema:` on `result.structuredContent`), or `exists` on `result.content` without one.
 */
export function renderTests(name: string, surface: Surface): string {
  const info = surface.serverInfo;
  const about = info && typeof info.name === "string"
    ? ` (${info.name}${typeof info.version === "string" ? ` ${info.version}` : ""})`
    : "";
  const out = [
    SCHEMA_COMMENT,
    `# Starter suite written by \`mcptest init\` from what server "${name}"${about} advertised.`,
    "# The args are placeholders built from each tool's input schema: edit them to real values,",
    "# then add assertions (docs/matchers.md). Run it with: mcptest run",
    "",
  ];
  const lists: unknown[] = [];
  const listed: Array<[string, string, readonly Advertised[], string]> = [
    ["tools", "tools", surface.tools, "name"],
    ["resources", "resources", surface.resources, "uri"],
    ["resource_templates", "resourceTemplates", surface.resourceTemplates, "uriTemplate"],
    ["prompts", "prompts", surface.prompts, "name"],
  ];
  for (const [list, key, items, id] of listed) {
    if (items.length === 0) continue;
    lists.push({
      name: `advertises its ${list.replace("_", " ")}`,
      server: name,
      list,
      expect: [{
        target: `result.${key}`,
        matcher: { contains: items.map((item) => ({ [id]: item[id] })) },
      }],
    });
  }
  if (lists.length > 0) out.push(block({ lists }, 0));
  const tools = surface.tools.filter((t) => typeof t.name === "string").map((tool) => {
    const args = objectExample(tool.inputSchema);
    const check = tool.outputSchema !== null && typeof tool.outputSchema === "object"
      ? { target: "result.structuredContent", matcher: { schema: tool.outputSchema } }
      : { target: "result.content", matcher: { exists: true } };
    return {
      name: `${tool.name} answers`,
      server: name,
      tool: tool.name,
      args,
      expect: [check],
    };
  });
  if (tools.length > 0) out.push(block({ tools }, 0));
  if (lists.length === 0 && tools.length === 0) {
    out.push(
      `# "${name}" advertised no tools, resources or prompts. Add tests under tools:, resources:,`,
      "# prompts: or lists: (docs/yaml-reference.md).",
      block({ lists: [{ name: "advertises no tools", server: name, list: "tools" }] }, 0),
    );
  }
  return out.join("\n");
}

/** YAML for `value`, every `${` written as `$${` (mcptest would interpolate it otherwise). */
function block(value: unknown, indent: number): string {
  const text = stringify(escapeVariables(value), { indent: 2, lineWidth: 0 });
  const pad = " ".repeat(indent);
  return text.split("\n").map((line) => (line === "" ? line : pad + line)).join("\n");
}

function escapeVariables(value: unknown): unknown {
  if (typeof value === "string") return value.replaceAll("${", "$${");
  if (Array.isArray(value)) return value.map(escapeVariables);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    Object.defineProperty(out, key, {
      value: escapeVariables(child),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}
