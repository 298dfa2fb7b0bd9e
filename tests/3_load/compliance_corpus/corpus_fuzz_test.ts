/** @module Fuzz (fast-check): a damaged compliance corpus (`compliance run --registry FILE`, corpus dirs) loads or is a load error at file:line:col (exit 2), never an internal error, a recursion overflow or a hang (#23); in-process. */

import assert from "node:assert/strict";
import fc from "fast-check";
import { parse, stringify } from "yaml";
import { loadCorpusDir } from "../../../src/3_load/compliance_corpus/load_dir.ts";
import { ConfigError, ConfigErrors } from "../../../src/0_base/errors/errors.ts";
import { damagedJson } from "../../_helpers/mutate.ts";

const SPEC = "https://modelcontextprotocol.io/specification/2024-11-05/basic/lifecycle";

/** A small valid corpus: two active rules of one revision and a retired one. */
const REGISTRY = `rules:
  - id: PROTO-001
    title: "initialize result carries serverInfo"
    area: PROTO
    cite:
      - revisions: v2024-11-05
        url: ${SPEC}#initialization
        sentence: "The server MUST respond with its own capabilities and information"
  - id: PROTO-004
    title: "an unknown version is answered with a supported one"
    area: PROTO
    cite:
      - revisions: v2024-11-05
        url: ${SPEC}#version-negotiation
        sentence: "the server MUST respond with another protocol version it supports"
  - id: EDGE-099
    title: "retired"
    area: EDGE
    deprecated: { since: v2024-11-05, reason: replaced by PROTO-001 }
    severity: SHOULD
    spec_url: ${SPEC}
`;

const RULES = `rules:
  - id: PROTO-001
    probe:
      kind: handshake
    expect:
      - target: result.serverInfo
        matcher:
          schema:
            type: object
            required: [name, version]
            properties:
              name: { type: string }
              version: { type: string }
  - id: PROTO-004
    probe:
      kind: fresh
      expect_id: proto-004
      frame: '{"jsonrpc":"2.0","id":"proto-004","method":"initialize","params":{"protocolVersion":"1999-01-01","capabilities":{},"clientInfo":{"name":"mcptest","version":"compliance"}}}'
    expect:
      - target: result.protocolVersion
        matcher:
          schema:
            type: string
            pattern: ^\\d{4}-\\d{2}-\\d{2}$
            not: { const: "1999-01-01" }
`;

/** Text damage of a YAML file: spliced, cut, a line dropped, indentation shifted, YAML oddities. */
function damagedYaml(good: string): fc.Arbitrary<string> {
  const asJson = JSON.stringify(parse(good));
  const text = fc.tuple(fc.nat(), fc.nat(), fc.string(), fc.nat(3)).map(([a, b, insert, how]) => {
    const [from, to] = [a % (good.length + 1), b % (good.length + 1)].sort((x, y) => x - y);
    if (how === 0) return good.slice(0, from) + insert + good.slice(to);
    if (how === 1) return good.slice(0, from);
    const lines = good.split("\n");
    if (how === 2) lines.splice(a % lines.length, 1);
    else lines[a % lines.length] = " ".repeat(1 + (b % 5)) + lines[a % lines.length];
    return lines.join("\n");
  });
  const odd = fc.constantFrom(
    // An alias bomb, a self-referencing alias, deep flow nesting, tags, merge keys, duplicates.
    `a: &a [x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b]\nrules: [*c, *c, *c, *c, *c, *c, *c, *c]\n`,
    "rules: &r\n  - *r\n",
    `rules: ${"[".repeat(5_000)}${"]".repeat(5_000)}\n`,
    `rules:\n${"  - ".repeat(2_000)}x\n`,
    "rules: !!binary aGVsbG8=\n",
    "rules:\n  - !!js/function 'x'\n",
    "rules:\n  - <<: { id: PROTO-001 }\n    <<: { id: PROTO-004 }\n",
    "rules:\n  - id: PROTO-001\n    id: PROTO-004\n",
    "rules:\n\t- id: PROTO-001\n",
    "\uFEFFrules: []\n",
    "rules:\n  - { __proto__: { polluted: true }, id: PROTO-001 }\n",
    "rules:\n  - id: PROTO-001\n    probe: { kind: constructor }\n    expect: []\n",
    "rules:\n  - id: toString\n",
    "---\nrules: []\n---\nrules: []\n",
    "",
    "\u0000",
  );
  return fc.oneof(
    { arbitrary: text, weight: 4 },
    { arbitrary: damagedJson(asJson), weight: 4 },
    { arbitrary: odd, weight: 2 },
    { arbitrary: fc.string().map((s) => `rules:\n  - ${s}\n`), weight: 1 },
  );
}

