/** @module The non-reporter sinks of server text: the CLI error handler and the doctor report. */

import assert from "node:assert/strict";
import { handleError } from "../../src/8_cli/handle_error.ts";
import { renderDiagnosis } from "../../src/7_features/doctor/render.ts";
import { McptestError, UsageError } from "../../src/0_base/errors/errors.ts";
import type { ServerDiagnosis } from "../../src/7_features/doctor/types.ts";
import { assertPrintable } from "./_printable.ts";

const HOSTILE =
  "bad\n::error file=x::y\n::add-mask::s\nx\r::error::cr\n  ::warning::w ##[error]legacy " +
  "\x1b]0;title\x07 \x1b]8;;https://evil.example/\x1b\\x\x1b]8;;\x1b\\ \x1b[2J\x1b[H \x1b[31mRED \u009b1m";

/** Run `fn` with console.error captured; returns what it printed. */
function captureStderr(fn: () => void): string {
  const original = console.error;
  const lines: string[] = [];
  console.error = (...args: unknown[]) => lines.push(args.map(String).join(" "));
  try {
    fn();
  } finally {
    console.error = original;
  }
  return lines.join("\n") + "\n";
}

Deno.test("handleError() prints a server's text escaped, never a workflow command", async (t) => {
  await t.step("an McptestError and its causes", () => {
    const error = new McptestError(`server said: ${HOSTILE}`, 1, {
      cause: new Error(`cause: ${HOSTILE}`),
    });
    let code = 0;
    const out = captureStderr(() => code = handleError(error, true));
    assert.equal(code, 1);
    assertPrintable(out);
    assert.ok(out.startsWith("error: server said: bad\n\\u003a:error file=x::y\n"));
    assert.ok(out.includes("\\u001b]0;title\\u0007"));
    assert.ok(out.includes("  caused by: cause: bad\n"));
  });
  await t.step("a usage error and an internal error", () => {
    assertPrintable(captureStderr(() => handleError(new UsageError(HOSTILE))));
    assertPrintable(captureStderr(() => handleError(new Error(HOSTILE), true)));
    assertPrintable(captureStderr(() => handleError(HOSTILE)));
  });
});

Deno.test("renderDiagnosis() shows serverInfo and error bodies escaped", () => {
  const diagnosis: ServerDiagnosis = {
    name: `evil${HOSTILE}`,
    target: "http://127.0.0.1:1/mcp",
    source: "cli flag",
    layers: [
      { layer: "tcp", status: "ok", detail: "connected" },
      { layer: "http", status: "fail", detail: `HTTP 500: ${HOSTILE}`, fix: `check ${HOSTILE}` },
      { layer: "initialize", status: "ok", detail: `serverInfo ${HOSTILE}` },
    ],
  };
  for (const color of [false, true]) {
    const out = renderDiagnosis(diagnosis, color);
    assertPrintable(out, { color });
    assert.ok(out.includes("\\u001b[2J"), "the clear-screen is shown, not run");
  }
  const lines = renderDiagnosis(diagnosis, false).split("\n");
  assert.equal(lines[2], "  [FAIL] http       HTTP 500: bad");
  assert.equal(lines[3], "                    \\u003a:error file=x::y");
});
