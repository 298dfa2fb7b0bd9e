/** @module How every reporter shows a test's latency distribution under load (docs/load.md). */

import { LOAD_PERCENTILES, type LoadStats, minSamplesFor } from "../4_record/load_stats.ts";
import type { TestResult } from "../4_record/run_record.ts";
import { markdownCell } from "../0_base/util/escape.ts";

/** One measured figure of a load run: its label, its value as text, and its number (when there is one). */
export interface LoadFigure {
  /** `p50`, `p90`, `p95`, `p99`, `max`, `mean`, `throughput`, `error_rate`, `samples`, `concurrency`. */
  readonly name: string;
  /** For people: `12.3ms`, `n/a (needs 100 calls)`, `45.6 calls/s`, `0%`. */
  readonly text: string;
  /** The number, in milliseconds, calls/s or a 0..1 share; absent for a percentile with too few calls. */
  readonly value?: number;
}

/** The figures of a load run, in display order. */
export function loadFigures(stats: LoadStats): LoadFigure[] {
  const figures: LoadFigure[] = [
    { name: "samples", text: String(stats.samples), value: stats.samples },
    { name: "concurrency", text: `${stats.concurrency} (${stats.mode})`, value: stats.concurrency },
  ];
  for (const [p, field] of LOAD_PERCENTILES) {
    const value = stats[field];
    figures.push(
      value === undefined
        ? { name: `p${p}`, text: `n/a (needs ${minSamplesFor(p)} calls)` }
        : { name: `p${p}`, text: `${value}ms`, value },
    );
  }
  figures.push(
    { name: "max", text: `${stats.maxMs}ms`, value: stats.maxMs },
    { name: "mean", text: `${stats.meanMs}ms`, value: stats.meanMs },
    { name: "throughput", text: `${stats.throughput} calls/s`, value: stats.throughput },
    {
      name: "error_rate",
      text: `${Math.round(stats.errorRate * 10000) / 100}% (${stats.failures} of ${stats.samples})`,
      value: stats.errorRate,
    },
  );
  return figures;
}

/** One line: `100 calls at concurrency 4: p50 1.2ms, ..., max 3.1ms, 512 calls/s, error rate 0% (0 of 100)`. */
export function loadLine(stats: LoadStats): string {
  const figure = (name: string) => loadFigures(stats).find((f) => f.name === name)?.text ?? "";
  const percentiles = LOAD_PERCENTILES.map(([p]) => `p${p} ${figure(`p${p}`)}`);
  return `${stats.samples} calls at concurrency ${stats.concurrency}: ${percentiles.join(", ")}, ` +
    `max ${stats.maxMs}ms, ${stats.throughput} calls/s, error rate ${figure("error_rate")}`;
}

/** The markdown reporter's "Latency under load" table: one row per test run under load; empty when none. */
export function loadMarkdownSection(tests: readonly TestResult[]): string[] {
  const loaded = tests.filter((t) => t.load !== undefined);
  if (loaded.length === 0) return [];
  const names = ["samples", "p50", "p90", "p95", "p99", "max", "throughput", "error_rate"];
  const out = [
    "",
    "### Latency under load",
    "",
    `| Test | ${names.join(" | ")} |`,
    `| --- |${" ---: |".repeat(names.length)}`,
  ];
  for (const test of loaded) {
    const figures = loadFigures(test.load!);
    const cells = names.map((n) => markdownCell(figures.find((f) => f.name === n)?.text ?? ""));
    out.push(`| ${markdownCell(test.name)} | ${cells.join(" | ")} |`);
  }
  return out;
}

/**
 * The html reporter's latency chart of one test: an inline SVG bar per percentile and the max
 * (a percentile with too few calls is drawn empty and labelled n/a), then the throughput and
 * error rate. Only numbers and fixed labels reach the markup.
 */
export function loadChartHtml(stats: LoadStats): string {
  const bars = loadFigures(stats).filter((f) => /^p\d+$|^max$/.test(f.name));
  const top = Math.max(...bars.map((b) => b.value ?? 0), 0.001);
  const width = 360, row = 22, label = 48, room = width - label - 90;
  const rects = bars.map((b, i) => {
    const y = i * row;
    const w = b.value === undefined ? 0 : Math.max(1, Math.round((b.value / top) * room));
    const text = b.value === undefined ? "n/a" : `${b.value}ms`;
    return `<text x="0" y="${y + 15}">${b.name}</text>` +
      `<rect x="${label}" y="${y + 4}" width="${w}" height="14" fill="#4a7bd0"></rect>` +
      `<text x="${label + w + 6}" y="${y + 15}">${text}</text>`;
  });
  const height = bars.length * row;
  const rate = Math.round(stats.errorRate * 10000) / 100;
  return `<figure class="load"><svg xmlns="http://www.w3.org/2000/svg" width="${width}" ` +
    `height="${height}" viewBox="0 0 ${width} ${height}" role="img" font-size="12" ` +
    `aria-label="latency percentiles">${rects.join("")}</svg><figcaption>${stats.samples} calls ` +
    `at concurrency ${stats.concurrency}, ${stats.throughput} calls/s, ${rate}% errors` +
    `</figcaption></figure>`;
}