/** Write the corpus under `dir`, load it, and check the outcome is a corpus or a positioned load error. */
async function loadsOrRefuses(dir: string, registry: string, rules: string): Promise<void> {
  await Deno.writeTextFile(`${dir}/registry.yml`, registry);
  await Deno.writeTextFile(`${dir}/v2024-11-05/proto.yml`, rules);
  const shown = `--- registry.yml ---\n${registry.slice(0, 600)}\n--- proto.yml ---\n${
    rules.slice(0, 600)
  }`;
  let corpus;
  try {
    corpus = await loadCorpusDir(dir);
  } catch (error) {
    assert.ok(error instanceof ConfigErrors, `${error}\n${shown}`);
    assert.equal(error.exitCode, 2);
    assert.ok(error.errors.length > 0, "a refusal names a problem");
    for (const problem of error.errors) {
      assert.ok(problem instanceof ConfigError);
      assert.ok(problem.pos?.file.startsWith(dir), `no file in: ${problem.message}\n${shown}`);
      assert.doesNotMatch(problem.message, /TypeError|RangeError|Maximum call stack|undefined/);
    }
    return;
  }
  for (const revision of Object.values(corpus.revisions)) {
    for (const rule of revision.rules) {
      assert.equal(typeof rule.id, "string");
      assert.ok(corpus.registry[rule.id], `rule ${rule.id} has a registry entry`);
    }
  }
}

Deno.test("the small corpus the fuzz tests start from is valid", async () => {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-corpus-" });
  try {
    await Deno.mkdir(`${dir}/v2024-11-05`);
    await Deno.writeTextFile(`${dir}/registry.yml`, REGISTRY);
    await Deno.writeTextFile(`${dir}/v2024-11-05/proto.yml`, RULES);
    const corpus = await loadCorpusDir(dir);
    assert.deepEqual(Object.keys(corpus.registry), ["EDGE-099", "PROTO-001", "PROTO-004"]);
    assert.deepEqual(corpus.revisions["v2024-11-05"]!.rules.map((r) => r.id), [
      "PROTO-001",
      "PROTO-004",
    ]);
    // And a damaged one is refused with a position: the property below has teeth.
    await Deno.writeTextFile(`${dir}/v2024-11-05/proto.yml`, RULES.replace("handshake", "nope"));
    await assert.rejects(() => loadCorpusDir(dir), (error: ConfigErrors) => {
      assert.match(error.errors[0]!.message, /proto\.yml:\d+:\d+: .*nope/);
      return true;
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a damaged registry or rule file loads or is a load error at file:line:col, never an internal error", async () => {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-corpus-" });
  try {
    await Deno.mkdir(`${dir}/v2024-11-05`);
    await fc.assert(
      fc.asyncProperty(damagedYaml(REGISTRY), (text) => loadsOrRefuses(dir, text, RULES)),
      { numRuns: 120, seed: 2301 },
    );
    await fc.assert(
      fc.asyncProperty(damagedYaml(RULES), (text) => loadsOrRefuses(dir, REGISTRY, text)),
      { numRuns: 120, seed: 2302 },
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("random registry and rule documents load or are load errors, never an internal error", async () => {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-corpus-" });
  try {
    await Deno.mkdir(`${dir}/v2024-11-05`);
    const doc = fc.oneof(
      fc.jsonValue().map((value) => stringify({ rules: value })),
      fc.array(
        fc.dictionary(
          fc.constantFrom(
            "id",
            "probe",
            "expect",
            "title",
            "area",
            "cite",
            "severity",
            "deprecated",
            "spec_url",
            "requires",
            "kind",
          ),
          fc.jsonValue(),
        ),
        { maxLength: 4 },
      )
        .map((rules) => stringify({ rules })),
      fc.string().map((s) => s),
    );
    await fc.assert(
      fc.asyncProperty(doc, doc, (registry, rules) => loadsOrRefuses(dir, registry, rules)),
      { numRuns: 150, seed: 2303 },
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("corpus directories: unknown, empty and odd entries are load errors naming them", async () => {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-corpus-" });
  try {
    await Deno.mkdir(`${dir}/v2024-11-05`);
    await Deno.writeTextFile(`${dir}/registry.yml`, REGISTRY);
    await Deno.writeTextFile(`${dir}/v2024-11-05/proto.yml`, RULES);
    await Deno.mkdir(`${dir}/v1999-01-01`);
    await Deno.mkdir(`${dir}/v2024-11-05/sub.yml`); // a directory named like a rule file: skipped
    await Deno.writeTextFile(`${dir}/v2024-11-05/empty.yml`, "");
    await assert.rejects(() => loadCorpusDir(dir), (error: ConfigErrors) => {
      const messages = error.errors.map((e) => e.message).join("\n");
      assert.match(messages, /unknown corpus directory "v1999-01-01"/);
      assert.match(messages, /empty\.yml:1:1: a corpus file needs a rules: list/);
      return true;
    });
    await assert.rejects(
      () => loadCorpusDir(dir, { registryFile: `${dir}/missing.yml` }),
      (error: Error) => {
        assert.ok(error instanceof ConfigError || error instanceof ConfigErrors, String(error));
        assert.match(error.message, /missing\.yml:1:1: cannot read .*missing\.yml: no such file/);
        return true;
      },
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
