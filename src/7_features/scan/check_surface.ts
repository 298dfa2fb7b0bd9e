/** @module Runs every surface rule (SCAN-001..010) over the surfaces of the scanned servers; pure, no I/O. */

import { annotationContradictions } from "./annotations.ts";
import { encodedBlobs, exfiltration, urlsInText } from "./exfiltration.ts";
import { hiddenCharacters } from "./hidden_chars.ts";
import { modelInstructions } from "./model_instructions.ts";
import { nameFindings } from "./names.ts";
import { sensitiveFiles } from "./sensitive_files.ts";
import { shadowing } from "./shadowing.ts";
import { textFields } from "./text_fields.ts";
import type { Finding, ServerSurface } from "./types.ts";

/** Tool names of the other servers: name -> the first server that has it. */
function foreignTools(surfaces: readonly ServerSurface[], server: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const surface of surfaces) {
    if (surface.server === server) continue;
    for (const item of surface.items) {
      if (item.kind === "tool" && item.key !== "" && !names.has(item.key)) {
        names.set(item.key, surface.server);
      }
    }
  }
  const own = new Set(
    surfaces.find((s) => s.server === server)?.items.filter((i) => i.kind === "tool")
      .map((i) => i.key),
  );
  for (const name of own) names.delete(name);
  return names;
}

/**
 * Every finding of rules SCAN-001 to SCAN-010 over `surfaces` (one per scanned server), in
 * server order, then item order, then rule order; the name rules (SCAN-008, SCAN-009) compare
 * the servers with each other.
 */
export function checkSurfaces(surfaces: readonly ServerSurface[]): Finding[] {
  const findings: Finding[] = [];
  for (const surface of surfaces) {
    const foreign = foreignTools(surfaces, surface.server);
    for (const item of surface.items) {
      const fields = textFields(item.value);
      findings.push(
        ...hiddenCharacters(surface.server, item, fields),
        ...modelInstructions(surface.server, item, fields),
        ...sensitiveFiles(surface.server, item, fields),
        ...exfiltration(surface.server, item, fields),
        ...urlsInText(surface.server, item, fields),
        ...encodedBlobs(surface.server, item, fields),
        ...shadowing(surface.server, item, fields, foreign),
        ...annotationContradictions(surface.server, item),
      );
    }
  }
  findings.push(...nameFindings(surfaces));
  return sortFindings(findings, surfaces);
}

/** Findings by server order, then item order within the server, then rule id. */
export function sortFindings(findings: Finding[], surfaces: readonly ServerSurface[]): Finding[] {
  const serverIndex = new Map(surfaces.map((s, i) => [s.server, i]));
  const itemIndex = new Map<string, number>();
  for (const surface of surfaces) {
    surface.items.forEach((item, i) =>
      itemIndex.set(`${surface.server}\0${item.kind}\0${item.key}`, i)
    );
  }
  const key = (f: Finding) => [
    serverIndex.get(f.location.server) ?? 1e9,
    itemIndex.get(`${f.location.server}\0${f.location.kind}\0${f.location.item}`) ?? 1e9,
  ];
  return findings.map((f, i) => ({ f, i })).sort((a, b) => {
    const [sa, ia] = key(a.f), [sb, ib] = key(b.f);
    return sa! - sb! || ia! - ib! || (a.f.rule < b.f.rule ? -1 : a.f.rule > b.f.rule ? 1 : 0) ||
      a.i - b.i;
  }).map(({ f }) => f);
}
