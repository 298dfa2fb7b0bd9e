/** @module The embedded corpus is current with compliance/ YAML; the build rejects bad rules; the diffs the seeds name are real. */

import assert from "node:assert/strict";
import {
  compileCorpus,
  GENERATED_PATH,
  renderCorpusJson,
} from "../../../tools/build_compliance_corpus.ts";
import { COMPLIANCE_CORPUS } from "../../../src/3_load/compliance_corpus/embedded.ts";
import { severityIn } from "../../../src/3_load/compliance_corpus/severity.ts";
import { ConfigErrors } from "../../../src/0_base/errors/errors.ts";
import {
  citationFor,
  isExtensionSpecUrl,
} from "../../../src/3_load/compliance_corpus/citations.ts";

const ROOT = new URL("../../../", import.meta.url).pathname;

Deno.test("compliance corpus: the embedded JSON is current (run deno task compliance:build-corpus)", async () => {
  const fresh = renderCorpusJson(await compileCorpus(`${ROOT}compliance`));
  assert.equal(await Deno.readTextFile(`${ROOT}${GENERATED_PATH}`), fresh);
});

Deno.test("compliance corpus: every rule has a spec URL and a registry entry", () => {
  for (const entry of Object.values(COMPLIANCE_CORPUS.registry)) {
    // The core spec, or an official extension's own (the APPS rules cite MCP Apps' apps.mdx).
    assert.ok(
      /^https:\/\/modelcontextprotocol\.io\/specification\//.test(entry.spec_url) ||
        (entry.area === "APPS" && isExtensionSpecUrl(entry.spec_url)),
      `${entry.id}: ${entry.spec_url}`,
    );
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
    /EDGE-900 has no cited spec sentence: add cite:/,
  );
});

const CITE_URL = "https://modelcontextprotocol.io/specification/2025-11-25/server/tools";
const citing = (cite: string, extra = "") =>
  `  - id: EDGE-900\n    title: t\n    area: EDGE\n${extra}    cite:\n${cite}`;
const citeOf = (revisions: string, sentence: string, more = "") =>
  `      - revisions: ${revisions}\n        url: ${CITE_URL}\n        sentence: ${
    JSON.stringify(sentence)
  }\n${more}`;
const PROTO_007 =
  "rules:\n  - id: PROTO-007\n    probe: {kind: request, method: x}\n    expect: [{target: result, matcher: {exact: 1}}]\n";
const EDGE_900 = (v: string) =>
  `rules:\n  - id: EDGE-900\n    probe: {kind: request, method: x}\n    expect: [{target: result, matcher: {exact: 1}}]\n`
    .replace("rules:", `# ${v}\nrules:`);

