/** @module Tools a user names safe for probes to call (`--safe-tool NAME` or `NAME=JSON`), with their arguments. */

import { ConfigError } from "../../0_base/errors/errors.ts";

/** A tool the user says probes may call (`--safe-tool`), with the arguments to call it with. */
export interface SafeTool {
  /** The tool's name. */
  readonly name: string;
  /** Its arguments (default: none). */
  readonly arguments?: Readonly<Record<string, unknown>>;
}

/**
 * Parse one `--safe-tool` value: `NAME`, or `NAME=JSON` where JSON is the arguments object. The
 * name is everything before the first `=` that is followed by `{` (tool names may hold `=`).
 * @throws {ConfigError} an empty name, or arguments that are not a JSON object
 *
 * @example
 * ```ts
 * import { parseSafeTool } from "./safe_tool.ts";
 *
 * parseSafeTool("echo");                      // { name: "echo" }
 * parseSafeTool('search={"query":"mcp"}');    // { name: "search", arguments: { query: "mcp" } }
 * ```
 */
export function parseSafeTool(value: string): SafeTool {
  const split = value.search(/=\s*\{/);
  const name = (split === -1 ? value : value.slice(0, split)).trim();
  if (name === "") {
    throw new ConfigError(`--safe-tool "${value}": expected NAME or NAME={"arg": ...}`);
  }
  if (split === -1) return { name };
  const json = value.slice(split + 1);
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (error) {
    throw new ConfigError(
      `--safe-tool ${name}: the arguments are not JSON (${(error as Error).message}); ` +
        `expected NAME={"arg": ...}`,
    );
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError(`--safe-tool ${name}: the arguments must be a JSON object`);
  }
  return { name, arguments: parsed as Record<string, unknown> };
}
