/** @module MCP Apps facts for the APPS rules: which tools declare a UI resource, and what its read and listing show (plain data, no I/O). */

/** The flat tool `_meta` key MCP Apps deprecated in favour of `_meta.ui.resourceUri`. */
export const LEGACY_RESOURCE_URI_KEY = "ui/resourceUri";

/** How many characters of a UI resource's HTML a rule sees (after a BOM, whitespace and comments). */
export const DOCUMENT_START_CHARS = 64;

/** A tool that names a UI resource in its `_meta`. */
export interface UiDeclaration {
  /** The tool's name, as listed. */
  readonly tool: unknown;
  /** The declared resource: `_meta.ui.resourceUri`, else the deprecated `_meta["ui/resourceUri"]`. */
  readonly uri: unknown;
  /** The tool names its resource only under the deprecated flat key. */
  readonly legacy_only: boolean;
  /** The tool's `_meta.ui.visibility`, when it has one. */
  readonly visibility?: unknown;
}

/** What one `contents` item of a UI resource's read carried, its HTML reduced to how it is sent. */
export interface ContentFact {
  readonly mimeType: unknown;
  readonly _meta: unknown;
  /** `text` (a string), `blob` (a string), or null when the item has neither as a string. */
  readonly body: "text" | "blob" | null;
  /** The length of the text, or of the decoded blob (0 when there is none). */
  readonly length: number;
  /** The body is text, or a blob that is base64. */
  readonly base64: boolean;
}

type Rec = Record<string, unknown>;
const isRecord = (v: unknown): v is Rec => typeof v === "object" && v !== null && !Array.isArray(v);

/** The tools of a `tools/list` result that declare a UI resource, in listing order. */
export function uiDeclarations(tools: unknown): UiDeclaration[] {
  if (!Array.isArray(tools)) return [];
  const found: UiDeclaration[] = [];
  for (const tool of tools) {
    if (!isRecord(tool) || !isRecord(tool._meta)) continue;
    const ui = tool._meta.ui;
    const modern = isRecord(ui) && ui.resourceUri !== undefined ? ui.resourceUri : undefined;
    const legacy = tool._meta[LEGACY_RESOURCE_URI_KEY];
    if (modern === undefined && legacy === undefined) continue;
    const visibility = isRecord(ui) ? ui.visibility : undefined;
    found.push({
      tool: tool.name,
      uri: modern ?? legacy,
      legacy_only: modern === undefined,
      ...(visibility === undefined ? {} : { visibility }),
    });
  }
  return found;
}

/** The item of a read's `contents` that is the resource (same uri), or null when none is. */
export function matchingContent(contents: unknown, uri: string): Rec | null {
  if (!Array.isArray(contents)) return null;
  return contents.find((c): c is Rec => isRecord(c) && c.uri === uri) ?? null;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The HTML an item carries: its text, or its blob decoded as UTF-8 (null when neither is usable). */
export function htmlOf(item: Rec): string | null {
  if (typeof item.text === "string") return item.text;
  if (typeof item.blob !== "string" || !BASE64.test(item.blob)) return null;
  const bytes = Uint8Array.from(atob(item.blob), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** A `contents` item as a rule sees it: every field but the HTML, which becomes how it was sent. */
export function contentFact(item: Rec): ContentFact {
  const body = typeof item.text === "string"
    ? "text"
    : typeof item.blob === "string"
    ? "blob"
    : null;
  const html = htmlOf(item);
  return {
    mimeType: item.mimeType,
    _meta: item._meta,
    body,
    length: html?.length ?? 0,
    base64: body === "text" || html !== null,
  };
}

const LEADING = /^(?:\s+|<!--[\s\S]*?-->)*/;

/**
 * The first {@link DOCUMENT_START_CHARS} characters of an HTML text after what may precede a
 * DOCTYPE (a byte order mark, whitespace, comments): where a document's `<!DOCTYPE html>` is.
 */
export function documentStart(html: string): string {
  const text = html.startsWith("\uFEFF") ? html.slice(1) : html;
  return text.replace(LEADING, "").slice(0, DOCUMENT_START_CHARS);
}

/** A `resources/list` entry as a rule sees it (mimeType, `_meta`), or null when not listed. */
export function listedFact(resources: unknown, uri: unknown): Rec | null {
  if (!Array.isArray(resources)) return null;
  const entry = resources.find((r): r is Rec => isRecord(r) && r.uri === uri);
  return entry ? { mimeType: entry.mimeType, _meta: entry._meta } : null;
}

/** The uris of a read's `contents` (what came back instead, when none is the resource's). */
export function contentUris(contents: unknown): unknown[] {
  return Array.isArray(contents) ? contents.map((c) => isRecord(c) ? c.uri : c) : [];
}

/**
 * Facts keyed by tool name, so a failing rule's path names the tool (`/show_chart/content/...`);
 * a name listed twice (or not a string) gets a `#N` suffix of its position instead.
 */
export function keyedByTool<T extends { readonly tool: unknown }>(
  facts: readonly T[],
): Record<string, Omit<T, "tool">> {
  const out: Record<string, Omit<T, "tool">> = {};
  facts.forEach(({ tool, ...rest }, i) => {
    const name = typeof tool === "string" && !Object.hasOwn(out, tool)
      ? tool
      : `${String(tool)}#${i}`;
    Object.defineProperty(out, name, { value: rest, enumerable: true, writable: true });
  });
  return out;
}
