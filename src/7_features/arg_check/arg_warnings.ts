/** @module argumentWarnings(): the load warnings of a suite's tool tests whose name or args a recorded tool list refuses (docs/cli.md#argument-warnings). */

import { createRedactor } from "../../0_base/redaction/redactor.ts";
import { serverCassettePath } from "../../2_connect/cassette/server_cassette.ts";
import type { LoadWarning, ServerSpec, Suite } from "../../3_load/config/types.ts";
import { argProblems, isCheckable } from "./check_args.ts";
import { TestKeyFinder } from "./test_keys.ts";
import {
  captureLabel,
  cassetteCatalog,
  type CassetteReader,
  type LabeledCatalog,
  type ToolCatalog,
} from "./tool_catalog.ts";

/** Options of {@link argumentWarnings}. */
export interface ArgumentWarningOptions {
  /** The working directory the suite was loaded in. */
  readonly cwd: string;
  /**
   * Capture sessions to check against (`mcptest lint` gets them as files): a session applies to
   * the servers whose label (their redacted target) is its `server_label`, before their cassette.
   */
  readonly captures?: readonly LabeledCatalog[];
  /** How a server's cassette is read (default: the run's cassette reader). */
  readonly readCassette?: CassetteReader;
}

/**
 * One warning per tool test whose call a recording of its server refuses: a tool name the
 * recorded tools/list does not hold (with a did-you-mean), args that do not validate against the
 * recorded inputSchema. The recording is a capture session given in `options.captures`, else the
 * server's cassette (`--record` writes its whole tool list). Tests that use a `capture:` or expect
 * an error are not checked. Warnings only: nothing here fails a run or changes an exit code.
 * @returns the warnings, at the test's `tool:` or `args:` key, in test order
 */
export async function argumentWarnings(
  suite: Pick<Suite, "servers" | "tests" | "secrets">,
  options: ArgumentWarningOptions,
): Promise<LoadWarning[]> {
  const catalogs = new Map<string, Promise<ToolCatalog | undefined>>();
  const catalogFor = (server: ServerSpec) => {
    if (!catalogs.has(server.key)) {
      const label = captureLabel(server.target);
      const given = options.captures?.find((c) => c.label === label)?.catalog;
      catalogs.set(
        server.key,
        given ? Promise.resolve(given) : cassetteCatalog(
          serverCassettePath(suite, server, options.cwd),
          options.cwd,
          options.readCassette,
        ),
      );
    }
    return catalogs.get(server.key)!;
  };
  const keys = new TestKeyFinder(options.cwd);
  const redactor = createRedactor(suite.secrets.filter((s) => s.length > 0));
  const warnings: LoadWarning[] = [];
  for (const test of suite.tests) {
    const server = Object.hasOwn(suite.servers, test.serverKey)
      ? suite.servers[test.serverKey]
      : undefined;
    if (!server || !isCheckable(test)) continue;
    const catalog = await catalogFor(server);
    if (!catalog) continue;
    const problems = await argProblems(test, catalog);
    if (problems.length === 0) continue;
    const at = await keys.keysOf(test);
    for (const problem of problems) {
      const pos = at[problem.at];
      const message = redactor.text(problem.message);
      warnings.push({ message, file: pos.file, line: pos.line, col: pos.col });
    }
  }
  return warnings;
}
