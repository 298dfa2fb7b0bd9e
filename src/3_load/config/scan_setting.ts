/** @module Reads the suite's `scan:` setting: `mcptest run` also scans the servers' tool descriptions (docs/scan.md). */

import { ConfigError } from "../../0_base/errors/errors.ts";
import type { DocumentView } from "./types.ts";
import { didYouMean } from "../../0_base/util/suggest.ts";

/** The `scan:` setting of a suite: run includes the tool-description scan of its servers. */
export interface ScanSetting {
  /** The lowest severity that fails the run (default `high`). */
  readonly failOn: "high" | "medium" | "low";
  /** Rule ids whose findings are dropped. */
  readonly ignore: readonly string[];
  /** The lock file that pins the surfaces (relative to the working directory), when set. */
  readonly lock?: string;
  /** The servers whose findings count, by name; absent: every server of the suite. */
  readonly servers?: readonly string[];
}

/**
 * The `scan:` of the first document that has one (`scan: true`, or a map with `fail_on`,
 * `ignore`, `lock`); undefined when none has, or it is `false`. A later `scan:` is an error in
 * `errors`, and so is a name in `servers:` that is none of `serverNames`.
 */
export function readScanSetting(
  docs: readonly DocumentView[],
  errors: ConfigError[],
  serverNames: readonly string[] = [],
): ScanSetting | undefined {
  const [first, ...later] = docs.filter((doc) => doc.value.scan !== undefined);
  for (const doc of later) {
    errors.push(
      new ConfigError(
        "scan: is declared in more than one file; declare it once (mcptest.yml)",
        doc.positionOf(["scan"], "key"),
      ),
    );
  }
  const value = first?.value.scan;
  if (value === undefined || value === false) return undefined;
  const raw = (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>;
  if (Array.isArray(raw.servers)) {
    raw.servers.forEach((name, i) => {
      if (serverNames.includes(String(name))) return;
      errors.push(
        new ConfigError(
          `unknown server "${name}" in scan.servers; expected one of: ${serverNames.join(", ")}${
            didYouMean(String(name), serverNames)
          }`,
          first!.positionOf(["scan", "servers", i]),
        ),
      );
    });
  }
  const failOn = raw.fail_on === "medium" || raw.fail_on === "low" ? raw.fail_on : "high";
  return {
    failOn,
    ignore: Array.isArray(raw.ignore) ? raw.ignore.map(String) : [],
    ...(typeof raw.lock === "string" ? { lock: raw.lock } : {}),
    ...(Array.isArray(raw.servers) ? { servers: raw.servers.map(String) } : {}),
  };
}
