/** @module A rule's RFC 2119 severity in one corpus revision (the registry's default or its per-revision override). */

import type { RegistryEntry, RuleSeverity } from "./types.ts";

/** The severity of `entry` in corpus revision `version` (`v2025-06-18`, `draft`). */
export function severityIn(entry: RegistryEntry, version: string): RuleSeverity {
  return entry.severities?.[version] ?? entry.severity;
}
