/** @module Tests of the one JSON-file reader: malformed JSON is a ConfigError at file:line:col. */

import assert from "node:assert/strict";
import { join } from "node:path";
import { ConfigError } from "../../../src/0_base/errors/errors.ts";
import { ExitCode } from "../../../src/0_base/errors/exit_codes.ts";
import {
  JsonSyntaxError,
  lineColOf,
  parseJsonText,
  readJsonFile,
} from "../../../src/0_base/util/read_json_file.ts";

function syntaxError(text: string, detail?: (reason: string) => string): JsonSyntaxError {
  try {
    parseJsonText(text, "f.json", detail);
  } catch (error) {
    assert.ok(error instanceof JsonSyntaxError);
    assert.ok(error instanceof ConfigError);
    assert.equal(error.exitCode, ExitCode.ConfigError);
    return error;
  }
  assert.fail(`parsed: ${text}`);
}

Deno.test("parseJsonText() returns the value of valid JSON", () => {
  assert.deepEqual(parseJsonText('{"a": [1, null]}', "f.json"), { a: [1, null] });
  assert.equal(parseJsonText(" 12 ", "f.json"), 12);
});

Deno.test("parseJsonText() positions a syntax error at file:line:col", async (t) => {
  await t.step("offset given by the runtime", () => {
    const error = syntaxError('{"a" 1}');
    assert.equal(error.message, "f.json:1:6: invalid JSON: Expected ':' after property name");
    assert.deepEqual(error.pos, { file: "f.json", line: 1, col: 6 });
  });
  await t.step("on a later line", () => {
    const error = syntaxError('{\n  "a": 1,\n}');
    assert.deepEqual([error.pos.line, error.pos.col], [3, 1]);
  });
  await t.step("end of input: the end of the text", () => {
    assert.deepEqual(syntaxError('{\n  "a": ').pos, { file: "f.json", line: 2, col: 8 });
    assert.deepEqual(syntaxError("").pos, { file: "f.json", line: 1, col: 1 });
  });
  await t.step("no offset in the message: found, and the text is not echoed", () => {
    const error = syntaxError('{"secret": "s3cr3t", "list": [1,]}');
    assert.deepEqual([error.pos.line, error.pos.col], [1, 33]);
    assert.equal(error.reason, "Unexpected token ']'");
    assert.doesNotMatch(error.message, /s3cr3t/);
  });
  await t.step("trailing garbage after a value", () => {
    assert.deepEqual([syntaxError("[1]\n x").pos.line, syntaxError("[1]\n x").pos.col], [2, 2]);
  });
  await t.step("a caller's own wording after the position", () => {
    const error = syntaxError("{", (reason) => `not a grade file (${reason})`);
    assert.equal(error.message, "f.json:1:2: not a grade file (Expected property name or '}')");
  });
});

Deno.test("lineColOf() counts 1-based lines and columns, clamped to the text", () => {
  assert.deepEqual(lineColOf("ab\ncd", 0), { line: 1, col: 1 });
  assert.deepEqual(lineColOf("ab\ncd", 4), { line: 2, col: 2 });
  assert.deepEqual(lineColOf("ab", 99), { line: 1, col: 3 });
});

Deno.test("readJsonFile() reads a file; read errors pass through unchanged", async (t) => {
  const dir = await Deno.makeTempDir();
  try {
    await t.step("valid file", async () => {
      const path = join(dir, "ok.json");
      await Deno.writeTextFile(path, '{"version": 1}');
      assert.deepEqual(await readJsonFile(path), { version: 1 });
    });
    await t.step("malformed file, named as shown", async () => {
      const path = join(dir, "bad.json");
      await Deno.writeTextFile(path, "[\n1,\n");
      await assert.rejects(
        () => readJsonFile(path, { shown: "bad.json" }),
        (error: unknown) =>
          error instanceof JsonSyntaxError && error.message === "bad.json:3:1: invalid JSON: " +
              "Unexpected end of JSON input",
      );
    });
    await t.step("missing file: Deno.errors.NotFound", async () => {
      await assert.rejects(() => readJsonFile(join(dir, "none.json")), Deno.errors.NotFound);
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
