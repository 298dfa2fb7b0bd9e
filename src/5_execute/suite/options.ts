/** @module The options of `runSuite`: the flags of `mcptest run`, as data. */

import type { ServerSpec, TestCase } from "../../3_load/config/types.ts";
import type { RunRecord, TestResult } from "../../4_record/run_record.ts";
import type { CassetteMode } from "../../2_connect/cassette/server_cassette.ts";
import type { VariableRereader } from "../../2_connect/auth/types.ts";
import type { RuntimeSecrets } from "../../2_connect/auth/runtime_secrets.ts";
import type { CaptureSession, FrameObserver, Session } from "../../2_connect/session/types.ts";
import type { LastFailedState } from "../runner/last_failed.ts";
import type { LastFailedMode } from "../runner/select_tests.ts";

/** How `runSuite` runs a suite: the options of `mcptest run`, as data. */
export interface RunSuiteOptions {
  /**
   * Opens a session; default: a live connection. `capture` says whether the session must keep its
   * exchanges (asked for by `onCapture` or `captureFile`, and always for compliance rules, which
   * read them).
   */
  readonly connect?: (server: ServerSpec, options: { capture: boolean }) => Promise<Session>;
  /** mcptest's version, for the record; default: this package's version. */
  readonly toolVersion?: string;
  /** `--filter`: a substring, or `/regex/`, of test names. */
  readonly filter?: string;
  /** `--shard k/n`. */
  readonly shard?: string;
  /** `--tag NAME` (repeatable): only the tests with one of these `tags:`. */
  readonly tags?: readonly string[];
  /** `--exclude-tag NAME` (repeatable): leave out the tests with one of these `tags:`. */
  readonly excludeTags?: readonly string[];
  /** `--bail [N]`: stop starting tests after N failures (the rest are skipped with reason `--bail`). */
  readonly bail?: number;
  /** `--retries N`: extra attempts of a failing test without its own `retries:`. */
  readonly retries?: number;
  /** `--timeout`: the run's time limit in milliseconds; the tests not started by then are errors with the reason. */
  readonly timeoutMs?: number;
  /** `--last-failed` (`"or-all"`: `--last-failed-or-all`): only the tests the last-run state remembers as failing. */
  readonly lastFailed?: LastFailedMode;
  /**
   * The `--last-failed` state already read (`null`: none); read from `cwd` when absent. A caller
   * that keeps the state itself passes the one it read, so selection and its update see the same
   * (`keepLastRun` does this inside the run).
   */
  readonly lastFailedState?: LastFailedState | null;
  /**
   * Keep the `--last-failed` state across runs, as `mcptest run` does: read
   * `<cwd>/.mcptest/last-run.json` before selecting (unless `lastFailedState` is given; an
   * unreadable state is a warning and counts as none) and write it updated once the run has a
   * result (a state that cannot be written is a warning). Default false: nothing is written.
   */
  readonly keepLastRun?: boolean;
  /**
   * `--capture FILE`: write every session's capture there (seed 003: one session object, or an
   * array of them), redacted with the run's secrets, once the run has a result.
   */
  readonly captureFile?: string;
  /**
   * Where notices and warnings go, one line each: `--last-failed` ran everything, the state could
   * not be read or saved, obsolete snapshot files; default stderr.
   */
  readonly onNotice?: (line: string) => void;
  /** Working directory (last-run state, result cache, cassettes, snapshots); default `Deno.cwd()`. */
  readonly cwd?: string;
  /** Tests in flight per server; with `repeat`, calls of one test in flight (docs/load.md). */
  readonly concurrency?: number;
  /** `--repeat N`: run every test without its own `load:` N times, `concurrency` calls in flight, and record its latency distribution (docs/load.md). */
  readonly repeat?: number;
  /** Servers connected and run at once. */
  readonly serverConcurrency?: number;
  /** `--update-snapshots`. */
  readonly updateSnapshots?: boolean;
  /** Under CI, snapshot writes are refused; default: `CI=true` in the environment. */
  readonly ci?: boolean;
  /** Called once with the selected tests, before any server starts (progress display). */
  readonly onSelected?: (tests: readonly TestCase[]) => void;
  /** Called as each test finishes (progress display). */
  readonly onResult?: (result: TestResult) => void;
  /**
   * Receives each session's capture (seed 003) as it closes, raw. Sessions keep their exchanges in
   * memory only when this or `captureFile` is set.
   */
  readonly onCapture?: (capture: CaptureSession) => void;
  /**
   * `--verbose`: sees every JSON-RPC frame of the live sessions (tests and compliance blocks; not
   * replayed cassettes), raw: redact with the run's `secrets` before printing.
   */
  readonly onFrame?: FrameObserver;
  /**
   * Cassettes (docs/cassettes.md): `auto` (default) replays a server's cassette when one exists,
   * `live` (`--live`) never replays, `record` (`--record`) runs live and writes the cassettes.
   */
  readonly cassettes?: CassetteMode;
  /** The result cache (docs/cache.md): true reads and writes `<cwd>/.mcptest/cache/`; default false (`mcptest run` passes true unless `--no-cache`). */
  readonly cache?: boolean;
  /**
   * The run's secrets (docs/auth.md): the suite's plus the tokens learnt while running; the
   * record, captures and cassettes redact all of them. Pass one to redact other outputs (a
   * capture file) with the same list; default: a new one.
   */
  readonly secrets?: RuntimeSecrets;
  /** Re-reads a bearer/header auth variable on a 401 (src/3_load/config/reread.ts); default: the environment. */
  readonly reread?: VariableRereader;
  /** Agent tests, evals and the coverage gate (docs/agents.md): `--require-keys`, `--max-cost`, `--coverage-threshold`. */
  readonly agents?: {
    /** `--require-keys`: an agent or eval row whose model API key is missing errors instead of using the stub. */
    readonly requireKeys?: boolean;
    /** `--max-cost`: stop model calls before the run could spend more than this many USD (exit 5). */
    readonly maxCostUsd?: number;
    /** `--coverage-threshold`: the share (percent, 0 to 100) of each server's tools, resources and prompts to exercise (exit 6). */
    readonly coverageThreshold?: number;
    /** `--drift-baseline`: a saved run record; agent rows whose verdict changed against it get DRIFT rows (exit 6). */
    readonly driftBaseline?: { readonly record: RunRecord; readonly label: string };
  };
}
