/** @module The inline stylesheet of the html reporter (no external assets, light and dark schemes). */

/** CSS embedded in every HTML report. */
export const HTML_STYLE = `
:root { color-scheme: light dark; --fg: #1f2328; --muted: #59636e; --bg: #ffffff; --panel: #f6f8fa;
  --line: #d1d9e0; --pass: #1a7f37; --fail: #cf222e; --budget: #9a6700; --error: #8250df;
  --skip: #59636e; --del: #ffebe9; --ins: #dafbe1; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --muted: #9198a1; --bg: #0d1117;
  --panel: #151b23; --line: #3d444d; --pass: #3fb950; --fail: #f85149; --budget: #d29922;
  --error: #ab7df8; --skip: #9198a1; --del: #4b1d1f; --ins: #12361f; } }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 1100px; padding: 24px; color: var(--fg); background: var(--bg);
  font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 17px; margin: 28px 0 8px; }
h3 { font-size: 14px; margin: 16px 0 6px; font-family: ui-monospace, monospace; }
.meta { color: var(--muted); margin: 0 0 16px; }
.banner { padding: 10px 14px; border-radius: 6px; font-weight: 600; color: #fff; }
.banner.pass { background: var(--pass); } .banner.fail { background: var(--fail); }
.counts { display: flex; flex-wrap: wrap; gap: 8px; margin: 12px 0; padding: 0; list-style: none; }
.counts li { border: 1px solid var(--line); border-radius: 6px; padding: 6px 12px; background: var(--panel); }
.counts b { font-size: 18px; margin-right: 4px; }
table { border-collapse: collapse; width: 100%; margin: 6px 0; }
th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { color: var(--muted); font-weight: 600; }
td.num { text-align: right; white-space: nowrap; }
.badge { display: inline-block; min-width: 74px; text-align: center; border-radius: 4px;
  padding: 0 6px; font-size: 12px; font-weight: 700; color: #fff; }
.badge.pass { background: var(--pass); } .badge.fail { background: var(--fail); }
.badge.budget { background: var(--budget); } .badge.error { background: var(--error); }
.badge.skip { background: var(--skip); }
details.test { border: 1px solid var(--line); border-radius: 6px; margin: 6px 0; background: var(--bg); }
details.test > summary { cursor: pointer; padding: 6px 10px; display: flex; gap: 10px; align-items: baseline; }
details.test > summary .name { flex: 1; font-weight: 600; overflow-wrap: anywhere; }
details.test > summary .where, details.test > summary .time { color: var(--muted); white-space: nowrap; }
details.test > .body { padding: 4px 12px 10px; border-top: 1px solid var(--line); }
.problem { color: var(--fail); font-weight: 600; }
pre { margin: 4px 0; padding: 8px; background: var(--panel); border-radius: 6px; overflow-x: auto;
  font: 12px/1.45 ui-monospace, SFMono-Regular, Menlo, monospace; white-space: pre-wrap; overflow-wrap: anywhere; }
.pair { display: grid; grid-template-columns: 1fr 1fr; gap: 8px; }
.pair h4 { margin: 6px 0 0; font-size: 12px; color: var(--muted); }
.diff span { display: block; } .diff .del { background: var(--del); } .diff .ins { background: var(--ins); }
.empty { color: var(--muted); }
footer { margin-top: 32px; color: var(--muted); font-size: 12px; }
`;
