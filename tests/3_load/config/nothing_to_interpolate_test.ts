/** @module A file whose text can hold nothing to interpolate skips the interpolation walk: the check is sound (property), and escapes that spell `$` or `_Env` still interpolate. */

import assert from "node:assert/strict";
import fc from "fast-check";
import { loadSuite } from "../../../src/3_load/config/load_suite.ts";
import { nothingToInterpolate } from "../../../src/3_load/config/normalize_tests.ts";
import { loadCarefulParser, parseYaml } from "../../../src/0_base/yaml/yaml_source.ts";
import { withFiles } from "./_helpers.ts";

await loadCarefulParser();

/** Every string and key of a value, walked. */
function* stringsAndKeys(value: unknown): Generator<{ text: string; key: boolean }> {
  if (typeof value === "string") yield { text: value, key: false };
  else if (Array.isArray(value)) { for (const item of value) yield* stringsAndKeys(item); }
  else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      yield { text: key, key: true };
      yield* stringsAndKeys(item);
    }
  }
}

Deno.test("nothingToInterpolate(): a text it passes parses to no `$` string and no `_Env` key (property)", () => {
  // Scalars written plain, single-quoted or double-quoted with the escapes YAML has for `$`, `_`.
  const piece = fc.constantFrom(
    "$",
    "{",
    "}",
    "a",
    "_Env",
    "Env",
    "_",
    "\\x24",
    "\\u0024",
    "\\x5f",
    "\\\\",
    " ",
  );
  const scalar = fc.array(piece, { maxLength: 6 }).map((p) => p.join(""));
  const written = fc.tuple(scalar, fc.constantFrom("plain", "single", "double")).map(([s, how]) =>
    how === "double"
      ? `"${s.replaceAll('"', "")}"`
      : how === "single"
      ? `'${s.replaceAll("'", "''")}'`
      : `x${s.replaceAll(/[#:'"{}\[\],&*!|>%@`]/g, "")}`
  );
  const entry = fc.tuple(written, written).map(([k, v]) => `${k}: ${v}`);
  fc.assert(
    fc.property(
      fc.uniqueArray(entry, { maxLength: 5, selector: (e) => e.split(": ")[0] }),
      (entries) => {
        const text = entries.map((e) => `${e}\n`).join("");
        if (!nothingToInterpolate(text)) return;
        let value: unknown;
        try {
          value = parseYaml(text, "p.yml").value;
        } catch {
          return; // not YAML (a duplicate key, an escape YAML refuses): nothing is loaded
        }
        for (const { text: s, key } of stringsAndKeys(value)) {
          assert.ok(!s.includes("$"), `a $ in ${JSON.stringify(s)} from ${JSON.stringify(text)}`);
          if (key) assert.ok(!s.endsWith("_Env"), `an _Env key from ${JSON.stringify(text)}`);
        }
      },
    ),
    { numRuns: 500 },
  );
});

Deno.test("a `$` or `_Env` spelled with a double-quoted escape is still interpolated", async () => {
  const suite = `servers:
  s:
    command: ["server"]
tools:
  - name: escaped dollar
    server: s
    tool: echo
    args:
      text: "\\x24{GREETING}"
      "token\\x5fEnv": TOKEN
`;
  await withFiles({ "s.yml": suite }, async (dir) => {
    const loaded = await loadSuite({
      paths: ["s.yml"],
      cwd: dir,
      env: { GREETING: "hello", TOKEN: "t-1" },
    });
    const call = loaded.tests[0]?.call;
    assert.deepEqual(call?.kind === "tool" && call.args, { text: "hello", token: "t-1" });
    assert.ok(loaded.secrets.includes("t-1"));
  });
});

Deno.test("a plain file's tests carry its values as written", async () => {
  const suite = `servers:
  s:
    command: ["server"]
tools:
  - name: plain
    server: s
    tool: echo
    args:
      text: hello
`;
  assert.equal(nothingToInterpolate(suite), true);
  await withFiles({ "s.yml": suite }, async (dir) => {
    const loaded = await loadSuite({ paths: ["s.yml"], cwd: dir, env: {} });
    const call = loaded.tests[0]?.call;
    assert.deepEqual(call?.kind === "tool" && call.args, { text: "hello" });
  });
});
