/** @module Property tests: for random run records and secrets, redaction keeps the record and hides every form. */

import assert from "node:assert/strict";
import fc from "fast-check";
import { redactionMark } from "../../src/0_base/redaction/redact.ts";
import { redactRecord } from "../../src/4_record/redact_record.ts";
import { RECORD_ENUM_PATHS } from "../../src/4_record/redact_record.ts";
import type { RunRecord, TestResult } from "../../src/4_record/run_record.ts";
import { secretForms } from "../../src/0_base/redaction/secret_forms.ts";
import { summarize } from "../../src/4_record/summary.ts";
import { checkRunRecord, parseRunRecord } from "../../src/4_record/validate.ts";

const STATUS = ["pass", "fail", "skip", "error"] as const;
const LAYERS = [
  "dns",
  "tcp",
  "tls",
  "http",
  "auth",
  "initialize",
  "readiness",
  "spawn",
  "framing",
] as const;
const SOURCES = [
  "cli flag",
  "server-config",
  "mcptest.local.yml",
  "mcptest.yml",
  "test file",
] as const;
const BUDGETS = [
  "max_duration_ms",
  "max_response_tokens",
  "response_headers",
  "response_headers_absent",
] as const;

/** Secrets of every length, one letter included, with JSON- and URL-special characters. */
const anySecret = fc.oneof(
  fc.string({ minLength: 1, maxLength: 1 }),
  fc.string({ minLength: 1, maxLength: 1, unit: "binary" }),
  fc.string({ minLength: 2, maxLength: 10 }),
  fc.string({
    minLength: 1,
    maxLength: 8,
    unit: fc.constantFrom("a", "\n", '"', "\\", " ", "+", "%", "/", "é", "€"),
  }),
  fc.constantFrom(
    '-----BEGIN KEY-----\nMIIB"x\\y\n-----END KEY-----',
    "test",
    "pass",
    "name",
    "tok",
  ),
);

/** A run record whose free strings are random text with forms of the secrets mixed in. */
function recordWith(text: fc.Arbitrary<string>): fc.Arbitrary<RunRecord> {
  const status = fc.constantFrom(...STATUS);
  const n = fc.nat({ max: 5000 });
  const failure = fc.record({ layer: fc.constantFrom(...LAYERS), message: text }, {
    requiredKeys: ["message"],
  });
  const assertion = fc.record({
    target: text,
    matcher: fc.constantFrom("exact", "regex", "not regex", "snapshot"),
    status,
    expected: text,
    actual: text,
    message: text,
    line: n,
    col: n,
  }, { requiredKeys: ["target", "matcher", "status", "expected", "actual", "line", "col"] });
  const budget = fc.record({
    budget: fc.constantFrom(...BUDGETS),
    status,
    limit: text,
    actual: text,
    message: text,
    line: n,
    col: n,
  }, { requiredKeys: ["budget", "status", "limit", "actual", "line", "col"] });
  const test = fc.record({
    id: text,
    name: text,
    kind: fc.constantFrom("tool", "resource", "prompt", "compliance", "gate"),
    server: text,
    file: text,
    line: n,
    col: n,
    status,
    durationMs: n,
    assertions: fc.array(assertion, { maxLength: 3 }),
    budgets: fc.array(budget, { maxLength: 2 }),
    failure,
    skipReason: text,
    rule: fc.record({
      id: text,
      revision: text,
      severity: fc.constantFrom("MUST", "SHOULD", "MAY"),
      specUrl: text,
    }),
  }, {
    requiredKeys: [
      "id",
      "name",
      "kind",
      "server",
      "file",
      "line",
      "col",
      "status",
      "durationMs",
      "assertions",
      "budgets",
    ],
  }) as fc.Arbitrary<TestResult>;
  const server = fc.record({
    name: text,
    key: text,
    target: text.map((t) => `stdio://${t}`),
    source: fc.constantFrom(...SOURCES),
    status: fc.constantFrom("connected", "failed", "unused"),
    protocolVersion: text,
    failure,
  }, { requiredKeys: ["name", "key", "target", "source", "status"] });
  return fc.record({
    files: fc.array(text, { maxLength: 3 }),
    servers: fc.array(server, { maxLength: 3 }),
    tests: fc.array(test, { maxLength: 4 }),
    durationMs: n,
  }).map(({ files, servers, tests, durationMs }) => ({
    version: 1,
    tool: { name: "mcptest", version: "0.1.0" },
    startedAt: "2026-03-01T12:00:00.000Z",
    durationMs,
    files,
    servers,
    tests,
    summary: summarize(tests),
  }));
}

/** Random text: pieces of `fragment` and forms of the secrets, joined. */
function textWith(
  secrets: readonly string[],
  fragment: fc.Arbitrary<string>,
): fc.Arbitrary<string> {
  const forms = secrets.flatMap(secretForms);
  return fc.array(fc.oneof(fragment, fc.constantFrom(...forms)), { maxLength: 4 }).map((p) =>
    p.join("")
  );
}

const scenario = fc.array(anySecret, { minLength: 1, maxLength: 3 }).chain((secrets) =>
  recordWith(textWith(secrets, fc.string({ maxLength: 8 }))).map((record) => ({ secrets, record }))
);

interface Pair {
  readonly path: string;
  readonly before: unknown;
  readonly after: unknown;
}

