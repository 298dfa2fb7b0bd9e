/** @module Small constructors the rules share: a finding at an item's field. */

import type { Finding, ScanSeverity, SurfaceItem } from "./types.ts";

/** A finding of `rule` at `path` of `item` on `server`. */
export function findingAt(
  server: string,
  item: SurfaceItem,
  path: string,
  rule: string,
  severity: ScanSeverity,
  message: string,
  evidence: string,
): Finding {
  return {
    rule,
    severity,
    location: { server, kind: item.kind, item: item.key, path },
    message,
    evidence,
  };
}
