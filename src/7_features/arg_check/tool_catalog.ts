/** @module The tools a recording says a server has (name -> tool, inputSchema included): read from a server's cassette or from a capture file's sessions. */

import { asCassette, parseCassetteJson } from "../../2_connect/cassette/format.ts";
import { readCassetteIfAny, shownPath } from "../../2_connect/cassette/store.ts";
import { redactUrl } from "../../0_base/util/redact_url.ts";
import { targetLabel } from "../../2_connect/transport/target_label.ts";
import type { ServerTarget } from "../../2_connect/transport/target.ts";
import { parseCapture } from "../../5_execute/compliance/invariants/capture_file.ts";
import { type CaptureLike, surfaceOf } from "../surface_diff/surface.ts";
import type { Item } from "../surface_diff/types.ts";

/** The tool list of one recording. */
export interface ToolCatalog {
  /** The file it was read from, as shown to people. */
  readonly source: string;
  /** Every listed tool by name, as the server described it. */
  readonly tools: ReadonlyMap<string, Item>;
}

/** A capture session's tool list, with the server label that says which server it is. */
export interface LabeledCatalog {
  /** The session's `server_label` (a redacted target). */
  readonly label: string;
  readonly catalog: ToolCatalog;
}

/**
 * The tools of a recorded session, when it holds a whole tools/list (every page); undefined when
 * it does not (no listing, an error, a last page with a nextCursor).
 */
export function catalogOf(capture: CaptureLike, source: string): ToolCatalog | undefined {
  const listing = surfaceOf(capture, source).listings.tool;
  return listing.known ? { source, tools: listing.items } : undefined;
}

/** Reads a cassette's text: undefined when there is none; throws when it cannot be read. */
export type CassetteReader = (path: string) => Promise<string | undefined>;

/**
 * The tool list of the cassette at `path`, when there is one that reads and lists tools whole.
 * A missing, unreadable or damaged cassette gives undefined: `run` reports those on its own.
 * @param read how the cassette is read (default: the run's cassette reader, whose text a replay reuses)
 */
export async function cassetteCatalog(
  path: string,
  cwd: string,
  read: CassetteReader = (path) => readCassetteIfAny(path, cwd),
): Promise<ToolCatalog | undefined> {
  const shown = shownPath(path, cwd);
  try {
    const text = await read(path);
    if (text === undefined) return undefined;
    return catalogOf(parseCassetteJson(text, shown, asCassette), shown);
  } catch {
    return undefined;
  }
}

/**
 * The tool list of each session of a capture file's text (seed 003) that lists tools whole; a
 * text that is no capture gives none.
 */
export function captureCatalogs(text: string, shown: string): LabeledCatalog[] {
  let sessions: CaptureLike[];
  try {
    sessions = parseCapture(text, shown);
  } catch {
    return [];
  }
  return sessions.flatMap((session, i) => {
    const where = sessions.length > 1 ? `${shown}#${i + 1}` : shown;
    const catalog = catalogOf(session, where);
    return catalog ? [{ label: session.server_label, catalog }] : [];
  });
}

/** The label a capture gives a server with `target` (what its `server_label` would say). */
export function captureLabel(target: ServerTarget): string {
  return redactUrl(targetLabel(target));
}
