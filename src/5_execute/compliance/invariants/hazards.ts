/** @module Composition hazards: what goes wrong only when two or more servers sit behind one client. */

import type { CapturedSession, Hazard } from "./types.ts";

function toolNames(session: CapturedSession): Set<string> {
  const names = new Set<string>();
  for (const e of session.exchanges) {
    if (e.request.method !== "tools/list") continue;
    const tools = (e.response?.result as { tools?: unknown } | undefined)?.tools;
    if (!Array.isArray(tools)) continue;
    for (const tool of tools) {
      if (tool && typeof (tool as { name?: unknown }).name === "string") {
        names.add((tool as { name: string }).name);
      }
    }
  }
  return names;
}

function requestIds(session: CapturedSession): Set<string> {
  return new Set(
    session.exchanges.filter((e) => e.request.id !== undefined && e.request.id !== null)
      .map((e) => JSON.stringify(e.request.id)),
  );
}

/**
 * The server a session belongs to: its label without the `#N` connection suffix mcptest adds to a
 * second, third... connection to the same target. Sessions of one server never collide.
 */
export function serverOf(label: string): string {
  return label.replace(/#\d+$/, "");
}

function collisions(
  sessions: readonly CapturedSession[],
  keys: (s: CapturedSession) => Set<string>,
): Map<string, string[]> {
  const owners = new Map<string, Set<string>>();
  for (const session of sessions) {
    const server = serverOf(session.server_label);
    for (const key of keys(session)) {
      owners.set(key, (owners.get(key) ?? new Set()).add(server));
    }
  }
  return new Map(
    [...owners].filter(([, servers]) => servers.size > 1).map(([key, servers]) =>
      [key, [...servers]] as [string, string[]]
    ).sort(([a], [b]) => a.localeCompare(b)),
  );
}

/**
 * Tool-name overlaps and request-id collisions across the sessions of different servers (none for
 * a single session; several connections to one server, `label` and `label#2`, are one server).
 */
export function findHazards(sessions: readonly CapturedSession[]): Hazard[] {
  if (sessions.length < 2) return [];
  const hazards: Hazard[] = [];
  for (const [tool, servers] of collisions(sessions, toolNames)) {
    hazards.push({
      kind: "tool-name-overlap",
      subject: tool,
      servers,
      message: `tool "${tool}" is exposed by ${
        servers.join(" and ")
      }: a client that does not namespace tools (<server>__${tool}) routes it ambiguously`,
    });
  }
  for (const [id, servers] of collisions(sessions, requestIds)) {
    hazards.push({
      kind: "request-id-collision",
      subject: id,
      servers,
      message: `request id ${id} is used with ${
        servers.join(" and ")
      }: on one shared transport the answers cannot be told apart`,
    });
  }
  return hazards;
}
