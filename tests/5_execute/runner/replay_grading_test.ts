/** @module A replayed test is graded against its expected values redacted as the cassette redacted the response: the verdict is the live one for every matcher that sees the secret (issue #23 item 6). */

import assert from "node:assert/strict";
import fc from "fast-check";
import { compileMatcher } from "../../../src/1_matchers/registry.ts";
import type { MatchContext, MatcherSpec } from "../../../src/1_matchers/types.ts";
import { createRedactor } from "../../../src/0_base/redaction/redactor.ts";
import { redactMatcherSpec } from "../../../src/5_execute/runner/redact_expected.ts";
import { cassetteSecrets, gradeAsRecorded } from "../../../src/5_execute/runner/replay_grading.ts";
import { prepareTests } from "../../../src/5_execute/runner/prepare.ts";
import { redactCassette } from "../../../src/2_connect/cassette/store.ts";
import type { Suite, TestCase } from "../../../src/3_load/config/types.ts";
import type { ServerEndpoint } from "../../../src/2_connect/session/types.ts";
import { loadSchemaEngine } from "../../../src/1_matchers/schema.ts";

// Matchers are compiled here directly, not behind a run or a load that loads the engine.
await loadSchemaEngine();

const CONTEXT: MatchContext = { suiteDir: "/nonexistent", updateSnapshots: false };
const POS = { file: "suite.yml", line: 1, col: 1 };

/** The value a replay hands the matcher: the response as the cassette stored it. */
function replayedValue(value: unknown, secrets: readonly string[]): unknown {
  const cassette = {
    format: "mcptest-cassette",
    version: 1 as const,
    exchanges: [{ result: value }],
  };
  return (redactCassette(cassette, secrets) as typeof cassette).exchanges[0]!.result;
}

async function verdict(spec: MatcherSpec, value: unknown): Promise<boolean> {
  return (await compileMatcher(spec).match(value, CONTEXT)).pass;
}

/** Live verdict, the verdict replay gave before the fix, and the verdict it gives now. */
async function verdicts(name: string, arg: unknown, value: unknown, secrets: string[]) {
  const spec = { name, arg, pos: POS };
  const replayed = replayedValue(value, secrets);
  return {
    live: await verdict(spec, value),
    unredacted: await verdict(spec, replayed),
    replay: await verdict(redactMatcherSpec(spec, createRedactor(secrets)), replayed),
  };
}

// `.` and `/` are JSON- and URL-special; a pattern reads `.` as any character, which matches it too.
const SECRET = "s3cr3t.T0KEN_value/8641";
const TEXT = `echo:${SECRET} done`;

/** One case per matcher kind: a passing and a failing expected value on the same response. */
const CASES: ReadonlyArray<[string, unknown, unknown, unknown]> = [
  ["exact", TEXT, TEXT, `echo:${SECRET} don`],
  ["contains", { text: TEXT, type: "text" }, { text: TEXT }, { text: `${SECRET}` }],
  ["subset", { [SECRET]: TEXT }, { [SECRET]: TEXT, x: 1 }, { [SECRET]: "other" }],
  ["regex", TEXT, `^echo:${SECRET} done$`, `^${SECRET}`],
  ["icontains", TEXT, `ECHO:${SECRET}`, `echo:${SECRET}!`],
  ["starts-with", TEXT, `echo:${SECRET}`, SECRET],
  ["contains-all", TEXT, ["echo:", `${SECRET} done`], ["echo:", `${SECRET}!`]],
  ["contains-any", TEXT, ["nope", `:${SECRET} `], ["nope", `${SECRET}!`]],
  ["levenshtein", TEXT, { value: `echo:${SECRET} dome`, max_distance: 1 }, {
    value: `echo:${SECRET} dime!`,
    max_distance: 1,
  }],
  ["schema", TEXT, { type: "string", const: TEXT }, { const: `${TEXT}!` }],
  ["schema", TEXT, { enum: ["x", TEXT] }, { enum: ["x", SECRET] }],
  ["schema", TEXT, { pattern: `^echo:${SECRET} ` }, { pattern: `^${SECRET}` }],
  ["schema", { [SECRET]: 1, k: SECRET }, {
    properties: { [SECRET]: { const: 1 }, k: { const: SECRET } },
    required: [SECRET],
    patternProperties: { [`^${SECRET}$`]: { type: "integer" } },
  }, { required: [`${SECRET}x`] }],
  ["is-json", JSON.stringify({ k: SECRET }), { schema: { properties: { k: { const: SECRET } } } }, {
    schema: { properties: { k: { const: `${SECRET}x` } } },
  }],
  ["not", TEXT, { exact: `echo:${SECRET} don` }, { regex: `^echo:${SECRET}` }],
];

