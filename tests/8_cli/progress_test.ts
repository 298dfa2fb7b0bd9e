import assert from "node:assert/strict";
import { createProgress } from "../../src/8_cli/progress.ts";
import type { TestResult } from "../../src/4_record/run_record.ts";

const result = (status: TestResult["status"]) => ({ status }) as TestResult;

function fakeTerminal(tty: boolean) {
  const chunks: string[] = [];
  return {
    chunks,
    isTerminal: () => tty,
    writeSync: (bytes: Uint8Array) => {
      chunks.push(new TextDecoder().decode(bytes));
      return bytes.length;
    },
  };
}

Deno.test("createProgress() shows done/total and failures on a TTY, then erases the line", () => {
  const tty = fakeTerminal(true);
  const progress = createProgress(3, true, tty, "", 0);
  assert.equal(progress.active, true);
  progress.update(result("pass"));
  progress.update(result("fail"));
  progress.done();
  assert.match(tty.chunks.join(""), /2\/3 tests done, 1 failed/);
  assert.equal(tty.chunks.at(-1), "\r\x1b[2K");
});

Deno.test("createProgress() stays silent in CI, when piped, with --no-color, and for quick runs", () => {
  const sinks = [fakeTerminal(true), fakeTerminal(false), fakeTerminal(true), fakeTerminal(true)];
  const silent = [
    createProgress(3, true, sinks[0]!, "true", 0),
    createProgress(3, true, sinks[1]!, "", 0),
    createProgress(3, false, sinks[2]!, "", 0),
    createProgress(3, true, sinks[3]!, "", 60_000),
  ];
  // Silent for good (no terminal, CI, no colour): results need not be fed to it.
  assert.deepEqual(silent.map((p) => p.active), [false, false, false, true]);
  for (const progress of silent) {
    progress.update(result("fail"));
    progress.done();
  }
  for (const sink of sinks) assert.deepEqual(sink.chunks, []);
});
