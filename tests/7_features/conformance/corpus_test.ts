/** @module Tests of the SEP corpus: its format, severities, check-id naming, and the embedded JSON's freshness. */

import assert from "node:assert/strict";
import { fileURLToPath as fromFileUrl } from "node:url";
import { compileCorpus, renderCorpusJson } from "../../../tools/build_sep_corpus.ts";
import { EMBEDDED_CORPUS, embeddedVersions } from "../../../src/7_features/conformance/embedded.ts";
import { parseSepFile, SepFormatError } from "../../../src/7_features/conformance/parse_sep.ts";
import { hasProbe } from "../../../src/7_features/conformance/probes/registry.ts";
import { severityOf } from "../../../src/7_features/conformance/severity.ts";
import { isChecked } from "../../../src/7_features/conformance/types.ts";
import { findRevision } from "../../../src/0_base/protocol/revisions.ts";

const ROOT = fromFileUrl(new URL("../../../", import.meta.url));

Deno.test("compileCorpus() output equals the committed corpus.json (run build_corpus.ts when this fails)", async () => {
  const fresh = renderCorpusJson(await compileCorpus(`${ROOT}seps`));
  const committed = await Deno.readTextFile(
    `${ROOT}src/7_features/conformance/_generated/corpus.json`,
  );
  assert.equal(
    committed,
    fresh,
    "src/7_features/conformance/_generated/corpus.json is stale: run `deno task conformance:build-corpus`",
  );
});

Deno.test("EMBEDDED_CORPUS covers 2025-11-25 and 2026-07-28 with well-formed SEP files", async (t) => {
  assert.deepEqual(embeddedVersions(), ["2025-11-25", "2026-07-28"]);
  for (const version of embeddedVersions()) {
    await t.step(version, () => {
      assert.ok(findRevision(version), `${version} is in the revisions table`);
      const seps = EMBEDDED_CORPUS.versions[version] ?? [];
      assert.ok(seps.length >= 5);
      const ids = new Set<string>();
      for (const sep of seps) {
        // The spec site, or an extension's own repository (SEP-1932 DPoP lives in ext-auth).
        assert.match(
          sep.spec_url,
          /^https:\/\/(modelcontextprotocol\.io\/|github\.com\/modelcontextprotocol\/ext-)/,
        );
        for (const requirement of sep.requirements) {
          if (!isChecked(requirement)) {
            assert.ok(requirement.excluded.length > 0);
            continue;
          }
          assert.ok(!ids.has(requirement.check), `duplicate check id ${requirement.check}`);
          ids.add(requirement.check);
          assert.match(
            requirement.check,
            /^(sep-\d+-[a-z0-9-]+|server-sse-[a-z-]+|json-schema-2020-12-\$[a-z]+)$/,
          );
          if (requirement.check.startsWith("sep-")) {
            assert.ok(requirement.check.startsWith(`sep-${sep.sep}-`));
          }
          assert.match(
            requirement.text,
            /\b(MUST|SHOULD|MAY|REQUIRED|RECOMMENDED|OPTIONAL|SHALL)\b/,
          );
        }
      }
    });
  }
});

Deno.test("EMBEDDED_CORPUS has a probe for most checks of each version", () => {
  for (const version of embeddedVersions()) {
    const checks = (EMBEDDED_CORPUS.versions[version] ?? []).flatMap((s) => s.requirements).filter(
      isChecked,
    );
    const probed = checks.filter((r) => hasProbe(r.check)).length;
    assert.ok(
      probed / checks.length >= 0.6,
      `${version}: ${probed}/${checks.length} checks probed`,
    );
  }
});

Deno.test("severityOf() takes the first RFC 2119 keyword", async (t) => {
  const cases: Array<[string, string]> = [
    ["Servers MUST NOT send", "must"],
    ["It is REQUIRED that", "must"],
    ["Servers SHOULD NOT send", "should"],
    ["It is RECOMMENDED to", "should"],
    ["Servers MAY send, but MUST then", "may"],
    ["Clients SHOULD retry; servers MUST", "should"],
    ["An operative definition", "must"],
    ["lower-case must is not a keyword; MAY is", "may"],
  ];
  for (const [text, severity] of cases) {
    await t.step(text, () => assert.equal(severityOf(text), severity));
  }
});

Deno.test("parseSepFile() accepts the upstream shape and rejects the rest", async (t) => {
  await t.step("check and excluded rows", () => {
    const sep = parseSepFile({
      sep: "2164",
      spec_url: "https://example.org",
      requirements: [
        { check: "sep-2164-error-code", text: "Servers SHOULD", url: "https://x" },
        { text: "Clients SHOULD", excluded: "client side" },
      ],
      extra: true,
    }, "sep-2164.yaml");
    assert.equal(sep.sep, 2164);
    assert.deepEqual(sep.requirements[0], {
      check: "sep-2164-error-code",
      text: "Servers SHOULD",
      url: "https://x",
    });
  });
  const bad: Array<[string, unknown]> = [
    ["no sep", { requirements: [] }],
    ["requirements not a list", { sep: 1, requirements: {} }],
    ["row without check or excluded", { sep: 1, requirements: [{ text: "MUST" }] }],
    ["row without text", { sep: 1, requirements: [{ check: "sep-1-x" }] }],
  ];
  for (const [name, value] of bad) {
    await t.step(name, () => assert.throws(() => parseSepFile(value, "f.yaml"), SepFormatError));
  }
});
