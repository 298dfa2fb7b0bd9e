/** @module The plain data of `mcptest scan`: surfaces read from servers, findings, the report reporters render. */

/** How bad a finding is; `--fail-on` picks the lowest that fails the scan. */
export type ScanSeverity = "high" | "medium" | "low";

/** Every severity, highest first. */
export const SEVERITIES: readonly ScanSeverity[] = ["high", "medium", "low"];

/** The rank of a severity (high 3, medium 2, low 1): a finding fails the scan at or above `--fail-on`. */
export function severityRank(severity: ScanSeverity): number {
  return severity === "high" ? 3 : severity === "medium" ? 2 : 1;
}

/** The kinds of things a server advertises. */
export type ItemKind = "tool" | "prompt" | "resource" | "resource_template";

/** Every item kind, in the order a report lists them. */
export const ITEM_KINDS: readonly ItemKind[] = ["tool", "prompt", "resource", "resource_template"];

/** One advertised item, as the server sent it (hostile: never printed unescaped). */
export interface SurfaceItem {
  /** What it is. */
  readonly kind: ItemKind;
  /** Its key: the name (tools, prompts, templates) or the URI (resources). */
  readonly key: string;
  /** The item as listed. */
  readonly value: Readonly<Record<string, unknown>>;
}

/** Everything one server advertises. */
export interface ServerSurface {
  /** The server's name (from the suite or `--server NAME=TARGET`). */
  readonly server: string;
  /** Every item, tools first, in listing order. */
  readonly items: readonly SurfaceItem[];
}

/** Where a finding is: which server and item, and the JSON path inside the item. */
export interface FindingLocation {
  /** The server's name. */
  readonly server: string;
  /** The item's kind; `server` for a finding about the server as a whole. */
  readonly kind: ItemKind | "server";
  /** The item's key (tool name, prompt name, resource URI, template name). */
  readonly item: string;
  /** The JSON path inside the item (`description`, `inputSchema.properties.path.description`). */
  readonly path: string;
}

/** One finding of one rule. */
export interface Finding {
  /** The rule id (`SCAN-001`). */
  readonly rule: string;
  /** The rule's severity for this finding (some rules grade their findings). */
  readonly severity: ScanSeverity;
  /** Where it is. */
  readonly location: FindingLocation;
  /** What was found, in one line (mcptest's words; quotes of server text are escaped). */
  readonly message: string;
  /** The offending text, escaped: hidden characters shown as `\u{...}`, cut around the match. */
  readonly evidence: string;
  /** For a changed pin: the line diff of the item (`-` pinned, `+` now), escaped. */
  readonly diff?: readonly string[];
}

/** One server as the scan saw it. */
export interface ScannedServer {
  /** The server's name. */
  readonly name: string;
  /** Its target, redacted (`stdio://...` or the URL). */
  readonly target: string;
  /** Where the suite declares it (`file:line:col`), when it comes from a suite. */
  readonly declaredAt?: { readonly file: string; readonly line: number; readonly col: number };
  /** Whether its surface was read. */
  readonly status: "scanned" | "failed";
  /** Why it could not be read, when it could not. */
  readonly failure?: string;
  /** How many items of each kind it advertised. */
  readonly counts: Readonly<Record<ItemKind, number>>;
  /**
   * The pin check: `matched` (same as the lock), `changed` (findings SCAN-011), `unpinned` (no
   * entry in the lock), `updated` (`-u` wrote it), `off` (no lock file in use).
   */
  readonly pin: "matched" | "changed" | "unpinned" | "updated" | "off";
}

/** Counts of findings by severity. */
export type SeverityCounts = Readonly<Record<ScanSeverity, number>>;

/** The whole result of a scan (json reporter: this object). */
export interface ScanReport {
  /** Shape version of this report. */
  readonly version: 1;
  /** The severity at or above which the scan fails. */
  readonly failOn: ScanSeverity;
  /** Every server scanned, in order. */
  readonly servers: readonly ScannedServer[];
  /** Every finding, by server then item order, then rule. */
  readonly findings: readonly Finding[];
  /** Findings by severity. */
  readonly summary: SeverityCounts;
  /** The lock file used (relative as given), when one was. */
  readonly lock?: string;
  /** `pass` when no finding is at or above `failOn` and every server was read; `fail` otherwise. */
  readonly status: "pass" | "fail";
}
