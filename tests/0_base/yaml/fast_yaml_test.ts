import assert from "node:assert/strict";
import { fastParse } from "../../../src/0_base/yaml/fast_yaml.ts";
import {
  loadCarefulParser,
  parseCarefully,
  parseYaml,
} from "../../../src/0_base/yaml/yaml_source.ts";

// These documents are parsed directly (not through loadSuite, which loads it when needed).
await loadCarefulParser();

/** Every YAML file under examples/ and compliance/: real shapes, comments, flow and block styles. */
function samples(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of Deno.readDirSync(dir)) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory && path !== "examples/ci") walk(path);
      else if (/\.ya?ml$/.test(entry.name)) out.push(path);
    }
  };
  walk("examples"); // but examples/ci/: GitHub and GitLab workflows, never loaded by mcptest
  walk("compliance");
  return out;
}

Deno.test("fastParse() gives the careful parser's value and node positions on every example and corpus file", () => {
  for (const path of samples()) {
    const text = Deno.readTextFileSync(path);
    const fast = fastParse(text);
    if (/&\w/.test(text)) {
      assert.equal(fast, undefined, `${path} has anchors: the careful parser decides`);
      continue;
    }
    assert.ok(fast, `${path} takes the fast path`);
    const careful = parseCarefully(text, path);
    assert.deepEqual(fast.value, careful.value, path);
    const walk = (node: unknown, at: (string | number)[]) => {
      if (node === null || typeof node !== "object") return;
      const pos = fast.positionOf(node);
      const want = careful.positionOf(at);
      assert.deepEqual(pos, { line: want.line, col: want.col }, `${path} ${JSON.stringify(at)}`);
      for (const [key, child] of Object.entries(node)) {
        walk(child, [...at, Array.isArray(node) ? Number(key) : key]);
      }
    };
    walk(fast.value, []);
  }
});

Deno.test("fastParse() leaves anchors and invalid YAML to the careful parser, which reports the error", () => {
  assert.equal(fastParse("a: &x {b: 1}\nc: *x\n"), undefined);
  assert.equal(fastParse("a: 1\na: 2\n"), undefined);
  assert.equal(fastParse("a: [1, 2\n"), undefined);
  assert.throws(() => parseYaml("a: 1\na: 2\n", "dup.yml"), /dup\.yml:2:1: invalid YAML/);
  assert.deepEqual(parseYaml("x: 2025-06-18\ny: yes\n", "t.yml").value, {
    x: "2025-06-18",
    y: "yes",
  });
});

Deno.test("parseYaml() answers every key and value position exactly as the careful parser does", () => {
  for (const path of samples()) {
    const text = Deno.readTextFileSync(path);
    const quick = parseYaml(text, path);
    const careful = parseCarefully(text, path);
    const walk = (node: unknown, at: (string | number)[]) => {
      if (at.length > 0) {
        assert.deepEqual(
          quick.positionOf(at),
          careful.positionOf(at),
          `${path} ${JSON.stringify(at)}`,
        );
        if (typeof at.at(-1) === "string") {
          assert.deepEqual(
            quick.positionOf(at, "key"),
            careful.positionOf(at, "key"),
            `${path} key ${JSON.stringify(at)}`,
          );
        }
      }
      if (node === null || typeof node !== "object") return;
      for (const [key, child] of Object.entries(node)) {
        walk(child, [...at, Array.isArray(node) ? Number(key) : key]);
      }
    };
    walk(quick.value, []);
  }
});
