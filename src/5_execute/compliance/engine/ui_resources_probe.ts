/** @module The `ui_resources` probe (MCP Apps): list the tools, read the UI resource each one names, and build the `apps` root the APPS rules judge. */

import type { Exchange, Session } from "../../../2_connect/session/types.ts";
import { followPages } from "../../runner/pages.ts";
import {
  contentFact,
  contentUris,
  documentStart,
  htmlOf,
  keyedByTool,
  listedFact,
  matchingContent,
  type UiDeclaration,
  uiDeclarations,
} from "./ui_resource_facts.ts";

/** What the probe saw of one tool's UI resource. */
export interface UiResourceFact extends UiDeclaration {
  /**
   * The read: its JSON-RPC error (null when it answered), why it got no answer, and the uris its
   * `contents` held; null when the uri is not a string (nothing to read).
   */
  readonly read: {
    readonly error: unknown;
    readonly failure: string | null;
    readonly returned: readonly unknown[];
  } | null;
  /** The `contents` item whose uri is the resource's, or null (not read, or not returned). */
  readonly content: ReturnType<typeof contentFact> | null;
  /** The start of its HTML (see {@link documentStart}), or null when it has none. */
  readonly document_start: string | null;
  /** Its `resources/list` entry (mimeType, `_meta`), or null when it is not listed. */
  readonly listed: Record<string, unknown> | null;
}

/** What the probe found: the root (`apps.tools`, `apps.resources`), and why a pass proves nothing. */
export interface UiResourcesOutcome {
  /** `apps.tools`: how many tools declare a UI resource; `apps.resources`: one fact per tool. */
  readonly root: Record<string, unknown>;
  /** Why the server could not be asked (a `tools/list` that failed). */
  readonly failure?: string;
  /** Why a pass would prove nothing (no tool declares a UI resource). */
  readonly unverified?: string;
}

/** Why an APPS rule has nothing to judge on a server whose tools declare no UI resource. */
export const NO_UI_TOOLS = "no tool declares a UI resource (_meta.ui.resourceUri), " +
  "so there is no MCP App to check";

type Read = { readonly exchange: Exchange };

function resultOf(exchange: Exchange): Record<string, unknown> | undefined {
  const result = exchange.response?.result;
  return typeof result === "object" && result !== null
    ? result as Record<string, unknown>
    : undefined;
}

/** One declaration's facts, from the read of its uri (when it has one) and the listing. */
function factOf(
  declaration: UiDeclaration,
  read: Read | undefined,
  listed: unknown,
): UiResourceFact {
  const listing = listedFact(listed, declaration.uri);
  if (read === undefined || typeof declaration.uri !== "string") {
    return { ...declaration, read: null, content: null, document_start: null, listed: listing };
  }
  const { exchange } = read;
  const contents = resultOf(exchange)?.contents;
  const item = matchingContent(contents, declaration.uri);
  const html = item === null ? null : htmlOf(item);
  return {
    ...declaration,
    read: {
      error: exchange.response?.error ?? null,
      failure: exchange.failure ? `${exchange.failure.kind}: ${exchange.failure.message}` : null,
      returned: contentUris(contents),
    },
    content: item === null ? null : contentFact(item),
    document_start: html === null ? null : documentStart(html),
    listed: listing,
  };
}

/**
 * Run the probe: `tools/list` (every page), then, when some tool declares a UI resource,
 * `resources/list` (every page; a server may leave UI resources out of it) and one
 * `resources/read` per distinct declared uri. Never throws for a server failure: a `tools/list`
 * that fails leaves no declaration (the rules' `verified_when` then reports nothing to check),
 * with the reason in `failure`. Every request is bounded by `timeoutMs`.
 */
export async function runUiResourcesProbe(
  session: Session,
  timeoutMs: number,
): Promise<UiResourcesOutcome> {
  const none = { apps: { tools: 0, resources: {} } };
  const tools = await followPages(session, "tools/list", {}, { timeoutMs });
  const toolsResult = resultOf(tools.exchange);
  if (toolsResult === undefined || tools.exchange.response?.error !== undefined) {
    const why = tools.exchange.failure?.message ??
      JSON.stringify(tools.exchange.response?.error ?? "no result");
    const failure = `tools/list: ${why}`;
    return { root: none, failure, unverified: `${failure}; no tool could be checked` };
  }
  const declarations = uiDeclarations(toolsResult.tools);
  if (declarations.length === 0) return { root: none, unverified: NO_UI_TOOLS };
  const listing = await followPages(session, "resources/list", {}, { timeoutMs });
  const listed = resultOf(listing.exchange)?.resources;
  const reads = new Map<string, Read>();
  for (const { uri } of declarations) {
    if (typeof uri !== "string" || reads.has(uri)) continue;
    reads.set(uri, { exchange: await session.request("resources/read", { uri }, { timeoutMs }) });
  }
  const resources = declarations.map((d) =>
    factOf(d, typeof d.uri === "string" ? reads.get(d.uri) : undefined, listed)
  );
  return { root: { apps: { tools: declarations.length, resources: keyedByTool(resources) } } };
}
