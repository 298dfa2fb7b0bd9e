/** @module The static rules: walk a source tree and report every corpus pattern it contains. */

import { MIGRATION_CORPUS } from "./corpus.ts";
import { RC_RENUMBERING } from "./target.ts";
import type { MapNode, TreeNode } from "./tree_types.ts";
import type { Hit, MigrationEntry } from "./types.ts";

/** Offsets of line starts, for offset -> line/col. */
export class LineIndex {
  readonly #starts: number[] = [0];
  constructor(text: string) {
    for (let i = 0; i < text.length; i++) if (text[i] === "\n") this.#starts.push(i + 1);
  }
  /** 1-based line and column of an offset. */
  position(offset: number): { line: number; col: number } {
    let low = 0;
    let high = this.#starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((this.#starts[mid] as number) <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, col: offset - (this.#starts[low] as number) + 1 };
  }
  /** Offset of the start of the line holding `offset`. */
  lineStart(offset: number): number {
    return this.#starts[this.position(offset).line - 1] as number;
  }
}

interface Context {
  readonly parentKey: string | undefined;
  /** The nearest enclosing mapping that has a `target` key (an assertion). */
  readonly assertionTarget: string | undefined;
  /** Start of the outermost flow collection around the node (comments go above its line). */
  readonly flowRoot: number | undefined;
  /** Inside what a server sent (a recorded response, its capabilities, its messages). */
  readonly serverSent: boolean;
}

/**
 * Keys whose value is what a server sent, in a cassette or capture. Lint judges the suite, not
 * the server: a capability a (third-party) server advertises there is not the suite's to fix.
 */
const SERVER_SENT_KEYS: ReadonlySet<string> = new Set([
  "response",
  "server_capabilities",
  "serverCapabilities",
  "server_messages",
  "notifications",
]);

/** What a rule pass needs besides the tree. */
interface Source {
  readonly text: string;
  readonly lines: LineIndex;
  readonly hits: Hit[];
}

/**
 * Every hit of the corpus patterns in `trees`, in source order.
 * @param text the source the trees were parsed from (offsets point into it)
 */
export function findHits(text: string, trees: readonly TreeNode[]): Hit[] {
  const source: Source = { text, lines: new LineIndex(text), hits: [] };
  const start: Context = {
    parentKey: undefined,
    assertionTarget: undefined,
    flowRoot: undefined,
    serverSent: false,
  };
  for (const tree of trees) walk(source, tree, start);
  return source.hits.sort((a, b) => a.line - b.line || a.col - b.col);
}

function walk(source: Source, node: TreeNode, ctx: Context): void {
  const flowRoot = ctx.flowRoot ?? (node.flow && node.kind !== "scalar" ? node.start : undefined);
  if (node.kind === "scalar") return scalarHits(source, node, ctx);
  if (node.kind === "seq") {
    for (const item of node.items) walk(source, item, { ...ctx, flowRoot });
    return;
  }
  const target = targetOf(node) ?? ctx.assertionTarget;
  if (!ctx.serverSent) capabilityHits(source, node, ctx.parentKey, flowRoot);
  for (const entry of node.entries) {
    if (!entry.value) continue;
    walk(source, entry.value, {
      parentKey: entry.key,
      assertionTarget: target,
      flowRoot,
      serverSent: ctx.serverSent || SERVER_SENT_KEYS.has(entry.key),
    });
  }
}

function targetOf(node: MapNode): string | undefined {
  const entry = node.entries.find((e) => e.key === "target");
  const value = entry?.value?.kind === "scalar" ? entry.value.value : undefined;
  return typeof value === "string" ? value : undefined;
}

function scalarHits(source: Source, node: TreeNode & { kind: "scalar" }, ctx: Context): void {
  const anchor = source.lines.lineStart(ctx.flowRoot ?? node.start);
  const raw = source.text.slice(node.start, node.end);
  for (const entry of MIGRATION_CORPUS) {
    const pattern = entry.pattern;
    if (ctx.parentKey === "method" && typeof node.value === "string") {
      if (pattern?.methods?.includes(node.value)) {
        add(
          source,
          entry,
          node.start,
          anchor,
          `${node.value}: ${entry.guidance}`,
          methodSummary(entry, node.value),
        );
      }
    }
    for (const { code, replacement } of pattern?.codes ?? []) {
      if (!codeApplies(entry, node.value, ctx)) continue;
      const token = new RegExp(`(?<![\\d.])${code}(?![\\d.])`, "g");
      if (typeof node.value === "number" && node.value === code) {
        const match = token.exec(raw);
        const start = match ? node.start + match.index : node.start;
        const end = match ? start + match[0].length : node.end;
        addCode(source, entry, code, replacement, start, end, anchor);
      } else if (typeof node.value === "string") {
        for (const match of raw.matchAll(token)) {
          const start = node.start + match.index;
          addCode(source, entry, code, replacement, start, start + match[0].length, anchor);
        }
      }
    }
  }
}

function codeApplies(entry: MigrationEntry, value: unknown, ctx: Context): boolean {
  if (entry.pattern?.codeContext !== "error-code") return true;
  if (typeof value !== "number") return false;
  return ctx.parentKey === "code" || /code$/i.test(ctx.assertionTarget ?? "");
}

function capabilityHits(
  source: Source,
  node: MapNode,
  parentKey: string | undefined,
  flowRoot: number | undefined,
): void {
  if (parentKey === undefined || !/capabilities$/i.test(parentKey)) return;
  for (const { key, keyStart } of node.entries) {
    for (const entry of MIGRATION_CORPUS) {
      if (!entry.pattern?.capabilities?.includes(key)) continue;
      const anchor = source.lines.lineStart(flowRoot ?? keyStart);
      add(
        source,
        entry,
        keyStart,
        anchor,
        `${key} capability: ${entry.guidance}`,
        `${key} capability: deprecated`,
      );
    }
  }
}

function addCode(
  source: Source,
  entry: MigrationEntry,
  code: number,
  replacement: number,
  start: number,
  end: number,
  anchor: number,
): void {
  const rc = RC_RENUMBERING.find((r) => r.code === code);
  const message = rc
    ? `${code} is the RC number of ${rc.name}; the final release uses ${replacement} (check that ${code} is not an implementation-defined code first)`
    : `${code} found: ${entry.guidance}`;
  const rewrite = entry.safeRewrite ? { start, end, text: String(replacement) } : undefined;
  add(source, entry, start, anchor, message, `${code} -> ${replacement}`, rewrite);
}

function add(
  source: Source,
  entry: MigrationEntry,
  offset: number,
  anchor: number,
  message: string,
  summary: string,
  rewrite?: Hit["rewrite"],
): void {
  const { line, col } = source.lines.position(offset);
  source.hits.push({
    rule: entry.id,
    line,
    col,
    message,
    summary,
    anchor,
    ...(rewrite ? { rewrite } : {}),
  });
}

function methodSummary(entry: MigrationEntry, method: string): string {
  const word = entry.category === "deprecated-capability"
    ? "deprecated"
    : entry.id.endsWith("replaced")
    ? "replaced"
    : "removed";
  return `${method}: ${word}`;
}
