/** @module Which servers a scan reads: the `--server` values, and the suite's servers when a suite is given. */

import { UsageError } from "../../0_base/errors/errors.ts";
import { type LoadOptions, loadSuite } from "../../3_load/config/load_suite.ts";
import { serverFromFlag } from "../../3_load/config/server_spec.ts";
import type { ServerSpec } from "../../3_load/config/types.ts";

/** Where the servers of a scan come from. */
export interface ServerSources {
  /** `--server` values: `TARGET` (named "server") or `NAME=TARGET`, repeatable. */
  readonly servers?: readonly string[];
  /** `--header "Name: value"` values for `--server` URLs. */
  readonly headers?: readonly string[];
  /** Load this suite and scan its servers too (a `--server` of the same name overrides one). */
  readonly suite?: LoadOptions;
  /** Per-request timeout that replaces each server's own, in milliseconds. */
  readonly timeoutMs?: number;
}

/**
 * The servers to scan, in order (the suite's by name, then the `--server` ones), and the suite's
 * secrets (hidden in every output).
 * @throws {UsageError} no server at all, or two `--server` values with one name (exit 2)
 * @throws {ConfigErrors} a suite that does not load (exit 2)
 */
export async function resolveServers(
  sources: ServerSources,
): Promise<{ servers: ServerSpec[]; secrets: readonly string[] }> {
  const flagged = (sources.servers ?? []).map((flag) =>
    serverFromFlag(flag, {
      defaultName: "server",
      ...(sources.headers ? { headers: sources.headers } : {}),
    })
  );
  const names = new Set<string>();
  for (const server of flagged) {
    if (names.has(server.name)) {
      throw new UsageError(
        `two --server values are named "${server.name}"; name each one with NAME=TARGET`,
      );
    }
    names.add(server.name);
  }
  const suite = sources.suite ? await loadSuite(sources.suite) : undefined;
  const fromSuite = Object.values(suite?.servers ?? {})
    .filter((s) => !names.has(s.name))
    .sort((a, b) => a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  const all = [...fromSuite, ...flagged].map((s) =>
    sources.timeoutMs === undefined ? s : { ...s, timeoutMs: sources.timeoutMs }
  );
  if (all.length === 0) {
    throw new UsageError("no servers to scan: give --server TARGET, or a suite with servers:");
  }
  return { servers: all, secrets: suite?.secrets ?? [] };
}
