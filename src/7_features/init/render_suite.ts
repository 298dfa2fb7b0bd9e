/**
 * @module The text of the files `mcptest init` writes: the project config and a starter test file.
 * Everything a server sent goes through safe_yaml.ts: YAML data, `${` escaped, no control
 * characters, no key the loader reads specially, comments one printable line.
 */

import type { ServerTarget } from "../../3_load/config/types.ts";
import { commentSafe, stringifyData } from "./safe_yaml.ts";
import type { Advertised, InitSurface } from "./surface.ts";
import { toolTest } from "./tool_test.ts";

/**
 * The copy of the test-file schema `mcptest init` writes next to `mcptest.yml`: the files it
 * writes point their `# yaml-language-server: $schema=` line at it by a relative path, so an
 * editor finds the schema offline (and a clone has it: commit it with the suite).
 */
export const SCHEMA_FILE = "mcptest.schema.json";

/** The `$schema` comment of a file `depth` folders below the config's folder. */
export function schemaComment(depth: number): string {
  return `# yaml-language-server: $schema=${"../".repeat(depth)}${SCHEMA_FILE}`;
}

/**
 * The `servers:` entry of `target` (`url:` or `command:`), as data, with the `client:` block
 * given (init's: see init_client.ts).
 */
export function serverEntry(
  target: ServerTarget,
  client?: Record<string, unknown>,
): Record<string, unknown> {
  const where = target.kind === "http" ? { url: target.url } : { command: [...target.command] };
  return client ? { ...where, client } : where;
}

/** `mcptest.yml`: the server `entry` (global, so every test file may use it) and `suites:`. */
export function renderConfig(
  name: string,
  entry: Record<string, unknown>,
  suitesDir: string,
): string {
  const servers: Record<string, unknown> = {};
  Object.defineProperty(servers, name, { value: entry, enumerable: true });
  return [
    schemaComment(0),
    "# Project config written by `mcptest init`: its servers are global (every test file may use",
    "# them), suites: says which test files `mcptest run` runs. See docs/yaml-reference.md.",
    stringifyData({ servers }),
    stringifyData({ suites: [`${suitesDir}/`] }),
  ].join("\n");
}

/**
 * The starter test file: one `lists:` test per advertised kind (the names it offers), and one
 * test per tool, its `args` built from the input schema and its check from the output schema
 * (`schema:` on `result.structuredContent`), or `exists` on `result.content` without one.
 */
export function renderTests(name: string, surface: InitSurface): string {
  const info = surface.serverInfo;
  const about = info && typeof info.name === "string"
    ? ` (${info.name}${typeof info.version === "string" ? ` ${info.version}` : ""})`
    : "";
  const out = [
    schemaComment(1),
    commentSafe(
      `# Starter suite written by \`mcptest init\` from what server "${name}"${about} advertised.`,
      200,
    ),
    "# The args are placeholders from each tool's input schema: edit them, then add assertions",
    "# (docs/matchers.md). mcptest.yml's client: answers the server's requests. Run: mcptest run",
    "",
  ];
  const lists = listTests(name, surface);
  if (lists.length > 0) out.push(stringifyData({ lists }));
  const tools = surface.tools.filter((t) => typeof t.name === "string").map((tool) =>
    toolTest(name, tool)
  );
  if (tools.length > 0) out.push(stringifyData({ tools }));
  if (lists.length === 0 && tools.length === 0) {
    out.push(
      commentSafe(`# "${name}" advertised no tools, resources or prompts. Add tests under tools:,`),
      "# resources:, prompts: or lists: (docs/yaml-reference.md).",
      stringifyData({ lists: [{ name: "advertises no tools", server: name, list: "tools" }] }),
    );
  }
  return out.join("\n");
}

function listTests(name: string, surface: InitSurface): unknown[] {
  const lists: unknown[] = [];
  const listed: Array<[string, string, readonly Advertised[], string]> = [
    ["tools", "tools", surface.tools, "name"],
    ["resources", "resources", surface.resources, "uri"],
    ["resource_templates", "resourceTemplates", surface.resourceTemplates, "uriTemplate"],
    ["prompts", "prompts", surface.prompts, "name"],
  ];
  for (const [list, key, all, id] of listed) {
    const items = all.filter((item) => typeof item[id] === "string");
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
  return lists;
}