Deno.test("compliance corpus: every rule cites its sentence; the severity is the sentence's keyword", async (t) => {
  await t.step("a cited rule builds, its severity per revision from the keywords", async () => {
    const reg = citing(
      // CITE_URL is a 2025-11-25 page: no range may start before that revision.
      citeOf("v2025-11-25", "Servers SHOULD return -32602.") +
        citeOf("v2026-07-28..draft", "Servers MUST return -32602."),
    );
    assert.equal(await badCorpus(PROTO_007, reg), "");
  });
  await t.step("a rule with no sentence fails the build", async () => {
    assert.match(
      await badCorpus(PROTO_007, "  - id: EDGE-900\n    title: t\n    area: EDGE\n"),
      /registry\.yml:\d+:\d+: EDGE-900 has no cited spec sentence/,
    );
  });
  await t.step("a revision the rule runs in without a sentence fails the build", async () => {
    const reg = citing(citeOf("v2026-07-28", "Servers MUST return -32602."));
    assert.match(
      await badCorpus(EDGE_900("draft"), reg),
      /EDGE-900: no cited spec sentence for draft, where the rule runs/,
    );
  });
  await t.step("a sentence without a keyword needs a note and is at most SHOULD", async () => {
    assert.match(
      await badCorpus(PROTO_007, citing(citeOf("draft", "Unknown tools are protocol errors."))),
      /the cited sentence has no RFC 2119 keyword; add note:/,
    );
    assert.match(
      await badCorpus(
        PROTO_007,
        citing(
          citeOf(
            "draft",
            "Unknown tools are protocol errors.",
            "        note: n\n        severity: MUST\n",
          ),
        ),
      ),
      /supports at most SHOULD, got "MUST"/,
    );
    assert.equal(
      await badCorpus(
        PROTO_007,
        citing(citeOf("draft", "Unknown tools are errors.", "        note: n\n")),
      ),
      "",
    );
  });
  await t.step(
    "severity: next to a keyword, mixed keywords without keyword:, a stray severity",
    async () => {
      assert.match(
        await badCorpus(PROTO_007, citing(citeOf("draft", "MUST do x."), "    severity: SHOULD\n")),
        /EDGE-900: severity comes from the cited sentences/,
      );
      assert.match(
        await badCorpus(
          PROTO_007,
          citing(citeOf("draft", "Clients MAY send; servers MUST answer.")),
        ),
        /keywords of several strengths \(MUST, MAY\); name the one the rule rests on with keyword:/,
      );
      assert.equal(
        await badCorpus(
          PROTO_007,
          citing(
            citeOf("draft", "Clients MAY send; servers MUST answer.", "        keyword: MUST\n"),
          ),
        ),
        "",
      );
    },
  );
  await t.step("ranges: unknown ends, overlaps", async () => {
    assert.match(
      await badCorpus(PROTO_007, citing(citeOf("v2025-6-18", "MUST x."))),
      /cite revisions "v2025-6-18" must be a corpus version or FROM\.\.TO/,
    );
    assert.match(
      await badCorpus(
        PROTO_007,
        citing(citeOf("v2025-11-25..draft", "MUST x.") + citeOf("draft", "MUST y.")),
      ),
      /EDGE-900: draft is cited twice/,
    );
  });
});

Deno.test("compliance corpus: the audit's severities (RES-002, TOOL-003) and retirements are in the data", () => {
  const reg = COMPLIANCE_CORPUS.registry;
  for (const v of ["v2024-11-05", "v2025-03-26", "v2025-06-18", "v2025-11-25"]) {
    assert.equal(severityIn(reg["RES-002"]!, v), "SHOULD", `RES-002 ${v}`);
  }
  assert.equal(severityIn(reg["RES-002"]!, "v2026-07-28"), "MUST");
  for (const v of ["v2024-11-05", "v2026-07-28"]) {
    assert.equal(severityIn(reg["TOOL-003"]!, v), "SHOULD");
  }
  for (const cite of reg["TOOL-003"]!.cite!) assert.match(cite.note ?? "", /no RFC 2119 keyword/);
  for (const id of ["SCHEMA-011", "TRANSPORT-005", "EDGE-001", "EDGE-004", "EDGE-005"]) {
    assert.ok(reg[id]?.deprecated, `${id} retired, id kept`);
    for (const revision of Object.values(COMPLIANCE_CORPUS.revisions)) {
      assert.ok(!revision.rules.some((r) => r.id === id), `${id} runs in no revision`);
    }
  }
  for (const revision of Object.values(COMPLIANCE_CORPUS.revisions)) {
    for (const id of ["SCHEMA-005", "SCHEMA-006"]) {
      const rule = revision.rules.find((r) => r.id === id);
      if (rule) assert.equal(rule.transport, "stdio", `${id} [${revision.version}] is stdio-only`);
    }
  }
  // Every active rule has a sentence for every revision it runs in.
  for (const revision of Object.values(COMPLIANCE_CORPUS.revisions)) {
    for (const rule of revision.rules) {
      assert.ok(
        citationFor(reg[rule.id]!.cite, revision.version),
        `${rule.id} ${revision.version}`,
      );
    }
  }
});

Deno.test("severityIn(): the revision override, else the registry default", () => {
  const entry = COMPLIANCE_CORPUS.registry["RES-002"]!;
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
