/** @module `listTests`: the tests a run would select, checked as for a run, with their place and server; starts nothing. */

import type { Suite, TestCase } from "../../3_load/config/types.ts";
import { prepareTests } from "../runner/prepare.ts";
import { type LastFailedMode, selectTests } from "../runner/select_tests.ts";
import { withLazyModules } from "../../0_base/util/lazy_module.ts";

/** One listed test (the shape of `mcptest list --format json`). */
export interface ListedTest {
  /** The test's stable id (`file::kind::name`). */
  readonly id: string;
  /** The test's name. */
  readonly name: string;
  /** tool, resource, prompt, list, agent, eval, ... */
  readonly kind: string;
  /** The server's name as written in the suite. */
  readonly server: string;
  /** The test file, relative to the working directory. */
  readonly file: string;
  /** Line of the test's entry (1-based). */
  readonly line: number;
  /** Column of the test's entry (1-based). */
  readonly col: number;
}

/** The selection flags `mcptest list` shares with `mcptest run`. */
export interface ListTestsOptions {
  /** Working directory (where the `--last-failed` state is kept); default `Deno.cwd()`. */
  readonly cwd?: string;
  /** `--filter`: a substring, or `/regex/`, of test names. */
  readonly filter?: string;
  /** `--shard k/n`. */
  readonly shard?: string;
  /** `--last-failed`: the tests the last-run state remembers as failing. */
  readonly lastFailed?: LastFailedMode;
}

/**
 * The tests a run of `suite` would select, in suite order. They get the load-time checks of a run
 * (matchers, targets): a listed suite is a runnable one. No server is started.
 * @throws {ConfigErrors} a test a run would refuse (a bad matcher or target)
 * @example List the tests of an example suite
 * ```ts
 * import { loadSuite } from "../../3_load/config/load_suite.ts";
 * import { listTests } from "./list_tests.ts";
 *
 * const suite = await loadSuite({ paths: ["examples/getting-started.yml"], cwd: Deno.cwd() });
 * for (const test of await listTests(suite)) console.log(`${test.file}:${test.line} ${test.name}`);
 * ```
 */
export async function listTests(
  suite: Suite,
  options: ListTestsOptions = {},
): Promise<ListedTest[]> {
  const selected = await selectTests(suite.tests, {
    cwd: options.cwd ?? Deno.cwd(),
    ...(options.filter !== undefined ? { filter: options.filter } : {}),
    ...(options.shard !== undefined ? { shard: options.shard } : {}),
    ...(options.lastFailed !== undefined ? { lastFailed: options.lastFailed } : {}),
  });
  await withLazyModules(() => Promise.resolve(prepareTests(suite, selected))); // schema matchers may load ajv
  return selected.map((test) => listedTest(test, suite));
}

/** A test as `mcptest list` shows it: its server by the name the suite gives it. */
export function listedTest(test: TestCase, suite: Suite): ListedTest {
  const server = Object.hasOwn(suite.servers, test.serverKey)
    ? suite.servers[test.serverKey]!.name
    : test.serverKey;
  return {
    id: test.id,
    name: test.name,
    kind: test.kind,
    server,
    file: test.file,
    line: test.pos.line,
    col: test.pos.col,
  };
}
