/** @module The `mcptest list` action: flags in, one `listTests` call, the listing out. */

import { describeSearch } from "../3_load/config/discover.ts";
import { loadSuite } from "../3_load/config/load_suite.ts";
import type { Suite } from "../3_load/config/types.ts";
import { ExitCode } from "../0_base/errors/exit_codes.ts";
import { type ListedTest, listTests } from "../5_execute/suite/list_tests.ts";
import { writeOutput } from "../0_base/util/write_output.ts";
import { forTerminal } from "../0_base/util/escape.ts";
import type { ListOptions } from "./list.ts";
import { suiteLoadOptions } from "./suite_flags.ts";

/** List the selected tests and return the exit code. */
export async function listAction(paths: string[], options: ListOptions): Promise<number> {
  const cwd = Deno.cwd();
  const suite = await loadSuite(suiteLoadOptions(paths, options, cwd));
  const listed = await listTests(suite, {
    cwd,
    ...(options.filter !== undefined ? { filter: options.filter } : {}),
    ...(options.shard !== undefined ? { shard: options.shard } : {}),
    lastFailed: options.lastFailedOrAll ? "or-all" : options.lastFailed,
  });
  if (listed.length === 0 && (suite.compliance ?? []).length === 0) {
    console.error("error: no tests selected");
    const facts = { paths, cwd, files: suite.files, tests: suite.tests.length };
    const where = await describeSearch(
      options.config === undefined ? facts : { ...facts, configFile: options.config },
    );
    for (const line of where) console.error(`  ${line}`);
    return ExitCode.NoTests;
  }
  const text = options.format === "json"
    ? JSON.stringify({ tests: listed }, null, 2) + "\n"
    : renderList(listed, suite);
  await writeOutput("-", forTerminal(text, options.format)); // names come from the suite files
  return ExitCode.Ok;
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
