/**
 * @module mcptest's POSIX paths give `node:path.posix`'s answers, on generated paths: the same
 * strings for every function mcptest uses, slashes doubled and trailing, dots and dot-dots.
 */

import assert from "node:assert/strict";
import { posix as node } from "node:path";
import fc from "fast-check";
import { posix } from "../../../src/0_base/util/path.ts";

const segment = fc.constantFrom(
  "a",
  "b",
  "cd",
  ".",
  "..",
  "...",
  "",
  "x.js",
  ".env",
  "a.b.c",
  "e.",
);
const path = fc.tuple(
  fc.boolean(),
  fc.array(fc.tuple(segment, fc.constantFrom("/", "//")), { maxLength: 5 }),
  fc.constantFrom("", "/", "//"),
).map(([rooted, parts, tail]) =>
  (rooted ? "/" : "") + parts.map(([s, slash]) => s + slash).join("").replace(/\/+$/, "") + tail
);
const suffix = fc.constantFrom(".js", "js", "b", "x.js", ".env", ".", "", "a.b.c", "/");
const RUNS = { numRuns: 2000 };

Deno.test("one-path functions answer as node:path.posix", () => {
  fc.assert(
    fc.property(path, (p) => {
      for (const name of ["dirname", "basename", "extname", "isAbsolute", "normalize"] as const) {
        assert.equal(posix[name](p), node[name](p), `${name}(${JSON.stringify(p)})`);
      }
    }),
    RUNS,
  );
});

Deno.test("basename with a suffix answers as node:path.posix", () => {
  fc.assert(
    fc.property(path, suffix, (p, s) => {
      assert.equal(posix.basename(p, s), node.basename(p, s), JSON.stringify([p, s]));
      const ext = node.extname(p);
      assert.equal(posix.basename(p, ext), node.basename(p, ext), JSON.stringify([p, ext]));
    }),
    RUNS,
  );
});

Deno.test("join, resolve and relative answer as node:path.posix", () => {
  fc.assert(
    fc.property(fc.array(path, { maxLength: 4 }), path, path, (parts, from, to) => {
      assert.equal(posix.join(...parts), node.join(...parts), `join ${JSON.stringify(parts)}`);
      assert.equal(
        posix.resolve(...parts),
        node.resolve(...parts),
        `resolve ${JSON.stringify(parts)}`,
      );
      assert.equal(posix.relative(from, to), node.relative(from, to), JSON.stringify([from, to]));
    }),
    RUNS,
  );
});

Deno.test("examples: the answers mcptest relies on", () => {
  assert.equal(
    posix.join("tests", "cassettes", "suite__items.json"),
    "tests/cassettes/suite__items.json",
  );
  assert.equal(posix.relative("/w/p", "/w/p/tests/a.yml"), "tests/a.yml");
  assert.equal(posix.relative("/w/p", "/w/q"), "../q");
  assert.equal(posix.resolve("/w/p", "../q", "./r/"), "/w/q/r");
  assert.equal(posix.resolve("a"), `${Deno.cwd()}/a`);
  assert.equal(posix.dirname("/a/b/"), "/a");
  assert.equal(posix.basename("dir/suite.yml", ".yml"), "suite");
  assert.equal(posix.extname("archive.tar.gz"), ".gz");
  assert.equal(posix.extname(".env"), "");
  assert.equal(posix.sep, "/");
});
