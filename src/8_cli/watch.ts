/** @module `mcptest run --watch`: run, then rerun the affected test files whenever a watched file changes. */

import { relative, resolve } from "../0_base/util/path.ts";
import type { Suite } from "../3_load/config/types.ts";
import { handleError } from "./handle_error.ts";
import { ChangeFeed } from "./watch_feed.ts";
import { rootsOf } from "./watch_roots.ts";
import { type Affected, watchedFolders, type WatchPlan, watchPlan } from "./watch_targets.ts";

/**
 * One run of the suite: the exit code, and the loaded suite (absent when it did not load). An
 * error it throws (a suite that no longer loads) is printed, and watching goes on.
 */
export type RunOnce = (
  paths: string[],
  onSuite: (suite: Suite) => void,
) => Promise<number>;

/** The flags the plan needs (the project files a change reruns everything for). */
export interface WatchOptions {
  readonly config?: string | undefined;
  readonly serverConfig?: string | undefined;
  readonly envFile?: readonly string[];
  /** `--verbose`: a run's error is printed with its causes. */
  readonly verbose?: boolean;
}

/**
 * Run `paths`, then watch the suite's files and rerun on each change until the process is
 * stopped (Ctrl-C: the CLI's signal handler closes every server and exits). A change to a test
 * file reruns that file; to a snapshot or cassette, the test files of its folder; to a local
 * server file, the files whose tests use that server; to the project config or an env file,
 * everything. A suite that no longer loads keeps the last plan and reruns everything next time.
 */
export async function watchRuns(
  paths: string[],
  options: WatchOptions,
  runOnce: RunOnce,
  cwd: string = Deno.cwd(),
  log: (line: string) => void = (line) => console.error(line),
): Promise<never> {
  let plan: WatchPlan | undefined;
  let loaded = true;
  const run = async (which: string[]) => {
    loaded = false;
    await runOnce(which, (suite) => {
      loaded = true;
      plan = watchPlan(suite, {
        cwd,
        config: options.config,
        serverConfig: options.serverConfig,
        envFiles: options.envFile ?? [],
      });
    }).catch((error) => handleError(error, options.verbose));
  };
  const feed = new ChangeFeed();
  await run(paths);
  while (true) {
    const current: WatchPlan = plan ?? fallbackPlan(paths, cwd);
    feed.watch(watchedFolders(current), rootsOf(paths, (p) => resolve(cwd, p)));
    feed.dropRunWrites(current);
    log(`\nwatching ${current.files.size} files for changes; press Ctrl-C to exit`);
    const { changed, affected } = await feed.next(current);
    const rerun = !loaded || affected === "all" ? paths : [...affected];
    log(
      `\nchanged: ${changed.map((p) => relative(cwd, p)).join(", ")}; rerunning ${
        rerun === paths ? "everything" : rerun.join(", ")
      }\n`,
    );
    await run(rerun);
  }
}

/** Before the suite ever loaded: the given paths (or the working directory) rerun everything. */
function fallbackPlan(paths: readonly string[], cwd: string): WatchPlan {
  const files = new Map<string, Affected>();
  const folders = new Map<string, Affected>();
  for (const path of paths.length > 0 ? paths : ["mcptest.yml", "tests"]) {
    const abs = resolve(cwd, path);
    let dir = false;
    try {
      dir = Deno.statSync(abs).isDirectory;
    } catch { /* not there yet: watch its folder for it */ }
    (dir ? folders : files).set(abs, "all");
  }
  return { files, folders };
}
