/** @module Helpers for the LOAD tests: temp project folders and error capture. */

import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type ConfigError, ConfigErrors } from "../../../src/0_base/errors/errors.ts";
import { type LoadOptions, loadSuite } from "../../../src/3_load/config/load_suite.ts";

/** Absolute path of tests/fixtures/config/. */
export const FIXTURES: string = fileURLToPath(new URL("../../fixtures/config/", import.meta.url));

/** Create a temp folder holding `files` (path -> contents), run `fn` in it, then remove it. */
export async function withFiles(
  files: Record<string, string>,
  fn: (dir: string) => Promise<void>,
): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "mcptest_config_" });
  try {
    for (const [path, text] of Object.entries(files)) {
      const full = join(dir, path);
      await Deno.mkdir(dirname(full), { recursive: true });
      await Deno.writeTextFile(full, text);
    }
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** Load a suite that must fail; returns the individual errors (each a ConfigError). */
export async function loadErrors(
  options: Omit<LoadOptions, "env"> & { env?: Record<string, string> },
): Promise<ConfigError[]> {
  try {
    await loadSuite({ env: {}, ...options });
  } catch (error) {
    if (error instanceof ConfigErrors) {
      assert.equal(error.exitCode, 2);
      return [...error.errors];
    }
    throw error;
  }
  assert.fail("expected loadSuite() to fail");
}

/** The messages of a failing load (`file:line:col: detail`). */
export async function loadMessages(
  options: Omit<LoadOptions, "env"> & { env?: Record<string, string> },
): Promise<string[]> {
  return (await loadErrors(options)).map((e) => e.message);
}
