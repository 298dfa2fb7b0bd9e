/** @module shellSplit(): the one command-line splitter (suite `command:`, --server, --command). */

import assert from "node:assert/strict";
import { shellSplit, ShellSplitError } from "../../../src/0_base/util/shell_split.ts";

/** What `sh` itself makes of `line` (the reference the splitter follows). */
async function shWords(line: string): Promise<string[]> {
  const out = await new Deno.Command("sh", {
    args: ["-c", `eval "set -- $1"; for a do printf '%s\\0' "$a"; done`, "sh", line],
    stdout: "piped",
    stderr: "null",
  }).output();
  return new TextDecoder().decode(out.stdout).split("\0").slice(0, -1);
}

const CASES: Array<[string, string[]]> = [
  ["deno run -A server.ts", ["deno", "run", "-A", "server.ts"]],
  ["  node   'my server.js'  ", ["node", "my server.js"]],
  [`python -c "print(\\"hi\\")"`, ["python", "-c", 'print("hi")']],
  [`a\\ b "c"'d' ""`, ["a b", "cd", ""]],
  [`echo "\\$HOME \\n" '\\x'`, ["echo", "$HOME \\n", "\\x"]],
  ["a\\", ["a\\"]],
  ["a \\", ["a", "\\"]],
  ["run a\\\nb", ["run", "ab"]],
  ["run \\\n b", ["run", "b"]],
  [`"a\\\nb"`, ["ab"]],
  ["'a\\\nb'", ["a\\\nb"]],
  ["", []],
];

Deno.test("shellSplit() splits a command line like sh, without expansion", async (t) => {
  for (const [input, expected] of CASES) {
    await t.step(JSON.stringify(input), () => assert.deepEqual(shellSplit(input), expected));
  }
});

Deno.test("shellSplit() keeps a trailing backslash literally, as sh does", async () => {
  assert.deepEqual(shellSplit("serve C:\\"), ["serve", "C:\\"]);
  assert.deepEqual(await shWords("serve C:\\"), ["serve", "C:\\"]);
});

Deno.test("shellSplit() agrees with sh on every quoting case", async (t) => {
  if (Deno.build.os === "windows") return;
  for (const [input] of CASES) {
    // `eval "set -- LINE"` splits with sh's own quoting rules; expansion-free inputs only.
    if (input.includes("$")) continue;
    await t.step(JSON.stringify(input), async () => {
      assert.deepEqual(shellSplit(input), await shWords(input));
    });
  }
});

Deno.test("shellSplit() rejects an unterminated quote with a ShellSplitError", async (t) => {
  for (
    const [input, quote, message] of [
      ["a 'b", "'", "unterminated single quote"],
      ['a "b', '"', "unterminated double quote"],
      ['a "b\\"', '"', "unterminated double quote"],
    ] as const
  ) {
    await t.step(input, () => {
      assert.throws(
        () => shellSplit(input),
        (e: unknown) =>
          e instanceof ShellSplitError && e instanceof SyntaxError && e.quote === quote &&
          e.message === message,
      );
    });
  }
});
