/**
 * @module The load of `mcptest run`: the suite through the load memo, with its load warnings and
 * argument warnings. The argument warnings are a derivation of the memo: computed with a load,
 * from the suite and the servers' cassettes, and served with the kept suite while those cassettes
 * hash the same (docs/cache.md, "The load memo"); the check's own modules load only when it runs.
 */

import { importLater } from "../../0_base/util/import_later.ts";
import { VERSION } from "../../0_base/version.ts";
import { readCassetteIfAny } from "../../2_connect/cassette/store.ts";
import { sha256 } from "../../2_connect/cassette/server_cassette.ts";
import type { LoadOptions } from "../../3_load/config/load_suite.ts";
import type { LoadWarning, Suite } from "../../3_load/config/types.ts";
import { type Derivation, loadSuiteMemo } from "../../5_execute/cache/load_memo.ts";

/** A run's suite and the warnings to print before it runs. */
export interface CheckedLoad {
  readonly suite: Suite;
  /** The loader's warnings, then the argument warnings (docs/cli.md). */
  readonly warnings: readonly LoadWarning[];
}

/**
 * Load a run's suite through the load memo (`cache`: false for `--no-cache`), with the loader's
 * warnings and the argument warnings against the servers' recorded tool lists.
 * @throws {ConfigErrors} as the loader does
 */
export async function loadCheckedSuite(options: LoadOptions, cache: boolean): Promise<CheckedLoad> {
  const { suite, derived } = await loadSuiteMemo(options, {
    enabled: cache,
    toolVersion: VERSION,
    derive: argumentWarningsDerivation(options.cwd),
  });
  return { suite, warnings: [...suite.warnings ?? [], ...derived] };
}

/**
 * The argument warnings of a suite loaded in `cwd` (`argumentWarnings`), read through the run's
 * cassette reader and hashed as the result cache hashes a cassette: a replay and the cache after
 * it read and hash no cassette a second time.
 */
export function argumentWarningsDerivation(cwd: string): Derivation<LoadWarning[]> {
  return {
    async compute(suite, read) {
      const { argumentWarnings } = await importLater<typeof import("./arg_warnings.ts")>(
        import.meta.url,
        "./arg_warnings.ts",
      );
      return await argumentWarnings(suite, { cwd, readCassette: read });
    },
    read: (path) => readCassetteIfAny(path, cwd),
    hash: sha256,
  };
}
