/** @module The MCP Apps facts the APPS rules judge: declarations, HTML bodies, the document start, tool-keyed facts; and the extension spec pages a rule may cite. */

import assert from "node:assert/strict";
import {
  contentFact,
  documentStart,
  htmlOf,
  keyedByTool,
  matchingContent,
  uiDeclarations,
} from "../../../src/5_execute/compliance/engine/ui_resource_facts.ts";
import {
  isExtensionSpecUrl,
  urlNewerThanRange,
  validateCitation,
} from "../../../src/3_load/compliance_corpus/citations.ts";
import { ConfigError } from "../../../src/0_base/errors/errors.ts";
import { runUiResourcesProbe } from "../../../src/5_execute/compliance/engine/ui_resources_probe.ts";
import type { Exchange, Session } from "../../../src/2_connect/session/types.ts";

Deno.test("uiDeclarations() finds _meta.ui.resourceUri, else the deprecated flat key, and skips plain tools", () => {
  const found = uiDeclarations([
    { name: "a", _meta: { ui: { resourceUri: "ui://a", visibility: ["app"] } } },
    { name: "b", _meta: { "ui/resourceUri": "ui://b" } },
    { name: "c", _meta: { ui: { resourceUri: "ui://c" }, "ui/resourceUri": "ui://old" } },
    { name: "d", _meta: { other: 1 } },
    { name: "e" },
    "not a tool",
  ]);
  assert.deepEqual(found, [
    { tool: "a", uri: "ui://a", legacy_only: false, visibility: ["app"] },
    { tool: "b", uri: "ui://b", legacy_only: true },
    { tool: "c", uri: "ui://c", legacy_only: false },
  ]);
  assert.deepEqual(uiDeclarations(undefined), []);
});

Deno.test("htmlOf()/contentFact(): text as is, a base64 blob decoded as UTF-8, a broken blob is no HTML", () => {
  const html = "<!DOCTYPE html><p>é</p>";
  const blob = btoa(String.fromCharCode(...new TextEncoder().encode(html)));
  assert.equal(htmlOf({ text: html }), html);
  assert.equal(htmlOf({ blob }), html);
  assert.equal(htmlOf({ blob: "not base64!" }), null);
  assert.equal(htmlOf({}), null);
  assert.deepEqual(contentFact({ uri: "ui://a", mimeType: "m", blob }), {
    mimeType: "m",
    _meta: undefined,
    body: "blob",
    length: html.length,
    base64: true,
  });
  assert.equal(contentFact({ blob: "%%" }).base64, false);
  assert.equal(contentFact({ text: 5 }).body, null);
});

Deno.test("documentStart() skips a BOM, whitespace and comments, and keeps 64 characters", () => {
  assert.equal(
    documentStart("\uFEFF \n<!-- a -->\n<!-- b --><!doctype html><html>"),
    "<!doctype html><html>",
  );
  assert.equal(documentStart("<div>fragment</div>"), "<div>fragment</div>");
  assert.equal(documentStart(`<!DOCTYPE html>${"x".repeat(100)}`).length, 64);
  assert.equal(
    documentStart("<!-- never closed <!DOCTYPE html>"),
    "<!-- never closed <!DOCTYPE html>",
  );
});

Deno.test("matchingContent() is the item of the resource's own uri, never another one", () => {
  assert.deepEqual(matchingContent([{ uri: "ui://x" }, { uri: "ui://a", text: "t" }], "ui://a"), {
    uri: "ui://a",
    text: "t",
  });
  assert.equal(matchingContent([{ uri: "ui://x" }], "ui://a"), null);
  assert.equal(matchingContent("nope", "ui://a"), null);
});

Deno.test("keyedByTool() keys facts by tool name; a repeated or non-string name gets its position", () => {
  const keyed = keyedByTool([
    { tool: "a", n: 1 },
    { tool: "a", n: 2 },
    { tool: 7, n: 3 },
    { tool: "__proto__", n: 4 },
  ]);
  assert.deepEqual(Object.keys(keyed), ["a", "a#1", "7#2", "__proto__"]);
  assert.deepEqual(keyed["__proto__"], { n: 4 });
  assert.equal(Object.getPrototypeOf(keyed), Object.prototype);
});

/** A session whose tools/list fails with `error`. */
function failingSession(error: unknown): Session {
  return {
    request: (method: string) =>
      Promise.resolve({
        request: { jsonrpc: "2.0", id: 1, method },
        response: { jsonrpc: "2.0", id: 1, error },
        durationMs: 0,
        notifications: [],
      } as unknown as Exchange),
  } as unknown as Session;
}

Deno.test("runUiResourcesProbe(): a failing tools/list checks nothing and says why", async () => {
  const outcome = await runUiResourcesProbe(
    failingSession({ code: -32603, message: "down" }),
    1000,
  );
  assert.deepEqual(outcome.root, { apps: { tools: 0, resources: {} } });
  assert.match(outcome.failure ?? "", /^tools\/list: .*-32603.*down/);
  assert.match(outcome.unverified ?? "", /no tool could be checked/);
});

const EXT =
  "https://github.com/modelcontextprotocol/ext-apps/blob/main/specification/2026-01-26/apps.mdx#visibility";

Deno.test("citations: an official extension's spec page may be cited, for any revision range; other hosts may not", () => {
  assert.ok(isExtensionSpecUrl(EXT));
  assert.ok(
    !isExtensionSpecUrl(
      "https://github.com/someone/ext-apps/blob/main/specification/2026-01-26/apps.mdx",
    ),
  );
  assert.ok(!isExtensionSpecUrl("https://example.com/specification/2026-01-26/apps.mdx"));
  const at = () => ({ file: "compliance/registry.yml", line: 3, col: 5 });
  const cite = validateCitation("APPS-900", {
    revisions: "v2025-06-18..draft",
    url: EXT,
    sentence: "URI MUST start with `ui://` scheme",
  }, at);
  assert.equal(cite.severity, "MUST");
  // Dated on its own: never "newer" than a core revision range.
  assert.equal(urlNewerThanRange(EXT, "v2025-06-18"), undefined);
  assert.throws(
    () =>
      validateCitation("APPS-900", {
        revisions: "v2025-06-18",
        url: "https://example.com/apps.mdx",
        sentence: "It MUST.",
      }, at),
    (e: unknown) =>
      e instanceof ConfigError &&
      /cite url .* must be https:\/\/modelcontextprotocol\.io/.test(e.message),
  );
});
