/** @module The architecture check: every import under src/ goes down the layer order, never into another folder's private (`_`) file, and no two folders depend on each other through a cycle. */

/** One import statement (type imports included) between two files under the checked root. */
export interface ImportEdge {
  /** The importing file, relative to the root (`2_connect/session/session.ts`). */
  readonly from: string;
  /** 1-based line of the import. */
  readonly line: number;
  /** The imported file, relative to the root. */
  readonly to: string;
  /** `import type` / `export type`. */
  readonly typeOnly: boolean;
}

/** What is wrong, at `file:line`. */
export interface Violation {
  readonly file: string;
  readonly line: number;
  readonly message: string;
}

/** The layer order, lowest first: a layer's folders may import their own layer and those below. */
export interface LayerOrder {
  /** Layer names in order; a file's layer is its first path segment (`2_connect/...`). */
  readonly layers: readonly string[];
}

/** The layer index of a file: its first path segment's place in the order (-1: none). */
export function layerOf(file: string, order: LayerOrder): number {
  const first = file.split("/")[0] ?? "";
  return order.layers.indexOf(first);
}

/** The folder a file belongs to (its directory; files at the root belong to ""). */
export function folderOf(file: string): string {
  const slash = file.lastIndexOf("/");
  return slash === -1 ? "" : file.slice(0, slash);
}

function isPrivate(file: string): boolean {
  return (file.split("/").at(-1) ?? "").startsWith("_");
}

/**
 * Check `edges` against the layer order. A file of a layer that is not in the order is a violation
 * too (a new top folder must take its place in the order).
 * @returns every upward import, every import of another folder's private file, every file outside
 *   the order, and one edge of every cycle between folders; sorted by file and line
 */
export function checkArchitecture(
  edges: readonly ImportEdge[],
  order: LayerOrder,
): Violation[] {
  const violations: Violation[] = [];
  const unplaced = new Set<string>();
  for (const edge of edges) {
    for (const file of [edge.from, edge.to]) {
      if (layerOf(file, order) === -1 && !unplaced.has(file)) {
        unplaced.add(file);
        violations.push({
          file,
          line: 1,
          message: `${file} is in no layer; expected under one of: ${order.layers.join(", ")}`,
        });
      }
    }
    const from = layerOf(edge.from, order);
    const to = layerOf(edge.to, order);
    const kind = edge.typeOnly ? "a type import" : "an import";
    if (from !== -1 && to > from) {
      violations.push({
        file: edge.from,
        line: edge.line,
        message: `${kind} of ${edge.to} reaches up from layer ${order.layers[from]} to layer ${
          order.layers[to]
        }; a layer imports only its own and lower layers (${order.layers.join(" < ")})`,
      });
    }
    if (isPrivate(edge.to) && folderOf(edge.to) !== folderOf(edge.from)) {
      violations.push({
        file: edge.from,
        line: edge.line,
        message: `${kind} of ${edge.to}, a private file of another folder (${
          folderOf(edge.to)
        }); import what that folder exports instead`,
      });
    }
  }
  violations.push(...folderCycles(edges));
  return violations.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

/** One violation per cycle between folders (strongly connected components of two or more). */
function folderCycles(edges: readonly ImportEdge[]): Violation[] {
  const graph = new Map<string, Map<string, ImportEdge>>();
  for (const edge of edges) {
    const a = folderOf(edge.from);
    const b = folderOf(edge.to);
    if (a === b) continue;
    const out = graph.get(a) ?? new Map<string, ImportEdge>();
    graph.set(a, out);
    if (!out.has(b)) out.set(b, edge);
    if (!graph.has(b)) graph.set(b, new Map());
  }
  return stronglyConnected(graph).filter((component) => component.length > 1).map(
    (component) => {
      const members = new Set(component);
      const sorted = [...component].sort();
      const start = sorted[0]!;
      const [next, edge] = [...graph.get(start)!].find(([to]) => members.has(to))!;
      return {
        file: edge.from,
        line: edge.line,
        message: `folders ${sorted.join(", ")} import each other in a cycle (${start} -> ${next} ` +
          `here); break it by moving what both need into the lower one`,
      };
    },
  );
}

/** Tarjan's strongly connected components, iteratively (no recursion depth limit). */
function stronglyConnected(graph: ReadonlyMap<string, ReadonlyMap<string, unknown>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work: Array<{ node: string; next: Iterator<string> }> = [];
    const visit = (node: string) => {
      index.set(node, counter);
      low.set(node, counter++);
      stack.push(node);
      onStack.add(node);
      work.push({ node, next: graph.get(node)?.keys() ?? [][Symbol.iterator]() });
    };
    visit(root);
    while (work.length > 0) {
      const frame = work.at(-1)!;
      const step = frame.next.next();
      if (!step.done) {
        const child = step.value;
        if (!index.has(child)) visit(child);
        else if (onStack.has(child)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(child)!));
        }
        continue;
      }
      work.pop();
      const parent = work.at(-1);
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        components.push(component);
      }
    }
  }
  return components;
}
