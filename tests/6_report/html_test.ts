import assert from "node:assert/strict";
import { renderHtml } from "../../src/6_report/html.ts";
import { loadRecord as load, SNAPSHOT_RECORDS, withHostileRule } from "./_records.ts";

Deno.test("renderHtml() output matches the snapshot of every fixture record", async (t) => {
  for (
    const name of SNAPSHOT_RECORDS
  ) {
    await t.step(name, async (s) => {
      await s.assertSnapshot(renderHtml(load(name)));
    });
  }
});

Deno.test("renderHtml() is one self-contained file: no scripts, links or network assets", () => {
  for (const name of ["pass", "mixed", "hostile", "connect_failure"]) {
    const html = renderHtml(load(name));
    assert.ok(!/<script/i.test(html), `${name}: no script`);
    assert.ok(!/<(link|img|iframe|object|embed|base|form)\b/i.test(html), `${name}: no asset tags`);
    const tags = html.match(/<[^>]*>/g) ?? [];
    assert.ok(tags.length > 50);
    for (const tag of tags) {
      assert.ok(
        !/\b(src|href|action|style)\s*=/i.test(tag),
        `${name}: no fetching attribute in ${tag}`,
      );
    }
    assert.ok(!/url\(|@import/i.test(html), `${name}: no CSS fetches`);
    assert.ok(
      html.includes(`content="default-src &#39;none&#39;; style-src &#39;unsafe-inline&#39;;`),
    );
  }
  const pass = renderHtml(load("pass"));
  assert.ok(!pass.includes("http://") && !pass.includes("https://"));
});

Deno.test("renderHtml() escapes test names and values (no HTML injection)", () => {
  const html = renderHtml(load("hostile"));
  assert.ok(
    html.includes("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;") ||
      html.includes("&lt;script&gt;alert('x')&lt;/script&gt;"),
  );
  assert.ok(!html.includes("<img"));
  assert.ok(!html.includes("<a "));
  assert.ok(!html.includes("</pre><a"));
  assert.ok(html.includes("&lt;/pre&gt;&lt;a href="));
});

Deno.test("renderHtml() shows status, durations, the diff and the budget bucket", () => {
  const html = renderHtml(load("mixed"));
  for (const label of ["PASS", "FAIL", "BUDGET", "ERROR", "SKIP"]) {
    assert.ok(html.includes(`>${label}</span>`), label);
  }
  assert.ok(html.includes('<span class="time">412ms</span>'));
  assert.ok(html.includes('<span class="del">-   ]</span><span class="ins">+   ],</span>'));
  assert.ok(
    html.includes('<span class="del">- &quot;Widget&quot;</span>') ||
      html.includes('<span class="del">- "Widget"</span>'),
  );
  assert.ok(html.includes('<h2 id="over-budget">Over budget</h2>'));
  assert.equal(html.match(/<details class="test /g)?.length, 9);
  assert.equal(html.match(/<details class="test (fail|error|budget)" open>/g)?.length, 6);
});

Deno.test("renderHtml() shows a failed compliance rule's severity badge and spec link", () => {
  const html = renderHtml(load("compliance_rules"));
  assert.ok(
    html.includes(
      '<p><span class="badge fail">MUST</span> SCHEMA-004 · v2025-11-25 · <a href="https://modelcontextprotocol.io/specification/2026-07-28/basic#responses" rel="noreferrer">specification</a></p>',
    ),
  );
  assert.ok(html.includes('<span class="badge budget">SHOULD</span> PROTO-008 · v2025-11-25'));
  assert.ok(html.includes('<span class="badge skip">MAY</span> TRANSPORT-007 · v2025-11-25'));
  assert.ok(html.includes('<span class="badge fail">MUST</span> TOOL-002 · v2025-11-25'));
  // The spec links are the page's only links, navigation to https only, and nothing fetches.
  const hrefs = html.match(/<[^>]*\bhref\s*=[^>]*>/g) ?? [];
  assert.equal(hrefs.length, 5);
  for (const tag of hrefs) assert.match(tag, /^<a href="https:\/\/[^"]+" rel="noreferrer">$/);
  assert.ok(!/<script|<(link|img|iframe|object|embed|base|form)\b|\b(src|style)\s*=/i.test(html));
  assert.ok(!renderHtml(load("compliance")).includes("<a "));
});

Deno.test("renderHtml() escapes a rule and links only an http(s) spec URL", () => {
  const hostile = withHostileRule;
  const js = renderHtml(hostile("javascript:alert(1)"));
  assert.ok(!js.includes("<a "));
  assert.ok(js.includes("&lt;b&gt;X-001&lt;/b&gt; · v2025-11-25 · javascript:alert(1)</p>"));
  const quoted = renderHtml(hostile('https://example.com/"><script>x</script>'));
  assert.ok(!quoted.includes("<script>"));
  assert.ok(quoted.includes('<a href="https://example.com/%22%3E%3Cscript%3Ex%3C/script%3E"'));
});
