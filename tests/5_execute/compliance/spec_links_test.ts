/** @module Every compliance verdict links to the spec page of the revision it judged (or an older one with the same sentence), never a newer one; the build rejects a cite whose page is newer than its range. */

import assert from "node:assert/strict";
import { COMPLIANCE_CORPUS } from "../../../src/3_load/compliance_corpus/embedded.ts";
import {
  citationFor,
  isExtensionSpecUrl,
  isNewerRevision,
  revisionOfSpecUrl,
  urlNewerThanRange,
} from "../../../src/3_load/compliance_corpus/citations.ts";
import { validateEntry } from "../../../src/3_load/compliance_corpus/validate.ts";
import type { ComplianceCorpus } from "../../../src/3_load/compliance_corpus/types.ts";
import { ruleRef } from "../../../src/5_execute/compliance/engine/run_rules.ts";
import { ConfigError } from "../../../src/0_base/errors/errors.ts";

const SPEC = "https://modelcontextprotocol.io/specification";

/** Every verdict of `corpus` whose link names a revision newer than the one it judged. */
function newerLinks(corpus: ComplianceCorpus): string[] {
  const found: string[] = [];
  for (const [version, revision] of Object.entries(corpus.revisions)) {
    for (const rule of revision.rules) {
      const entry = corpus.registry[rule.id];
      if (!entry) continue;
      const url = ruleRef(entry, version).specUrl;
      // An extension's own spec (MCP Apps) is dated on its own: it applies to every revision.
      if (isExtensionSpecUrl(url)) continue;
      const page = revisionOfSpecUrl(url);
      if (page === undefined || isNewerRevision(page, version)) {
        found.push(`${rule.id} [${version}] -> ${url}`);
      }
    }
  }
  return found;
}

Deno.test("ruleRef(): every compliance verdict of every revision links to a page of a revision <= the judged one", () => {
  assert.deepEqual(newerLinks(COMPLIANCE_CORPUS), []);
  let verdicts = 0;
  for (const [version, revision] of Object.entries(COMPLIANCE_CORPUS.revisions)) {
    for (const rule of revision.rules) {
      const entry = COMPLIANCE_CORPUS.registry[rule.id]!;
      // The link is the page of the sentence the rule rests on in that revision.
      assert.equal(ruleRef(entry, version).specUrl, citationFor(entry.cite, version)?.url);
      verdicts++;
    }
  }
  assert.ok(verdicts > 500, `${verdicts} verdicts checked`);
});

Deno.test("ruleRef(): the issue's cases: no v2025-11-25 verdict links to a 2026-07-28 page; RES-002 links to the -32002 sentence", () => {
  const v2025 = COMPLIANCE_CORPUS.revisions["v2025-11-25"]!;
  assert.equal(v2025.rules.length, 108);
  const later = v2025.rules.filter((rule) =>
    ruleRef(COMPLIANCE_CORPUS.registry[rule.id]!, "v2025-11-25").specUrl.includes("/2026-07-28/")
  );
  assert.deepEqual(later.map((r) => r.id), []);

  const res002 = COMPLIANCE_CORPUS.registry["RES-002"]!;
  for (const version of ["v2024-11-05", "v2025-11-25"]) {
    const cite = citationFor(res002.cite, version)!;
    assert.match(cite.sentence, /-32002/, version);
    assert.equal(ruleRef(res002, version).specUrl, cite.url);
  }
  const now = ruleRef(res002, "v2026-07-28");
  assert.match(citationFor(res002.cite, "v2026-07-28")!.sentence, /-32602/);
  assert.match(now.specUrl, /\/2026-07-28\//);
});

Deno.test("newerLinks() (the check above) fails on a corpus whose verdict links to a newer page", () => {
  const entry = COMPLIANCE_CORPUS.registry["PROTO-002"]!;
  const bad: ComplianceCorpus = {
    ...COMPLIANCE_CORPUS,
    registry: {
      ...COMPLIANCE_CORPUS.registry,
      "PROTO-002": {
        ...entry,
        cite: entry.cite!.map((c) => ({ ...c, url: `${SPEC}/2026-07-28/basic/lifecycle` })),
      },
    },
  };
  const found = newerLinks(bad);
  assert.ok(found.length > 0);
  assert.ok(found.every((line) => line.startsWith("PROTO-002 [")), found.join("\n"));
  assert.ok(!found.some((line) => line.includes("[v2026-07-28]") || line.includes("[draft]")));
});

Deno.test("urlNewerThanRange(): a cite's page may not be newer than any revision of its range", async (t) => {
  await t.step("newer than the newest revision of the range: rejected", () => {
    assert.match(
      urlNewerThanRange(`${SPEC}/2026-07-28/server/resources`, "v2025-11-25") ?? "",
      /^cite url names revision 2026-07-28, newer than v2025-11-25: .*cite the 2025-11-25 page/,
    );
    assert.ok(urlNewerThanRange(`${SPEC}/draft/server/resources`, "v2024-11-05..v2026-07-28"));
  });
  await t.step("newer than the oldest revision of the range: rejected", () => {
    assert.match(
      urlNewerThanRange(`${SPEC}/2025-11-25/server/tools`, "v2024-11-05..v2025-11-25") ?? "",
      /newer than v2024-11-05, the oldest revision of "v2024-11-05\.\.v2025-11-25".*split the range/,
    );
  });
  await t.step("the range's own revision, or an older page: accepted", () => {
    assert.equal(urlNewerThanRange(`${SPEC}/2025-11-25/server/tools`, "v2025-11-25"), undefined);
    assert.equal(
      urlNewerThanRange(`${SPEC}/2025-11-25/server/tools`, "v2025-11-25..draft"),
      undefined,
    );
    assert.equal(urlNewerThanRange(`${SPEC}/2024-11-05/basic/index`, "v2026-07-28"), undefined);
    assert.equal(urlNewerThanRange(`${SPEC}/draft/server/tools`, "draft"), undefined);
  });
});

Deno.test("validateEntry() (the build) fails on a cite whose page is newer than its range, at the url", () => {
  const entry = (revisions: string, url: string) => ({
    id: "EDGE-900",
    title: "t",
    area: "EDGE",
    cite: [{ revisions, url, sentence: "Servers MUST answer." }],
  });
  const at = (key?: string) => ({ file: "registry.yml", line: 1, col: key === "url" ? 9 : 1 });
  const atPath = (path: readonly (string | number)[]) => ({
    file: "registry.yml",
    line: 1,
    col: path.at(-1) === "url" ? 9 : 1,
  });
  assert.throws(
    () => validateEntry(entry("v2025-11-25", `${SPEC}/2026-07-28/server/tools`), at, atPath),
    (error: unknown) =>
      error instanceof ConfigError &&
      /^EDGE-900: cite url names revision 2026-07-28, newer than v2025-11-25/.test(
        error.detail,
      ) && error.pos?.col === 9,
  );
  const good = validateEntry(entry("v2025-11-25..draft", `${SPEC}/2025-11-25/server/tools`), at);
  assert.equal(good.spec_url, `${SPEC}/2025-11-25/server/tools`);
});
