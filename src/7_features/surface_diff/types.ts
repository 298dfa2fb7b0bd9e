/** @module The plain data of a tool-surface diff: the surface of one server and the changes between two. */

/** The four kinds of item a server lists. */
export type Category = "tool" | "resource" | "resource_template" | "prompt";

/** Every category, in report order. */
export const CATEGORIES: readonly Category[] = ["tool", "resource", "resource_template", "prompt"];

/** The list method of each category and the field that names an item. */
export const LISTING: Readonly<Record<Category, { method: string; field: string; key: string }>> = {
  tool: { method: "tools/list", field: "tools", key: "name" },
  resource: { method: "resources/list", field: "resources", key: "uri" },
  resource_template: {
    method: "resources/templates/list",
    field: "resourceTemplates",
    key: "uriTemplate",
  },
  prompt: { method: "prompts/list", field: "prompts", key: "name" },
};

/** One listed item as the server described it (a tool, resource, template or prompt object). */
export type Item = Readonly<Record<string, unknown>>;

/** The listed items of one category, or why they are unknown. */
export type Listing =
  | { readonly known: true; readonly items: ReadonlyMap<string, Item> }
  | { readonly known: false; readonly reason: string };

/** What one server offers: its items per category. */
export interface Surface {
  /** Where it came from (a file, a redacted URL or command). */
  readonly label: string;
  /** The items of each category. */
  readonly listings: Readonly<Record<Category, Listing>>;
}

/** One difference between two surfaces. */
export interface Change {
  /** The kind of item. */
  readonly category: Category;
  /** The item's name (tools, prompts), URI (resources) or URI template. */
  readonly item: string;
  /** Where in the item, e.g. `inputSchema.properties.count.type` ("" for the item itself). */
  readonly path: string;
  /** A stable identifier of the rule, e.g. `removed`, `required_added`, `type_narrowed`. */
  readonly rule: string;
  /** Whether a client written against OLD can break against NEW. */
  readonly breaking: boolean;
  /** What changed, for a person. */
  readonly message: string;
}

/** The result of comparing OLD with NEW. */
export interface DiffResult {
  /** OLD's label. */
  readonly old: string;
  /** NEW's label. */
  readonly new: string;
  /** Every change, breaking or not, in category, item and path order. */
  readonly changes: readonly Change[];
  /** Categories not compared, because one side does not say what it lists. */
  readonly skipped: readonly { readonly category: Category; readonly reason: string }[];
}
