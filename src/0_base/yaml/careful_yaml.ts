/** @module The careful YAML parse (the `yaml` package): every node's position and precise syntax errors. Loaded only when a document or a message needs it (yaml_source.ts, loadCarefulParser). */

import {
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  type Node,
  parseDocument,
} from "yaml";
import type { Document } from "yaml";
import { ConfigError, ConfigErrors, type SourcePos } from "../errors/errors.ts";
import { aliasMessage, readAliases } from "./alias_expansion.ts";
import type { PathSegment, PositionLookup, YamlSource } from "./yaml_source.ts";

/**
 * The `yaml` package's parse of `text` (its nesting already checked): every position, precise
 * syntax errors.
 * @throws {ConfigErrors} one error per syntax problem, each at `file:line:col`
 */
export function parseDocumentCarefully(text: string, file: string): YamlSource {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false, merge: true });
  const at = (offset: number): SourcePos => {
    const { line, col } = lineCounter.linePos(offset);
    return { file, line, col };
  };
  if (document.errors.length > 0) {
    throw new ConfigErrors(
      document.errors.map((e) =>
        new ConfigError(`invalid YAML: ${syntaxReason(e.message)}`, at(e.pos[0]))
      ),
    );
  }
  const { targets, problem } = readAliases(document);
  if (problem) {
    const where = at(problem.alias.range?.[0] ?? 0);
    throw new ConfigErrors([new ConfigError(`invalid YAML: ${aliasMessage(problem)}`, where)]);
  }
  let value: unknown;
  try {
    // readAliases bounded what the aliases expand to: the package's per-anchor count is off.
    value = document.toJS({ maxAliasCount: -1 });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigErrors([new ConfigError(`invalid YAML: ${reason}`, at(0))]);
  }
  return { file, text, value: value ?? null, positionOf: lookupIn(document, targets, at) };
}

function syntaxReason(message: string): string {
  const first = message.split("\n")[0] ?? message;
  return first.replace(/ at line \d+, column \d+:?$/, "");
}

function lookupIn(
  document: Document.Parsed,
  targets: AliasTargets,
  at: (offset: number) => SourcePos,
): PositionLookup {
  return (path, mode = "value") => {
    let node: unknown = document.contents;
    let keyStart: number | undefined;
    let lastStart = 0;
    for (const segment of path) {
      node = resolveAlias(targets, node);
      const start = startOf(node);
      if (start !== undefined) lastStart = start;
      const step = childOf(targets, node, segment);
      if (!step) return at(start ?? keyStart ?? lastStart);
      keyStart = step.keyStart;
      node = step.node;
    }
    node = resolveAlias(targets, node);
    const start = startOf(node);
    if (mode === "key" && keyStart !== undefined) return at(keyStart);
    if (start === undefined || (isEmptyScalar(node) && keyStart !== undefined)) {
      return at(keyStart ?? lastStart);
    }
    return at(start);
  };
}

function childOf(
  targets: AliasTargets,
  node: unknown,
  segment: PathSegment,
  depth = 0,
): { node: unknown; keyStart?: number } | undefined {
  if (isMap(node)) {
    const merged: unknown[] = [];
    for (const item of node.items) {
      if (!isPair(item)) continue;
      const key = isScalar(item.key) ? item.key.value : item.key;
      if (typeof key === "symbol") {
        // `<<: *base` or `<<: [*a, *b]`: keys written here win, so the bases are searched last.
        const value = resolveAlias(targets, item.value);
        if (isSeq(value)) merged.push(...value.items.map((v) => resolveAlias(targets, v)));
        else merged.push(value);
        continue;
      }
      if (String(key) !== String(segment)) continue;
      const keyStart = startOf(item.key);
      return keyStart === undefined ? { node: item.value } : { node: item.value, keyStart };
    }
    if (depth < 32) {
      for (const base of merged) {
        const found = childOf(targets, base, segment, depth + 1);
        if (found) return found;
      }
    }
    return undefined;
  }
  if (isSeq(node)) {
    const index = typeof segment === "number" ? segment : Number.parseInt(segment, 10);
    if (!Number.isInteger(index)) return undefined;
    const item = node.items[index];
    return item === undefined ? undefined : { node: item };
  }
  return undefined;
}

/** The node each alias names (readAliases). */
type AliasTargets = ReadonlyMap<unknown, unknown>;

function resolveAlias(targets: AliasTargets, node: unknown): unknown {
  let current = node;
  for (let hops = 0; hops < 32 && isAlias(current); hops++) current = targets.get(current);
  return current;
}

function startOf(node: unknown): number | undefined {
  const range = (node as Node | null | undefined)?.range;
  return range ? range[0] : undefined;
}

function isEmptyScalar(node: unknown): boolean {
  if (!isScalar(node) || node.value !== null) return false;
  const range = node.range;
  return !range || range[0] === range[1];
}
