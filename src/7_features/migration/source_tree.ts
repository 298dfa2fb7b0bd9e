/** @module Parse YAML and JSON sources into position-keeping trees. */

import {
  isMap,
  isScalar,
  isSeq,
  type Node as YamlNode,
  parseAllDocuments,
  type ParsedNode,
  Scalar,
} from "yaml";
import { parseJsonTree } from "./json_tree.ts";
import { SourceSyntaxError, type TreeNode } from "./tree_types.ts";

export { SourceSyntaxError };
export type { TreeNode };

/**
 * Parse YAML text (every document of the stream) into trees.
 * @throws {SourceSyntaxError} on the first syntax error
 */
export function parseYamlTrees(text: string): TreeNode[] {
  const documents = parseAllDocuments(text, { prettyErrors: false });
  if (!Array.isArray(documents)) return [];
  const trees: TreeNode[] = [];
  for (const document of documents) {
    const error = document.errors[0];
    if (error) throw new SourceSyntaxError(firstLine(error.message), error.pos[0]);
    if (document.contents) {
      const tree = fromYaml(document.contents, false);
      if (tree) trees.push(tree);
    }
  }
  return trees;
}

/**
 * Parse JSON text into a tree.
 * @throws {SourceSyntaxError} on the first syntax error
 */
export function parseJsonTrees(text: string): TreeNode[] {
  return [parseJsonTree(text)];
}

function fromYaml(node: ParsedNode | YamlNode, inFlow: boolean): TreeNode | undefined {
  const range = node.range;
  if (!range) return undefined;
  const [start, end] = range;
  if (isScalar(node)) {
    const block = node.type === Scalar.BLOCK_LITERAL || node.type === Scalar.BLOCK_FOLDED;
    return { kind: "scalar", start, end, flow: inFlow, value: node.value, block };
  }
  if (isMap(node)) {
    const flow = inFlow || node.flow === true;
    const entries = node.items.flatMap((pair) => {
      const key = pair.key;
      if (!isScalar(key) || !key.range) return [];
      const value = pair.value ? fromYaml(pair.value as YamlNode, flow) : undefined;
      return [{ key: String(key.value), keyStart: key.range[0], value }];
    });
    return { kind: "map", start, end, flow, entries };
  }
  if (isSeq(node)) {
    const flow = inFlow || node.flow === true;
    const items = node.items.flatMap((item) => {
      const tree = item && typeof item === "object" ? fromYaml(item as YamlNode, flow) : undefined;
      return tree ? [tree] : [];
    });
    return { kind: "seq", start, end, flow, items };
  }
  return undefined;
}

function firstLine(message: string): string {
  return message.split("\n")[0] ?? message;
}
