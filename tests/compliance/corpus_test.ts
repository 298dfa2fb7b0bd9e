/** @module The embedded corpus is current with compliance/ YAML; the build rejects bad rules; the diffs the seeds name are real. */

import assert from "node:assert/strict";
import {
  compileCorpus,
  GENERATED_PATH,
  renderCorpusJson,
} from "../../tools/build_compliance_corpus.ts";
import { COMPLIANCE_CORPUS } from "../../src/compliance/corpus/embedded.ts";
import { severityIn } from "../../src/compliance/corpus/severity.ts";
import { ConfigErrors } from "../../src/errors/errors.ts";

const ROOT = new URL("../../", import.meta.url).pathname;

Deno.test("compliance corpus: the embedded JSON is current (run deno task compliance:build-corpus)", async () => {
  const fresh = renderCorpusJson(await compileCorpus(`${ROOT}compliance`));
  assert.equal(await Deno.readTextFile(`${ROOT}${GENERATED_PATH}`), fresh);
});

Deno.test("compliance corpus: every rule has a spec URL and a registry entry", () => {
  for (const entry of Object.values(COMPLIANCE_CORPUS.registry)) {
    assert.match(entry.spec_url, /^https:\/\/modelcontextprotocol\.io\/specification\//);
  }
  for (const revision of Object.values(COMPLIANCE_CORPUS.revisions)) {
    for (const rule of revision.rules) assert.ok(COMPLIANCE_CORPUS.registry[rule.id], rule.id);
  }
});

Deno.test("compliance corpus: the seeds' moves are in the data", () => {
  const rule = (v: string, id: string) =>
    COMPLIANCE_CORPUS.revisions[v]!.rules.find((r) => r.id === id);
  assert.deepEqual(rule("v2025-11-25", "RES-002")!.expect[0]!.matcher, { exact: -32002 });
  assert.deepEqual(rule("v2026-07-28", "RES-002")!.expect[0]!.matcher, { exact: -32602 });
  assert.equal(rule("v2024-11-05", "SCHEMA-010"), undefined);
  assert.ok(rule("v2025-03-26", "SCHEMA-010"));
  assert.equal(rule("v2025-06-18", "SCHEMA-010"), undefined);
  assert.notDeepEqual(
    rule("v2024-11-05", "PROTO-002")!.expect,
    rule("v2025-06-18", "PROTO-002")!.expect,
  );
  assert.deepEqual(rule("v2024-11-05", "PROTO-008")!.expect, rule("draft", "PROTO-008")!.expect);
  assert.ok(rule("draft", "PROTO-010"));
});

async function badCorpus(ruleYaml: string, registryExtra = ""): Promise<string> {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.copyFile(`${ROOT}compliance/registry.yml`, `${dir}/registry.yml`);
    if (registryExtra) {
      await Deno.writeTextFile(`${dir}/registry.yml`, registryExtra, { append: true });
    }
    for (const v of Object.keys(COMPLIANCE_CORPUS.revisions)) await Deno.mkdir(`${dir}/${v}`);
    await Deno.writeTextFile(`${dir}/draft/x.yml`, ruleYaml);
    await compileCorpus(dir);
    return "";
  } catch (error) {
    assert.ok(error instanceof ConfigErrors);
    return error.message;
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("compliance corpus: the build rejects unknown ids, probe kinds, matchers and missing spec URLs", async () => {
  const ok =
    "rules:\n  - id: PROTO-007\n    probe: {kind: request, method: x}\n    expect: [{target: result, matcher: {exact: 1}}]\n";
  assert.equal(await badCorpus(ok), "");
  assert.match(
    await badCorpus(ok.replace("PROTO-007", "PROTO-999")),
    /x\.yml:2:\d+: rule id "PROTO-999" is not in compliance\/registry\.yml/,
  );
  assert.match(
    await badCorpus(ok.replace("kind: request", "kind: teleport")),
    /unknown probe kind "teleport"/,
  );
  assert.match(await badCorpus(ok.replace("exact: 1", "exactly: 1")), /unknown matcher "exactly"/);
  assert.match(
    await badCorpus(ok, "  - id: EDGE-900\n    title: t\n    area: EDGE\n    severity: MUST\n"),
    /spec_url must be a non-empty string/,
  );
});

Deno.test("compliance corpus: per-revision severities name corpus versions and RFC 2119 levels", async () => {
  const ok =
    "rules:\n  - id: PROTO-007\n    probe: {kind: request, method: x}\n    expect: [{target: result, matcher: {exact: 1}}]\n";
  const entry = (severities: string) =>
    `  - id: EDGE-900\n    title: t\n    area: EDGE\n    severity: MUST\n    severities: ${severities}\n    spec_url: https://modelcontextprotocol.io/specification/draft/x\n`;
  assert.equal(await badCorpus(ok, entry("{draft: SHOULD, v2024-11-05: MAY}")), "");
  assert.match(
    await badCorpus(ok, entry("{v2025-6-18: SHOULD}")),
    /registry\.yml:\d+:\d+: severities: unknown corpus version "v2025-6-18", expected one of: v2024-11-05/,
  );
  assert.match(
    await badCorpus(ok, entry("{draft: REQUIRED}")),
    /severity "REQUIRED" must be MUST, SHOULD or MAY/,
  );
  assert.match(await badCorpus(ok, entry("{}")), /severities must be a non-empty mapping/);
});

Deno.test("severityIn(): the revision override, else the registry default", () => {
  const entry = COMPLIANCE_CORPUS.registry["PROTO-008"]!;
  assert.equal(severityIn(entry, "v2024-11-05"), "SHOULD");
  assert.equal(severityIn(entry, "v2025-11-25"), "SHOULD");
  assert.equal(severityIn(entry, "v2026-07-28"), "MUST");
  assert.equal(severityIn(entry, "draft"), "MUST");
});

Deno.test("compliance corpus: the build checks fresh, repeat, http requests, setup and requires", async () => {
  const rule = (body: string) =>
    `rules:\n  - id: PROTO-007\n${body}\n    expect: [{target: result, matcher: {exact: 1}}]\n`;
  const good = [
    "    probe: {kind: fresh, frame: '{}', expect_id: 1}",
    "    probe: {kind: raw, frame: '{}', repeat: 2}",
    "    transport: http\n    probe: {kind: http, method: GET, path: /x, omit_credentials: true, before: [{method: DELETE}]}",
    "    probe: {kind: request, method: x}\n    setup: {method: prompts/list, pick: {name: 'result.prompts[0].name', args: {path: 'result.prompts[0].arguments', as: argument_values}}}",
    "    probe: {kind: request, method: x}\n    requires: authorization",
  ];
  for (const body of good) assert.equal(await badCorpus(rule(body)), "", body);
  const bad: [string, RegExp][] = [
    ["    probe: {kind: fresh}", /x\.yml:3:\d+: PROTO-007: a fresh probe needs a frame string/],
    ["    probe: {kind: raw, frame: x, repeat: 11}", /repeat 11 must be an integer from 1 to 10/],
    ["    probe: {kind: notification, method: x, repeat: 2}", /repeat is only for request and raw/],
    [
      "    transport: http\n    probe: {kind: http, method: GET, path: x}",
      /path must be a string starting with \//,
    ],
    [
      "    transport: http\n    probe: {kind: http, method: GET, before: [{method: PUT}]}",
      /an http request needs method GET, POST, DELETE, OPTIONS/,
    ],
    [
      "    transport: http\n    probe: {kind: http, method: GET, omit_credentials: yes}",
      /omit_credentials must be true or false/,
    ],
    ["    probe: {kind: request, method: x}\n    setup: {method: y}", /setup pick must map/],
    [
      "    probe: {kind: request, method: x}\n    setup: {method: y, pick: {a: {path: result, as: everything}}}",
      /pick a must be a target or \{path: <target>, as: argument_values \| required_names\}/,
    ],
    [
      "    probe: {kind: request, method: x}\n    requires: magic",
      /requires "magic", expected one of: authorization/,
    ],
  ];
  for (const [body, expected] of bad) assert.match(await badCorpus(rule(body)), expected, body);
});
