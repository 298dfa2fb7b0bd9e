/**
 * @module What a YAML document's aliases expand it to, worked out before anything walks its value:
 * a document whose aliases repeat its nodes many times over (a "billion laughs"), nest it deeper
 * than the nesting limit, or name a node that contains them (a cycle) is refused at the alias.
 * The `yaml` package's own guard counts each anchor's uses instead, and refused a suite that
 * merged one `<<: *base` into a thousand tests.
 */

import { type Alias, type Document, isAlias, isMap, isPair, isSeq, type Node } from "yaml";
import { MAX_NESTING } from "../util/nesting.ts";
import { EXPANSION_ALLOWANCE, expansionLimit } from "./alias_limits.ts";

/** Why a document's aliases are refused, and the alias that shows it. */
export type AliasProblem =
  | { readonly kind: "cycle"; readonly alias: Alias }
  | { readonly kind: "deep"; readonly alias: Alias; readonly depth: number }
  | {
    readonly kind: "large";
    readonly alias: Alias;
    /** The nodes the expanded document holds, and the nodes written in it. */
    readonly total: number;
    readonly own: number;
    readonly limit: number;
    /** The nodes the alias shown stands for (the most any one alias does). */
    readonly size: number;
  };

/** A node's expanded size and depth (a scalar: 1 and 1). */
interface Extent {
  readonly size: number;
  readonly depth: number;
}

/** Each alias's node, and what the aliases make of the document when that is refused. */
export interface DocumentAliases {
  /** The node each alias names (the last one anchored so before it), in one walk of the document. */
  readonly targets: ReadonlyMap<Alias, unknown>;
  /** The nodes written in the document, and those of its value with every alias expanded. */
  readonly own: number;
  readonly total: number;
  /** How deep the value nests with every alias expanded (a scalar document: 1; empty: 0). */
  readonly depth: number;
  readonly problem?: AliasProblem;
}

/**
 * Read the document's aliases in one walk: the node each names (the `yaml` package's
 * `Alias.resolve` walks the whole document for each call), and whether the value they make is
 * refused (a cycle, nesting past the limit, or more nodes than the limit).
 */
export function readAliases(document: Document.Parsed): DocumentAliases {
  // An alias names the last node anchored so before it: walk in document order, anchors as met.
  const anchors = new Map<string, unknown>();
  const targets = new Map<Alias, unknown>();
  const extents = new Map<unknown, Extent>();
  const open = new Set<unknown>();
  let own = 0;
  let largest: { alias: Alias; size: number } | undefined;
  let deepest: { alias: Alias; depth: number } | undefined;
  let refused: AliasProblem | undefined;

  const aliasExtent = (alias: Alias): Extent => {
    const target = anchors.get(alias.source);
    if (target === undefined) return { size: 1, depth: 1 }; // an unknown anchor: the parser says so
    targets.set(alias, target);
    if (open.has(target)) {
      refused ??= { kind: "cycle", alias };
      return { size: 1, depth: 1 };
    }
    const extent = extents.get(target)!;
    if (!largest || extent.size > largest.size) largest = { alias, size: extent.size };
    if (!deepest || extent.depth > deepest.depth) deepest = { alias, depth: extent.depth };
    return extent;
  };

  const extentOf = (node: unknown): Extent => {
    if (isAlias(node)) return aliasExtent(node);
    own++;
    const anchor = (node as Node).anchor;
    if (anchor !== undefined) anchors.set(anchor, node);
    let size = 1, depth = 0;
    if (isMap(node) || isSeq(node)) {
      open.add(node);
      for (const item of node.items as unknown[]) {
        for (const part of isPair(item) ? [item.key, item.value] : [item]) {
          if (part === null || part === undefined) continue;
          const inner = extentOf(part);
          size += inner.size;
          depth = Math.max(depth, inner.depth);
        }
      }
      open.delete(node);
    }
    const extent = { size, depth: depth + 1 };
    if (anchor !== undefined) extents.set(node, extent);
    // The text nests within the limit (checked first): only aliases can take the value past it.
    if (extent.depth > MAX_NESTING && deepest) {
      refused ??= { kind: "deep", alias: deepest.alias, depth: extent.depth };
    }
    return extent;
  };

  const { size: total, depth } = document.contents === null
    ? { size: 0, depth: 0 }
    : extentOf(document.contents);
  const read = { targets, own, total, depth };
  if (refused) return { ...read, problem: refused };
  const limit = expansionLimit(own);
  if (total > limit && largest) {
    const { alias, size } = largest;
    return { ...read, problem: { kind: "large", alias, total, own, limit, size } };
  }
  return read;
}

/** The message of a refused document (after `invalid YAML: `), for the alias's position. */
export function aliasMessage(problem: AliasProblem): string {
  const name = problem.alias.source;
  switch (problem.kind) {
    case "cycle":
      return `the alias *${name} is inside the node &${name} it names (a cycle); expected an alias of a node that ends before it`;
    case "deep":
      return `aliases nest the document ${problem.depth} levels deep, more than ${MAX_NESTING} (the most a suite may nest); the alias *${name} here adds the most levels`;
    case "large":
      return `aliases expand the document to ${problem.total} nodes, more than ${problem.limit} (ten times the ${problem.own} written, plus ${EXPANSION_ALLOWANCE}); the alias *${name} here alone stands for ${problem.size}`;
  }
}
