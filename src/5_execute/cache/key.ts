/** @module The cache key: a SHA-256 over every input that can change a test's outcome (docs/cache.md). */

import { sha256 } from "../../2_connect/cassette/connect.ts";
import { canonicalJson } from "../../0_base/util/canonical_json.ts";
import type { NormalizeRule } from "../../2_connect/cassette/format.ts";
import type { TestCase } from "../../3_load/config/types.ts";

/** Bumped when the key material or the entry shape changes: old entries are never read again. */
export const CACHE_FORMAT = 1;

/** Everything a cached result depends on. */
export interface KeyInputs {
  /** The test after interpolation: its call (args), assertions (targets, matchers), budgets, expect_error, file and positions. */
  readonly test: TestCase;
  /** The server's name and pinned revision. */
  readonly server: { readonly name: string; readonly revision?: string | undefined };
  /** SHA-256 of the cassette file the server replays. */
  readonly cassetteHash: string;
  /** The suite's `cassette.normalize:` rules (they change replay matching). */
  readonly normalize: readonly NormalizeRule[];
  /** SHA-256 of the run's secrets (redaction changes replay matching); never the values. */
  readonly secretsHash: string;
  /** mcptest's version. */
  readonly toolVersion: string;
}

/** The hash of a list of secrets (sorted), for the key: the values never reach a cache file. */
export async function secretsHash(secrets: readonly string[]): Promise<string> {
  return await sha256(canonicalJson([...new Set(secrets)].sort()));
}

/** The cache key of one test: hex SHA-256 of the canonical JSON of {@link KeyInputs}. */
export async function cacheKey(inputs: KeyInputs): Promise<string> {
  const { order: _order, ...test } = inputs.test; // the position in the suite does not change the outcome
  return await sha256(canonicalJson({
    format: CACHE_FORMAT,
    mcptest: inputs.toolVersion,
    test,
    server: { name: inputs.server.name, protocolVersion: inputs.server.revision ?? null },
    cassette: inputs.cassetteHash,
    normalize: inputs.normalize,
    secrets: inputs.secretsHash,
  }));
}
