/** @module docs/compliance.md lists every rule of the registry, generated, and is never stale. */

import assert from "node:assert/strict";
import { COMPLIANCE_CORPUS } from "../../../src/3_load/compliance_corpus/embedded.ts";
import {
  renderRulesTable,
  replaceRulesSection,
  RULES_BEGIN,
  RULES_END,
} from "../../../src/3_load/compliance_corpus/rules_doc.ts";
import type { ComplianceCorpus } from "../../../src/3_load/compliance_corpus/types.ts";

const DOC = new URL("../../../docs/compliance.md", import.meta.url);

Deno.test("docs/compliance.md: the rule table is current (deno task compliance:build-corpus)", async () => {
  const doc = await Deno.readTextFile(DOC);
  assert.equal(
    replaceRulesSection(doc, renderRulesTable(COMPLIANCE_CORPUS)),
    doc,
    "the rule table of docs/compliance.md is stale: run deno task compliance:build-corpus",
  );
  for (const entry of Object.values(COMPLIANCE_CORPUS.registry)) {
    assert.ok(doc.includes(`[${entry.id}](${entry.spec_url})`), `${entry.id} missing from the doc`);
  }
});

const corpus: ComplianceCorpus = {
  registry: {
    "PROTO-001": {
      id: "PROTO-001",
      title: "a | b",
      area: "PROTO",
      severity: "SHOULD",
      severities: { "v2026-07-28": "MUST" },
      spec_url: "https://modelcontextprotocol.io/specification/2025-11-25/basic",
      cite: [
        {
          revisions: "v2025-11-25",
          url: "https://modelcontextprotocol.io/specification/2025-11-25/basic",
          sentence: "Servers SHOULD x | y.",
          severity: "SHOULD",
        },
        {
          revisions: "v2026-07-28..draft",
          url: "https://modelcontextprotocol.io/specification/2026-07-28/basic",
          sentence: "Servers MUST x.",
          severity: "MUST",
          note: "n",
        },
      ],
    },
    "TOOL-001": {
      id: "TOOL-001",
      title: "old",
      area: "TOOL",
      severity: "MAY",
      capability: "tools",
      spec_url: "https://modelcontextprotocol.io/specification/2025-11-25/server/tools",
      deprecated: { since: "v2026-07-28", reason: "gone" },
    },
  },
  revisions: {
    "v2025-11-25": {
      version: "v2025-11-25",
      rules: [
        { id: "PROTO-001", probe: { kind: "handshake" }, expect: [] },
        { id: "TOOL-001", probe: { kind: "handshake" }, expect: [] },
      ],
    },
    "v2026-07-28": {
      version: "v2026-07-28",
      rules: [{ id: "PROTO-001", probe: { kind: "handshake" }, expect: [] }],
    },
  },
};

Deno.test("renderRulesTable(): per-revision severity, – when absent, gate, retirement, escaped pipes", () => {
  const table = renderRulesTable(corpus);
  const proto = table.split("\n").find((l) => l.startsWith("| [PROTO-001]"))!;
  assert.equal(
    proto,
    "| [PROTO-001](https://modelcontextprotocol.io/specification/2025-11-25/basic) | a \\| b |  | – | – | – | SHOULD | MUST | – | " +
      "v2025-11-25: [“Servers SHOULD x \\| y.”](https://modelcontextprotocol.io/specification/2025-11-25/basic)<br>" +
      "v2026-07-28–draft: [“Servers MUST x.”](https://modelcontextprotocol.io/specification/2026-07-28/basic) (n) |",
  );
  const tool = table.split("\n").find((l) => l.startsWith("| [TOOL-001]"))!;
  assert.match(
    tool,
    /old \(retired since v2026-07-28: gone\) \| tools \| – \| – \| – \| MAY \| – \| – \| retired \|/,
  );
  assert.ok(table.indexOf("### Lifecycle (PROTO)") < table.indexOf("### Tools (TOOL)"));
  assert.match(table, /^2 rules\./);
});

Deno.test("replaceRulesSection(): replaces between the markers, refuses a doc without them", () => {
  const doc = `# T\n\n${RULES_BEGIN}\nold\n${RULES_END}\ntail\n`;
  assert.equal(
    replaceRulesSection(doc, "NEW"),
    `# T\n\n${RULES_BEGIN}\n\nNEW\n\n${RULES_END}\ntail\n`,
  );
  assert.throws(() => replaceRulesSection("# no markers", "NEW"), /needs the markers/);
  assert.throws(
    () => replaceRulesSection(`${RULES_END}\n${RULES_BEGIN}`, "NEW"),
    /needs the markers/,
  );
});
