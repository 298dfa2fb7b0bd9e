/** @module The live progress line: only on an interactive terminal, never in CI logs or piped output. */

import type { TestResult } from "../4_record/run_record.ts";

/** A progress display fed with each finished test. */
export interface Progress {
  /** Whether anything is drawn (false: not a terminal, or CI): then results need not reach it. */
  readonly active: boolean;
  update(result: TestResult): void;
  /** Erase the line before other text reaches the terminal; the next update draws it again. */
  erase(): void;
  /** Erase the line (before the report is printed). */
  done(): void;
}

const NOOP: Progress = { active: false, update() {}, erase() {}, done() {} };
const DELAY_MS = 300;

/** Where the line goes (stderr in the CLI; tests pass a fake terminal). */
export interface ProgressSink {
  isTerminal(): boolean;
  writeSync(bytes: Uint8Array): number;
}

/** A progress line on stderr when it is a TTY and CI is not set; a no-op otherwise. */
export function createProgress(
  total: number,
  enabled: boolean,
  sink: ProgressSink = Deno.stderr,
  ci: string | undefined = Deno.env.get("CI"),
  delayMs = DELAY_MS,
): Progress {
  if (!enabled || (ci !== undefined && ci !== "" && ci !== "false") || !sink.isTerminal()) {
    return NOOP;
  }
  const encoder = new TextEncoder();
  const started = performance.now();
  let finished = 0, failures = 0, shown = false;
  const write = (text: string) => sink.writeSync(encoder.encode(text));
  return {
    active: true,
    update(result) {
      finished++;
      if (result.status === "fail" || result.status === "error") failures++;
      // Only runs longer than a moment get a line, so quick runs stay quiet.
      if (performance.now() - started < delayMs) return;
      shown = true;
      write(`\r\x1b[2K${finished}/${total} tests done, ${failures} failed`);
    },
    erase() {
      if (shown) write("\r\x1b[2K");
      shown = false;
    },
    done() {
      if (shown) write("\r\x1b[2K");
    },
  };
}
