/** @module The output contract every sink keeps: no terminal controls, no CI workflow commands. */

import assert from "node:assert/strict";

/** The SGR codes our own styler writes (src/0_base/util/ansi.ts). */
// deno-lint-ignore no-control-regex
const OWN_SGR = /\x1b\[(?:1|2|22|31|32|33|39)m/g;
/** Every control character but tab and newline: C0, DEL, C1. */
// deno-lint-ignore no-control-regex
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
/** A line GitHub Actions reads as a command: `::` after leading blanks (the runner trims them). */
const COMMAND = /^[\s\u0085]*::/;

/**
 * Assert that `text` is safe to print: no control character but tab and newline (and, with
 * `color`, our own colour codes), no line a CI reads as a workflow command (`::` first on a line,
 * `##[` anywhere) unless `annotations` (then every line must be one well-formed annotation).
 */
export function assertPrintable(
  text: string,
  options: { color?: boolean; annotations?: boolean } = {},
): void {
  const plain = options.color ? text.replace(OWN_SGR, "") : text;
  const control = CONTROL.exec(plain);
  assert.equal(
    control,
    null,
    `control U+${control?.[0].charCodeAt(0).toString(16).padStart(4, "0")} at ${control?.index}: ` +
      JSON.stringify(
        plain.slice(Math.max(0, (control?.index ?? 0) - 30), (control?.index ?? 0) + 30),
      ),
  );
  // The runner splits lines at CR as well as LF; CR is a control character, so LF is enough here.
  plain.split("\n").forEach((line, index) => {
    if (options.annotations) {
      if (line !== "") assert.match(line, /^::(error|warning|notice) file=[^:]*::[^\r\n]*$/);
      return;
    }
    assert.ok(!COMMAND.test(line), `line ${index + 1} reads as a workflow command: ${line}`);
    assert.ok(!line.includes("##["), `line ${index + 1} holds a legacy command: ${line}`);
  });
}
