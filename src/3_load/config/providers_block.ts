/** @module Reads the `providers:` blocks of a suite's files into named provider settings (wire format, base URL, key variable, prices). */

import { ConfigError } from "../../0_base/errors/errors.ts";
import { type Found, resolveNode } from "./agent_block_context.ts";
import type { ModelPrice, ProviderFamily } from "./agent_types.ts";
import type { ProviderConfig } from "./model_providers.ts";
import type { DocumentView } from "./types.ts";

/** The built-in provider families: a `providers:` entry named after one needs no `type:`. */
const FAMILIES: readonly ProviderFamily[] = ["anthropic", "openai", "google", "mistral"];

type RawProvider = Readonly<Record<string, unknown>>;

/**
 * Every `providers:` entry of the documents, by name (interpolated; secrets they resolve join
 * `found`). A bad `base_url`, an entry with no type and a name declared twice are positioned
 * errors in `found`, and the entry is left out.
 */
export function readProviders(
  docs: readonly DocumentView[],
  found: Found,
): Map<string, ProviderConfig> {
  const providers = new Map<string, ProviderConfig>();
  for (const doc of docs) {
    if (doc.value.providers === undefined) continue;
    const block = resolveNode(found, doc, ["providers"]) as Record<string, RawProvider> | undefined;
    for (const [name, entry] of Object.entries(block ?? {})) {
      const read = readProvider(doc, name, entry, providers);
      if (read instanceof ConfigError) found.errors.push(read);
      else providers.set(name, read);
    }
  }
  return providers;
}

/** One entry, or the error that keeps it out (`known`: the entries read before it). */
function readProvider(
  doc: DocumentView,
  name: string,
  entry: RawProvider,
  known: ReadonlyMap<string, ProviderConfig>,
): ProviderConfig | ConfigError {
  if (typeof entry.base_url === "string" && !/^https?:\/\/[^\s]+$/.test(entry.base_url)) {
    return new ConfigError(
      `provider "${name}" base_url must be an http:// or https:// URL, got ${
        JSON.stringify(entry.base_url)
      }`,
      doc.positionOf(["providers", name, "base_url"]),
    );
  }
  const family = FAMILIES.includes(name as ProviderFamily) ? name as ProviderFamily : undefined;
  const type = (entry.type as ProviderFamily | undefined) ?? family;
  if (!type) {
    return new ConfigError(
      `provider "${name}" has no type:; expected type: openai (an OpenAI-compatible endpoint)`,
      doc.positionOf(["providers", name], "key"),
    );
  }
  if (known.has(name)) {
    return new ConfigError(
      `provider "${name}" is declared twice`,
      doc.positionOf(["providers", name], "key"),
    );
  }
  return {
    name,
    type,
    prices: pricesOf(entry.prices),
    ...(typeof entry.base_url === "string" ? { baseUrl: entry.base_url } : {}),
    ...(typeof entry.api_key_env === "string" ? { apiKeyEnv: entry.api_key_env } : {}),
  };
}

/** `prices:` as written (`{input, output}` per model id) in USD per million tokens. */
function pricesOf(written: unknown): Record<string, ModelPrice> {
  const prices = (written ?? {}) as Record<string, { input: number; output: number }>;
  return Object.fromEntries(
    Object.entries(prices).map((
      [id, p],
    ) => [id, { inputUsdPerMtok: p.input, outputUsdPerMtok: p.output }]),
  );
}
