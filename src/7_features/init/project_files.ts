/** @module The project files `mcptest init` adds to or creates: mcptest.yml (a server added), .gitignore, the schema copy. */

import { join, resolve } from "../../0_base/util/path.ts";
import { isDeepStrictEqual } from "node:util";
import { isMap, isScalar, isSeq, parse, parseDocument } from "yaml";
import { UsageError } from "../../0_base/errors/errors.ts";
import { writeFileAtomic } from "../../0_base/util/write_output.ts";
import { CONFIG_FILE, discoverSuites } from "../../3_load/config/discover.ts";
import { TEST_FILE_SCHEMA } from "../../3_load/config/schema_validate.ts";
import { escapeVariables } from "./safe_yaml.ts";
import { createFileAtomic } from "./write_files.ts";

/** The folder mcptest keeps its run state in (last run, cache): never committed. */
export const STATE_DIR_ENTRY = ".mcptest/";

const IGNORES_STATE = new Set([
  ".mcptest",
  ".mcptest/",
  "/.mcptest",
  "/.mcptest/",
  ".mcptest/*",
  ".mcptest/**",
  "/.mcptest/*",
  "/.mcptest/**",
]);

/**
 * The text of an existing `mcptest.yml` with server `name` added under `servers:` and, when its
 * `suites:` does not already cover it, `testFile` added to `suites:`. Comments and everything
 * else stay; the result is checked to hold exactly the old data plus the additions.
 * @param dir the config's folder (where `testFile`, already written, is resolved)
 * @throws {UsageError} invalid YAML, a config that is not a mapping, or a server of that name
 */
export async function addServerToConfig(
  text: string,
  name: string,
  entry: Record<string, unknown>,
  testFile: string,
  dir: string,
): Promise<string> {
  const document = parseDocument(text, { merge: true });
  const refuse = (why: string) =>
    new UsageError(
      `${CONFIG_FILE} ${why}; nothing was changed (add the server by hand, or pass --dir to write elsewhere)`,
    );
  if (document.errors.length > 0) throw refuse("is not valid YAML");
  if (document.contents !== null && !isMap(document.contents)) throw refuse("is not a mapping");
  const before = (document.toJS() ?? {}) as Record<string, unknown>;
  const value = escapeVariables(entry);
  const servers = document.get("servers", true);
  if (servers === undefined || (isScalar(servers) && servers.value === null)) {
    document.set("servers", document.createNode({ [name]: value }));
  } else if (!isMap(servers)) throw refuse("has a servers: that is not a mapping");
  else if (servers.has(name)) {
    throw new UsageError(
      `server "${name}" is already in ${CONFIG_FILE}; mcptest init never overwrites it (pick another name: --server other=...)`,
    );
  } else servers.add(document.createPair(name, value));
  const suites = document.get("suites", true);
  let addedSuite = false;
  if (isSeq(suites)) {
    const entries = suites.items.map((item) => isScalar(item) ? String(item.value) : "");
    const found = await discoverSuites(
      entries,
      dir,
      () => ({ file: CONFIG_FILE, line: 1, col: 1 }),
    );
    if (!found.files.includes(resolve(dir, testFile))) {
      suites.add(document.createNode(testFile));
      addedSuite = true;
    }
  }
  const out = document.toString({ lineWidth: 0 });
  const expected = structuredClone(before);
  expected.servers = { ...(before.servers as object ?? {}), [name]: value };
  if (addedSuite) expected.suites = [...(before.suites as unknown[]), testFile];
  if (!isDeepStrictEqual(parse(out, { merge: true }), expected)) {
    throw refuse("could not be edited without changing what it says");
  }
  return out;
}

/** Add `.mcptest/` to `dir/.gitignore` (creating it) unless a line already ignores it. */
export async function ignoreStateDir(dir: string): Promise<"created" | "added" | "present"> {
  const path = join(dir, ".gitignore");
  let text: string | undefined;
  try {
    text = await Deno.readTextFile(path);
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  }
  if (text !== undefined && text.split(/\r?\n/).some((line) => IGNORES_STATE.has(line.trim()))) {
    return "present";
  }
  const base = text ?? "";
  const sep = base === "" || base.endsWith("\n") ? "" : "\n";
  await writeFileAtomic(path, `${base}${sep}${STATE_DIR_ENTRY}\n`);
  return text === undefined ? "created" : "added";
}

/** Write the schema copy `file` under `dir` unless a file of that name is there. */
export async function writeSchemaCopy(dir: string, file: string): Promise<boolean> {
  return await createFileAtomic(join(dir, file), `${JSON.stringify(TEST_FILE_SCHEMA, null, 2)}\n`);
}