/** Walk the original and the redacted value side by side: same keys, same shape, yield leaves. */
function* leaves(before: unknown, after: unknown, path = ""): Generator<Pair> {
  if (Array.isArray(before)) {
    assert.ok(Array.isArray(after), path);
    assert.equal(after.length, before.length, path);
    for (let i = 0; i < before.length; i++) yield* leaves(before[i], after[i], `${path}[]`);
  } else if (before !== null && typeof before === "object") {
    assert.ok(after !== null && typeof after === "object" && !Array.isArray(after), path);
    assert.deepEqual(Object.keys(after), Object.keys(before), path);
    for (const [k, v] of Object.entries(before)) {
      yield* leaves(v, (after as Record<string, unknown>)[k], path === "" ? k : `${path}.${k}`);
    }
  } else yield { path, before, after };
}

/** Whether every character of `run` lies inside some occurrence of a form within `run`. */
function coveredByForms(run: string, forms: readonly string[]): boolean {
  const covered = new Array<boolean>(run.length).fill(false);
  for (const f of forms) {
    for (let at = run.indexOf(f); at !== -1; at = run.indexOf(f, at + 1)) {
      covered.fill(true, at, at + f.length);
    }
  }
  return run.length > 0 && covered.every(Boolean);
}

/**
 * Whether `before` is `after` with each mark standing for a non-empty run made only of secret
 * forms: then every byte that is not part of a secret was kept, in order. (Searches every way of
 * placing the runs.)
 */
function keptEveryOtherByte(before: string, after: string, mark: string, forms: readonly string[]) {
  if (mark === "") return true; // deletion fallback: covered by the no-form property only
  const memo = new Map<number, boolean>();
  // Does before[i..] read as after[j..], each mark in after standing for a covered run?
  const fits = (i: number, j: number): boolean => {
    const key = i * (after.length + 1) + j;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let ok = i === before.length && j === after.length;
    if (!ok && j < after.length && before[i] === after[j]) ok = fits(i + 1, j + 1);
    if (!ok && after.startsWith(mark, j)) {
      for (let end = i + 1; end <= before.length && !ok; end++) {
        ok = coveredByForms(before.slice(i, end), forms) && fits(end, j + mark.length);
      }
    }
    memo.set(key, ok);
    return ok;
  };
  return fits(0, 0);
}

Deno.test("redactRecord() on random records and secrets (one-letter included)", async (t) => {
  await t.step("keeps the record valid: shape, keys, numbers, enums and summary", () => {
    fc.assert(
      fc.property(scenario, ({ secrets, record }) => {
        const out = redactRecord(record, secrets);
        const reparsed = parseRunRecord(JSON.stringify(out), "redacted");
        checkRunRecord(reparsed, "redacted");
        assert.deepEqual(reparsed.summary, record.summary);
        for (const { path, before, after } of leaves(record, out)) {
          if (typeof before !== "string" || RECORD_ENUM_PATHS.has(path)) {
            assert.deepEqual(after, before, path);
          }
        }
      }),
      { numRuns: 200 },
    );
  });
  await t.step(
    "leaves no form of any secret in a free-text value, and keeps every other byte",
    () => {
      fc.assert(
        fc.property(scenario, ({ secrets, record }) => {
          const mark = redactionMark(secrets);
          const forms = secrets.flatMap(secretForms);
          const out = redactRecord(record, secrets);
          for (const { path, before, after } of leaves(record, out)) {
            if (typeof before !== "string" || RECORD_ENUM_PATHS.has(path)) continue;
            assert.equal(typeof after, "string");
            for (const form of forms) {
              assert.ok(
                !(after as string).includes(form),
                `${path}: ${JSON.stringify(after)} holds ${JSON.stringify(form)}`,
              );
            }
            assert.ok(
              keptEveryOtherByte(before, after as string, mark, forms),
              `${path}: ${JSON.stringify(before)} -> ${JSON.stringify(after)}`,
            );
          }
        }),
        { numRuns: 300 },
      );
    },
  );
  await t.step(
    "JSON.stringify(result) holds no form of the secret (secrets outside the record's vocabulary)",
    () => {
      // Secrets built from characters that the record's keys, enums, numbers, escapes and the mark
      // never contain, and text built from characters no such secret form contains: then any form
      // in the serialized result could only come from a secret that was not redacted.
      const secretChar = fc.constantFrom(
        "é",
        "€",
        '"',
        "\\",
        "\n",
        "\t",
        "+",
        "%",
        "/",
        "😀",
        "ß",
        "&",
        "=",
        "~",
      );
      const vocabSafe = fc.array(fc.string({ minLength: 1, maxLength: 6, unit: secretChar }), {
        minLength: 1,
        maxLength: 3,
      });
      const fragment = fc.string({
        maxLength: 8,
        unit: fc.constantFrom(..."abcxyzABC019-_.:;, ()!?"),
      });
      const safeScenario = vocabSafe.chain((secrets) =>
        recordWith(textWith(secrets, fragment)).map((record) => ({ secrets, record }))
      );
      fc.assert(
        fc.property(safeScenario, ({ secrets, record }) => {
          const serialized = JSON.stringify(redactRecord(record, secrets));
          for (const form of secrets.flatMap(secretForms)) {
            // How the form would read inside the serialized JSON.
            const shown = JSON.stringify(form).slice(1, -1);
            assert.ok(!serialized.includes(shown), `${JSON.stringify(shown)} in ${serialized}`);
          }
        }),
        { numRuns: 200 },
      );
    },
  );
});
