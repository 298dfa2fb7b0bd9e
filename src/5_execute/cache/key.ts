/** @module The cache key: a SHA-256 over every input that can change a test's outcome (docs/cache.md). */

import { sha256 } from "../../2_connect/cassette/server_cassette.ts";
import { sha256Hex } from "../../0_base/util/sha256.ts";
import { canonicalJson } from "../../0_base/util/canonical_json.ts";
import type { NormalizeRule } from "../../2_connect/cassette/format.ts";
import type { TestCase } from "../../3_load/config/types.ts";
import { hmacHex } from "./secret.ts";
import { webHmacHex } from "../../0_base/util/web_digest.ts";

/**
 * Bumped when the key material or the store layout changes: old entries are never read again (3:
 * packs; 5: the test as its JSON text, the key over the replay prefix after the test, the entry's
 * MAC over its result as stored; 6: a pack sealed as a whole, with the sequences it keyed).
 */
export const CACHE_FORMAT = 6;

/**
 * What every test of one server shares in its key. With the test itself and the tests before it
 * on the server (the replay prefix, {@link prefixStep}), it is everything a cached result depends
 * on.
 */
export interface KeyContext {
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

/** The replay prefix before any test of a server. */
export const EMPTY_PREFIX = "";

/**
 * The JSON text of a test as its key sees it: everything but its position in the suite (which
 * does not change its outcome). The loader builds a test the same way from the same input, so an
 * unchanged test gives the same text; a test written another way (keys reordered) is another text,
 * which costs one miss, never a wrong hit. Computed once per test: it enters the key through the
 * replay prefix after the test ({@link prefixStep}).
 */
export function testText(test: TestCase): string {
  const { order: _order, ...rest } = test;
  return JSON.stringify(rest);
}

/** The replay prefix after a test (`text`: its {@link testText}): a hash chain, so keying 50,000 tests stays linear. */
export function prefixStep(prefix: string, text: string): string {
  return sha256Hex(`${prefix}\n${text}`);
}

/** The hash of a list of secrets (sorted), for the key: the values never reach a cache file. */
export async function secretsHash(secrets: readonly string[]): Promise<string> {
  return await sha256(canonicalJson([...new Set(secrets)].sort()));
}

/** The canonical JSON of a {@link KeyContext} (a run computes it once per server). */
export function keyContext(inputs: KeyContext): string {
  return canonicalJson({
    format: CACHE_FORMAT,
    mcptest: inputs.toolVersion,
    server: { name: inputs.server.name, protocolVersion: inputs.server.revision ?? null },
    cassette: inputs.cassetteHash,
    normalize: inputs.normalize,
    secrets: inputs.secretsHash,
  });
}

/**
 * The cache key of the test whose replay prefix, itself included, is `after` (the
 * {@link prefixStep} of the prefix before it and its {@link testText}: a hash that commits to the
 * test and to every test before it on its server): hex HMAC-SHA256, under the machine's cache
 * secret (./secret.ts), of `context` ({@link keyContext}) and `after`. Without the secret nobody
 * can compute where an entry goes.
 */
export function keyAfter(context: string, after: string, secret: string): string {
  return hmacHex(secret, `${context}\n${after}`);
}

/**
 * The key of a whole sequence: hex HMAC-SHA256, under the cache secret, of `context` and the
 * {@link testText} of every selected test of one server, in suite order (skipped ones too). It
 * covers everything each test's key covers (the same context, and every test of each replay
 * prefix), so a pack that recorded the keys of this sequence gives the very keys the chain would
 * (./run_keys.ts): one native HMAC instead of a hash chain over every test. Neither part holds a
 * raw line break (JSON text), so the lines are unambiguous.
 */
export function sequenceKey(
  context: string,
  texts: readonly string[],
  secret: string,
): Promise<string> {
  return webHmacHex(secret, `sequence\n${context}\n${texts.join("\n")}`);
}
