/** @module parseYaml(): values, syntax errors at file:line:col, and the path -> position lookup. */

import assert from "node:assert/strict";
import { ConfigErrors } from "../../../src/0_base/errors/errors.ts";
import {
  describePath,
  loadCarefulParser,
  parseYaml,
  pathFromPointer,
} from "../../../src/0_base/yaml/yaml_source.ts";

// These documents are parsed directly (not through loadSuite, which loads it when needed).
await loadCarefulParser();

const TEXT = `servers:
  local:
    command: ["a", "b"]
    env:
      empty:
base: &base { url: "http://h/" }
copy: *base
tools:
  - name: first
    tool: echo
`;

Deno.test("parseYaml() returns plain values in the YAML 1.2 core schema", () => {
  const source = parseYaml("version: 2025-06-18\nflag: yes\nn: 0x10\n", "f.yml");
  assert.deepEqual(source.value, { version: "2025-06-18", flag: "yes", n: 16 });
  assert.equal(parseYaml("", "f.yml").value, null);
});

Deno.test("parseYaml() maps paths to positions", async (t) => {
  const { positionOf } = parseYaml(TEXT, "f.yml");
  const at = (line: number, col: number) => ({ file: "f.yml", line, col });

  await t.step("value positions of mappings, sequences and scalars", () => {
    assert.deepEqual(positionOf([]), at(1, 1));
    assert.deepEqual(positionOf(["servers", "local"]), at(3, 5));
    assert.deepEqual(positionOf(["servers", "local", "command", 1]), at(3, 20));
    assert.deepEqual(positionOf(["tools", "0", "tool"]), at(10, 11));
  });

  await t.step("key positions (for unknown-key errors)", () => {
    assert.deepEqual(positionOf(["servers", "local"], "key"), at(2, 3));
    assert.deepEqual(positionOf(["tools", 0, "name"], "key"), at(9, 5));
  });

  await t.step("an empty value points at its key", () => {
    assert.deepEqual(positionOf(["servers", "local", "env", "empty"]), at(5, 7));
  });

  await t.step("aliases are followed", () => {
    assert.deepEqual(positionOf(["copy", "url"]), at(6, 20));
  });

  await t.step("a path past the document gives the deepest node found", () => {
    assert.deepEqual(positionOf(["servers", "local", "missing", "deeper"]), at(3, 5));
    assert.deepEqual(positionOf(["tools", 5]), at(9, 3));
  });
});

Deno.test("parseYaml() reports every syntax error at file:line:col", () => {
  assert.throws(() => parseYaml("a: 1\na: 2\nb:\n\t- x\n", "dup.yml"), (error: unknown) => {
    assert.ok(error instanceof ConfigErrors);
    assert.deepEqual(error.errors.map((e) => e.message), [
      "dup.yml:2:1: invalid YAML: Map keys must be unique",
      "dup.yml:4:1: invalid YAML: Tabs are not allowed as indentation",
    ]);
    return true;
  });
  assert.throws(
    () => parseYaml("a: 1\n---\nb: 2\n", "multi.yml"),
    /multi\.yml:2:1: invalid YAML: Source contains multiple documents/,
  );
});

Deno.test("pathFromPointer() and describePath() convert ajv paths", () => {
  assert.deepEqual(pathFromPointer(""), []);
  assert.deepEqual(pathFromPointer("/tools/0/args/a~1b~0c"), ["tools", "0", "args", "a/b~c"]);
  assert.equal(
    describePath(["tools", 0, "expect", "1", "max_duration_ms"]),
    "tools[0].expect[1].max_duration_ms",
  );
});
