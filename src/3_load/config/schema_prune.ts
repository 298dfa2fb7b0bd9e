/** @module Keep the schema-valid parts of an invalid file, so the checks after the schema still run on them in the same pass. */

import { DEFAULT_SERVER_NAME } from "./file_sections.ts";

/** What is left of a file after its schema-invalid parts are taken out. */
export interface PrunedDocument {
  /** The document without its invalid parts; test items are left as holes, so indexes hold. */
  readonly value: Record<string, unknown>;
  /** Servers declared but not buildable (a bad `command`/`url`, or a bad entry): names kept, nothing built. */
  readonly brokenServers: ReadonlySet<string>;
}

const TEST_BLOCKS = new Set(["tools", "resources", "prompts"]);
/** Fields without which a server entry has no target: an error there breaks the entry. */
const TARGET_FIELDS = new Set(["command", "url"]);

/**
 * Take the invalid parts out of a document: a bad test item (a hole, so later indexes keep their
 * positions), a bad field of a server (the server is built without it; a bad `command` or `url`
 * marks it broken), an unknown or bad top-level key. Returns undefined when what is left would
 * mislead the later checks (a bad `variables:`, `suites:`, `servers:` map, or a non-mapping file):
 * then only the schema errors are reported.
 * @param invalid the paths of the invalid nodes (see `checkDocument`)
 */
export function pruneInvalid(
  value: Readonly<Record<string, unknown>>,
  invalid: readonly (readonly string[])[],
): PrunedDocument | undefined {
  const out: Record<string, unknown> = structuredClone(value) as Record<string, unknown>;
  const broken = new Set<string>();
  for (const path of invalid) {
    const [top, ...rest] = path;
    if (top === undefined || top === "variables" || top === "suites") return undefined;
    if (top === "servers" || top === "server") {
      const name = top === "server" ? DEFAULT_SERVER_NAME : rest.shift();
      const field = rest[0];
      if (name === undefined) return undefined;
      const entry = top === "server"
        ? out.server
        : (out.servers as Record<string, unknown> | undefined)?.[name];
      if (field === undefined || TARGET_FIELDS.has(field)) broken.add(name);
      else if (entry !== null && typeof entry === "object") {
        delete (entry as Record<string, unknown>)[field];
      }
      continue;
    }
    const block = out[top];
    if (TEST_BLOCKS.has(top) && rest.length > 0 && Array.isArray(block)) {
      delete block[Number(rest[0])];
      continue;
    }
    delete out[top];
  }
  return { value: out, brokenServers: broken };
}
