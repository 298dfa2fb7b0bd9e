/** @module The `mcptest list` action: load and check the suite, apply the selection flags, print the tests. */

import { describeSearch } from "../3_load/config/discover.ts";
import { loadSuite } from "../3_load/config/load_suite.ts";
import type { Suite, TestCase } from "../3_load/config/types.ts";
import { UsageError } from "../0_base/errors/errors.ts";
import { ExitCode } from "../0_base/errors/exit_codes.ts";
import { prepareTests } from "../5_execute/runner/prepare.ts";
import { selectTests } from "../5_execute/runner/select_tests.ts";
import { writeOutput } from "../0_base/util/write_output.ts";
import { handleError } from "./handle_error.ts";
import type { ListOptions } from "./list.ts";
import { suiteLoadOptions } from "./suite_flags.ts";

/** One listed test (the `--format json` shape). */
export interface ListedTest {
  readonly id: string;
  readonly name: string;
  readonly kind: string;
  /** The server's name as written in the suite. */
  readonly server: string;
  readonly file: string;
  readonly line: number;
  readonly col: number;
}

/** List the selected tests and return the exit code. */
export async function listAction(paths: string[], options: ListOptions): Promise<number> {
  try {
    if (options.format !== "pretty" && options.format !== "json") {
      throw new UsageError(`invalid --format "${options.format}", expected one of: pretty, json`);
    }
    const cwd = Deno.cwd();
    const suite = await loadSuite(suiteLoadOptions(paths, options, cwd));
    const selected = await selectTests(suite.tests, {
      cwd,
      ...(options.filter !== undefined ? { filter: options.filter } : {}),
      ...(options.shard !== undefined ? { shard: options.shard } : {}),
      lastFailed: options.lastFailed,
    });
    // The same load-time checks as a run (matchers, targets): a listed suite is a runnable one.
    prepareTests(suite, selected);
    const listed = selected.map((test) => listedTest(test, suite));
    if (listed.length === 0 && (suite.compliance ?? []).length === 0) {
      console.error("error: no tests selected");
      const facts = { paths, cwd, files: suite.files, tests: suite.tests.length };
      const where = await describeSearch(
        options.config === undefined ? facts : { ...facts, configFile: options.config },
      );
      for (const line of where) console.error(`  ${line}`);
      return ExitCode.NoTests;
    }
    await writeOutput(
      "-",
      options.format === "json"
        ? JSON.stringify({ tests: listed }, null, 2) + "\n"
        : renderList(listed, suite),
    );
    return ExitCode.Ok;
  } catch (error) {
    return handleError(error, options.verbose);
  }
}

/** A test as `mcptest list` shows it. */
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

/** The pretty listing: one line per test, aligned, then a count. */
export function renderList(tests: readonly ListedTest[], suite: Suite): string {
  const where = tests.map((t) => `${t.file}:${t.line}:${t.col}`);
  const width = Math.max(0, ...where.map((w) => w.length));
  const kindWidth = Math.max(0, ...tests.map((t) => t.kind.length));
  const lines = tests.map((t, i) =>
    `${where[i]!.padEnd(width)}  ${t.kind.padEnd(kindWidth)}  ${t.name}  (${t.server})`
  );
  const files = new Set(tests.map((t) => t.file)).size;
  const blocks = (suite.compliance ?? []).length;
  const extra = blocks > 0 ? `, plus ${blocks} compliance block${blocks === 1 ? "" : "s"}` : "";
  lines.push(
    "",
    `${tests.length} test${tests.length === 1 ? "" : "s"} in ${files} file${
      files === 1 ? "" : "s"
    }${extra}`,
  );
  return lines.join("\n") + "\n";
}