Deno.test("replay grades like live for every matcher kind: passes stay passes, failures stay failures", async (t) => {
  for (const [name, value, good, bad] of CASES) {
    await t.step(`${name} ${JSON.stringify(good).slice(0, 50)}`, async () => {
      const pass = await verdicts(name, good, value, [SECRET]);
      assert.equal(pass.live, true, "good expected passes live");
      assert.equal(pass.replay, true, "good expected passes in replay");
      const fail = await verdicts(name, bad, value, [SECRET]);
      assert.equal(fail.live, false, "bad expected fails live");
      assert.equal(fail.replay, false, "bad expected fails in replay");
      // Graded as written (before the fix), replay gave another verdict.
      assert.ok(
        pass.unredacted !== pass.live || fail.unredacted !== fail.live,
        "the case shows the bug",
      );
    });
  }
});

Deno.test("property: for random secrets and texts around them, replay gives the live verdict", async () => {
  const secret = fc.oneof(
    fc.string({ minLength: 4, maxLength: 12 }).filter((s) => s.trim().length >= 4),
    fc.constantFrom(
      "pass",
      "a.b*c",
      "[tok]",
      'x\\y"z',
      "-----BEGIN KEY-----\nabc\n-----END KEY-----",
    ),
  );
  const around = fc.string({ maxLength: 8 });
  await fc.assert(
    fc.asyncProperty(secret, around, around, around, async (secret, before, after, other) => {
      // The texts around the secret must not hold part of a form of it (the documented limit).
      fc.pre(createRedactor([secret]).text(before + after + other) === before + after + other);
      const text = before + secret + after;
      const kinds: Array<[string, unknown]> = [
        ["exact", text],
        ["exact", other + secret + after],
        ["contains", [text]],
        // A secret written into a pattern is taken literally in replay (documented): inert ones only.
        ...(/^[\w ]+$/.test(secret)
          ? [["regex", `^${escape(before)}${secret}`] as [string, string]]
          : []),
        ["starts-with", before + secret],
        ["contains-all", [secret + after, before]],
        ["schema", { const: text }],
      ];
      for (const [name, arg] of kinds) {
        const value = name === "contains" ? [text, 1] : text;
        const spec = { name, arg, pos: POS };
        let live: boolean;
        try {
          live = await verdict(spec, value);
        } catch {
          continue; // not a valid pattern: a load error, not a verdict
        }
        const replayed = replayedValue(value, [secret]);
        const replay = await verdict(redactMatcherSpec(spec, createRedactor([secret])), replayed);
        assert.equal(replay, live, `${name} ${JSON.stringify(arg)} on ${JSON.stringify(value)}`);
      }
    }),
    { numRuns: 150, seed: 23 },
  );
});

function escape(text: string): string {
  return text.replace(/[^\w]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

const SERVER: ServerEndpoint = {
  key: "api",
  name: "api",
  timeoutMs: 1000,
  target: {
    kind: "http",
    url: "http://127.0.0.1:1/mcp",
    headers: { "x-api-key": "plain-header-value" },
  } as unknown as ServerEndpoint["target"],
};

function testCase(assertions: TestCase["assertions"], budgets: TestCase["budgets"]): TestCase {
  return {
    id: "suite.yml::tool::t",
    name: "t",
    kind: "tool",
    serverKey: "api",
    call: { kind: "tool", tool: "echo", args: { text: SECRET } },
    assertions,
    budgets,
    file: "suite.yml",
    pos: POS,
    order: 0,
  } as unknown as TestCase;
}

Deno.test("gradeAsRecorded redacts matcher arguments and response_headers values, keeps the call", () => {
  const test = testCase(
    [{
      kind: "assertion",
      target: "result",
      matcher: { name: "exact", arg: SECRET, pos: POS },
      pos: POS,
    }],
    [{ kind: "response_headers", headers: { "x-echo": `Bearer ${SECRET}` }, pos: POS }],
  );
  const suite = { files: [], servers: {}, tests: [test], secrets: [] } as unknown as Suite;
  const [graded] = gradeAsRecorded(prepareTests(suite), [SECRET]);
  assert.equal(graded!.test.assertions[0]!.matcher.arg, "[REDACTED]");
  assert.deepEqual(graded!.test.budgets[0], {
    kind: "response_headers",
    headers: { "x-echo": "Bearer [REDACTED]" },
    pos: POS,
  });
  assert.deepEqual(graded!.test.call, test.call, "the request is sent as written");
  // Without secrets nothing changes (the same objects).
  const prepared = prepareTests(suite);
  assert.equal(gradeAsRecorded(prepared, []), prepared);
});

Deno.test("cassetteSecrets: the run's secrets plus an HTTP server's header values, none empty", () => {
  assert.deepEqual(cassetteSecrets(SERVER, ["a-token", ""]), ["a-token", "plain-header-value"]);
  const stdio = { ...SERVER, target: { kind: "stdio" } } as unknown as ServerEndpoint;
  assert.deepEqual(cassetteSecrets(stdio, ["a-token"]), ["a-token"]);
});

Deno.test("a one-letter secret whose mark is not [REDACTED] still grades like live", async () => {
  // `E` rules out [REDACTED] and [SECRET]: the mark becomes [HIDDEN]; a pattern escapes it.
  const result = await verdicts("regex", "xEy", "^xEy$", ["E"]);
  assert.deepEqual(result, { live: true, unredacted: false, replay: true });
});
