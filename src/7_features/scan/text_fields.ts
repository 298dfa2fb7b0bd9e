/** @module Every piece of text of an advertised item, with its JSON path: what the rules read. */

/** One string of an item (a value or an object key) and where it is. */
export interface TextField {
  /** The JSON path inside the item (`inputSchema.properties.path.description`). */
  readonly path: string;
  /** The text itself, as the server sent it. */
  readonly text: string;
  /**
   * Prose a model reads as guidance: a `description` or `title` string anywhere in the item
   * (the item's own, a schema property's, a prompt argument's, `annotations.title`).
   */
  readonly prose: boolean;
  /** The string is an object key (a property name), not a value. */
  readonly key: boolean;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Append a key to a JSON path: `a.b`, or `a["odd key"]` when it is not an identifier. */
export function joinPath(path: string, key: string | number): string {
  if (typeof key === "number") return `${path}[${key}]`;
  if (IDENTIFIER.test(key)) return path === "" ? key : `${path}.${key}`;
  return `${path}[${JSON.stringify(key)}]`;
}

/** The keys whose string value is prose. */
const PROSE_KEYS = new Set(["description", "title"]);

/** The most nodes one item is walked for (a hostile schema cannot make the scan unbounded). */
const MAX_NODES = 20_000;

/** Every string of `value` (values and keys), depth first, in document order. */
export function textFields(value: unknown): TextField[] {
  const out: TextField[] = [];
  let budget = MAX_NODES;
  const walk = (node: unknown, path: string, parentKey: string | undefined) => {
    if (--budget < 0) return;
    if (typeof node === "string") {
      const prose = parentKey !== undefined && PROSE_KEYS.has(parentKey);
      out.push({ path, text: node, prose, key: false });
      return;
    }
    if (Array.isArray(node)) {
      node.forEach((child, i) => walk(child, joinPath(path, i), undefined));
      return;
    }
    if (node !== null && typeof node === "object") {
      for (const [key, child] of Object.entries(node)) {
        const at = joinPath(path, key);
        out.push({ path: at, text: key, prose: false, key: true });
        walk(child, at, key);
      }
    }
  };
  walk(value, "", undefined);
  return out;
}
