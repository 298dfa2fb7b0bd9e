import assert from "node:assert/strict";
import { renderHtml } from "../../src/report/html.ts";
import type { RunRecord } from "../../src/report/run_record.ts";

const FIXTURES = new URL("../fixtures/report/", import.meta.url);
const load = (name: string): RunRecord =>
  JSON.parse(Deno.readTextFileSync(new URL(`${name}.json`, FIXTURES)));

Deno.test("renderHtml() output matches the snapshot of every fixture record", async (t) => {
  for (
    const name of ["pass", "fail", "budget", "connect_failure", "skip", "compliance", "hostile"]
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
