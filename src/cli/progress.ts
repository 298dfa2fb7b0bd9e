/** @module The live progress line: only on an interactive terminal, never in CI logs or piped output. */

import type { TestResult } from "../report/run_record.ts";

/** A progress display fed with each finished test. */
export interface Progress {
  update(result: TestResult): void;
  /** Erase the line (before the report is printed). */
  done(): void;
}

const NOOP: Progress = { update() {}, done() {} };
const DELAY_MS = 300;

/** A progress line on stderr when it is a TTY and CI is not set; a no-op otherwise. */
export function createProgress(total: number, enabled: boolean): Progress {
  const ci = Deno.env.get("CI");
  if (!enabled || (ci !== undefined && ci !== "" && ci !== "false") || !Deno.stderr.isTerminal()) {
    return NOOP;
  }
  const encoder = new TextEncoder();
  const started = performance.now();
  let finished = 0, failures = 0, shown = false;
  const write = (text: string) => Deno.stderr.writeSync(encoder.encode(text));
  return {
    update(result) {
      finished++;
      if (result.status === "fail" || result.status === "error") failures++;
      // Only runs longer than a moment get a line, so quick runs stay quiet.
      if (performance.now() - started < DELAY_MS) return;
      shown = true;
      write(`\r\x1b[2K${finished}/${total} tests done, ${failures} failed`);
    },
    done() {
      if (shown) write("\r\x1b[2K");
    },
  };
}
