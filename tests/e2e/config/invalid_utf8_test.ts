/** @module A suite, config or env file that is not UTF-8 is a config error at the first bad byte, never U+FFFD. */

import assert from "node:assert/strict";
import {
  decodeUtf8Strict,
  firstInvalidUtf8,
  InvalidUtf8Error,
} from "../../../src/3_load/config/decode_utf8.ts";
import { loadSuite } from "../../../src/3_load/config/load_suite.ts";
import { ConfigErrors } from "../../../src/0_base/errors/errors.ts";
import { mcptest } from "../../_helpers/cli.ts";

const bytes = (...parts: Array<string | number[]>) => {
  const chunks = parts.map((p) =>
    typeof p === "string" ? new TextEncoder().encode(p) : new Uint8Array(p)
  );
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
};

Deno.test("firstInvalidUtf8() finds the first byte of a bad sequence", async (t) => {
  const cases: Array<[string, Uint8Array, number]> = [
    ["valid, multi-byte", bytes("aé€😀"), 10],
    ["stray continuation byte", bytes("ab", [0x80]), 2],
    ["0xff", bytes("a", [0xff], "b"), 1],
    ["overlong", bytes([0xc0, 0xaf]), 0],
    ["overlong 3-byte", bytes([0xe0, 0x80, 0xaf]), 0],
    ["surrogate", bytes("x", [0xed, 0xa0, 0x80]), 1],
    ["past U+10FFFF", bytes([0xf4, 0x90, 0x80, 0x80]), 0],
    ["truncated at the end", bytes("é", [0xe2, 0x82]), 2],
    ["lead byte then ASCII", bytes([0xc3], "a"), 0],
  ];
  for (const [name, input, offset] of cases) {
    await t.step(name, () => {
      assert.equal(firstInvalidUtf8(input), offset);
      let native = true;
      try {
        new TextDecoder("utf-8", { fatal: true }).decode(input);
      } catch {
        native = false;
      }
      assert.equal(native, offset === input.length, "agrees with TextDecoder");
    });
  }
});

Deno.test("decodeUtf8Strict() gives the line and column of the bad byte", () => {
  assert.equal(decodeUtf8Strict(bytes("ok: é\n")), "ok: é\n");
  assert.throws(
    () => decodeUtf8Strict(bytes('a: 1\nname: "é', [0xff], '"\n')),
    (error) => {
      assert.ok(error instanceof InvalidUtf8Error);
      assert.equal(error.line, 2);
      assert.equal(error.col, 9);
      assert.equal(error.offset, 14);
      return true;
    },
  );
});

Deno.test("loadSuite() reports invalid UTF-8 in a test file or .env at file:line:col", async (t) => {
  const dir = await Deno.makeTempDir();
  try {
    await t.step("test file", async () => {
      await Deno.writeFile(
        `${dir}/s.yml`,
        bytes(
          "servers:\n  s: { command: [srv] }\ntools:\n  - name: caf",
          [0xe9],
          "\n    tool: echo\n",
        ),
      );
      const error = await loadSuite({ paths: ["s.yml"], cwd: dir, env: {} }).catch((e) => e);
      assert.ok(error instanceof ConfigErrors, String(error));
      assert.deepEqual(error.errors.map((e) => e.message), [
        "s.yml:4:14: invalid UTF-8 (byte 0xe9 at offset 53); expected a UTF-8 text file",
      ]);
    });
    await t.step(".env", async () => {
      await Deno.writeTextFile(`${dir}/s.yml`, "servers:\n  s: { command: [srv] }\ntools: []\n");
      await Deno.writeFile(`${dir}/.env`, bytes("A=1\nB=", [0xfe], "\n"));
      const error = await loadSuite({ paths: ["s.yml"], cwd: dir, env: {} }).catch((e) => e);
      assert.ok(error instanceof ConfigErrors, String(error));
      assert.match(error.message, /^\.env:2:3: invalid UTF-8 \(byte 0xfe/);
      await Deno.remove(`${dir}/.env`);
    });
    await t.step("mcptest run exits 2 with the position", async () => {
      await Deno.writeFile(`${dir}/bad.yml`, bytes("tools:\n  - name: ", [0xc3, 0x28], "\n"));
      const run = await mcptest(["run", "bad.yml"], { cwd: dir });
      assert.equal(run.code, 2, run.stderr);
      assert.match(run.stderr, /^error: bad\.yml:2:11: invalid UTF-8 \(byte 0xc3 at offset 17\)/m);
      assert.doesNotMatch(run.stderr, /\uFFFD/);
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
