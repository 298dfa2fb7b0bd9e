/**
 * @module The client `mcptest init` declares while it reads a server, and the `client:` block it
 * writes on the server entry: every client capability mcptest can script (sampling, form
 * elicitation, roots), each with a reply that fits any request. A server that offers a tool only
 * to a client that can sample, elicit or list roots then lists it, and the starter test of that
 * tool passes on the first run.
 */

import { pathToFileURL } from "node:url";
import { ConfigError } from "../../0_base/errors/errors.ts";
import type { ClientSpec } from "../../2_connect/session/client_spec.ts";
import { parseClientBlock } from "../../3_load/config/client_block.ts";

/** The text of the scripted sampling reply `init` writes (answers every sampling/createMessage). */
export const INIT_SAMPLING_TEXT = "A scripted answer from mcptest (edit it in mcptest.yml).";
/** The name of the root `init` offers: the project folder. */
export const INIT_ROOT_NAME = "project";

/**
 * The `client:` block of the server entry `init` writes, as data: the capabilities declared, the
 * project folder `dir` (absolute) as the one root, a sampling reply of fixed text, and an
 * elicitation `accept` whose content is filled from the requested schema (`fill_from_schema`).
 */
export function initClientBlock(dir: string): Record<string, unknown> {
  return {
    capabilities: ["sampling", "elicitation", "roots"],
    roots: [{ uri: pathToFileURL(dir).href, name: INIT_ROOT_NAME }],
    sampling: [{ text: INIT_SAMPLING_TEXT }],
    elicitation: [{ action: "accept", fill_from_schema: true }],
  };
}

/**
 * The client of a `client:` block, read the way a suite reads it: what `init` declares while it
 * reads the surface is exactly what the written block declares when the suite runs.
 * @throws {ConfigError} the block does not read (a bug: init writes it)
 */
export function clientSpecOf(block: Record<string, unknown>): ClientSpec {
  const { client, errors } = parseClientBlock(
    block,
    ["client"],
    () => ({ file: "(mcptest init)", line: 1, col: 1 }),
  );
  if (!client || errors.length > 0) {
    throw new ConfigError(`init's client block does not read: ${errors[0]?.message ?? ""}`);
  }
  return client;
}
