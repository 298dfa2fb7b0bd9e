/** @module Which provider answers a model: the auto-detection table of seed 004 section 13, named `providers:`, keys and base URLs. */

import type { ModelPrice, ModelRef, ProviderFamily } from "./agent_types.ts";
import { priceOf } from "./model_prices.ts";

/** One auto-detected family: prefixes of model ids and the env vars its key may come from. */
export interface FamilyRule {
  readonly family: ProviderFamily;
  readonly prefixes: readonly (string | RegExp)[];
  /** Env vars tried in order. */
  readonly keyEnv: readonly string[];
}

/** The auto-detection table (seed 004 section 13), in the order it is tried. */
export const FAMILY_RULES: readonly FamilyRule[] = [
  { family: "anthropic", prefixes: ["claude-"], keyEnv: ["ANTHROPIC_API_KEY"] },
  {
    family: "openai",
    prefixes: ["gpt-", "chatgpt-", /^o\d/, "text-", "davinci-"],
    keyEnv: ["OPENAI_API_KEY"],
  },
  {
    family: "google",
    prefixes: ["gemini-", "models/gemini-"],
    keyEnv: ["GEMINI_API_KEY", "GOOGLE_API_KEY"],
  },
  {
    family: "mistral",
    prefixes: [
      "mistral-",
      "codestral-",
      "magistral-",
      "ministral-",
      "devstral-",
      "pixtral-",
      "open-mistral-",
      "open-mixtral-",
    ],
    keyEnv: ["MISTRAL_API_KEY"],
  },
];

const API_OF: Record<ProviderFamily, ModelRef["api"]> = {
  anthropic: "messages",
  openai: "responses",
  google: "generate-content",
  mistral: "chat",
};

/** A `providers:` entry as loaded. */
export interface ProviderConfig {
  /** Its name (a family name overrides that family's settings). */
  readonly name: string;
  /** Wire format. */
  readonly type: ProviderFamily;
  readonly baseUrl?: string;
  readonly apiKeyEnv?: string;
  /** Price overrides by model id. */
  readonly prices: Readonly<Record<string, ModelPrice>>;
}

/** The family of a model id by its prefix, or undefined. */
export function detectFamily(id: string): FamilyRule | undefined {
  return FAMILY_RULES.find((rule) =>
    rule.prefixes.some((p) => typeof p === "string" ? id.startsWith(p) : p.test(id))
  );
}

/**
 * The `provider/id` form of a model id (`anthropic/claude-opus-4-7`, the seeds' form): a declared
 * provider's name, or a built-in family whose prefix the id has, before the slash. Undefined for
 * any other string (`claude-sonnet-4-5`), which resolves by its prefix as before.
 * @throws {Error} a built-in family before the slash whose prefix the rest lacks
 */
export function splitProviderId(
  written: string,
  providers: ReadonlyMap<string, ProviderConfig>,
): { provider: string; id: string } | undefined {
  const slash = written.indexOf("/");
  if (slash <= 0 || slash === written.length - 1) return undefined;
  const provider = written.slice(0, slash);
  const id = written.slice(slash + 1);
  const rule = FAMILY_RULES.find((r) => r.family === provider);
  if (!rule) return providers.has(provider) ? { provider, id } : undefined;
  if (detectFamily(id)?.family !== provider) {
    throw new Error(
      `model "${written}": "${id}" is not a ${provider} model id (expected a prefix of ${
        rule.prefixes.map(String).join(", ")
      }); for another endpoint declare it under providers: and write { provider: <name>, id: ${id} }`,
    );
  }
  return { provider, id };
}

/**
 * Resolve a model as written (`"claude-sonnet-4-5"`, `"anthropic/claude-opus-4-7"` or
 * `{provider, id}`) to the provider that answers it: its wire format, base URL, key (when set)
 * and price.
 * @throws {Error} an unknown named provider, or a model id no family matches (message only; the
 *   loader positions it)
 */
export function resolveModel(
  written: string | { provider: string; id: string },
  providers: ReadonlyMap<string, ProviderConfig>,
  env: Readonly<Record<string, string>>,
): ModelRef {
  if (typeof written === "string") {
    const split = splitProviderId(written, providers);
    // A built-in family before the slash: the id alone resolves to it (with that family's
    // settings under providers:, if any); a declared provider's name: that endpoint.
    const family = split && FAMILY_RULES.some((r) => r.family === split.provider);
    if (split) return resolveModel(family ? split.id : split, providers, env);
  }
  const named = typeof written !== "string";
  const id = named ? written.id : written;
  let family: ProviderFamily;
  let providerName: string;
  let keyEnv: readonly string[];
  if (named) {
    const config = providers.get(written.provider);
    if (!config) {
      const known = [...providers.keys()].sort();
      throw new Error(
        `unknown provider "${written.provider}"; ${
          known.length ? `expected one of: ${known.join(", ")}` : "declare it under providers:"
        }`,
      );
    }
    family = config.type;
    providerName = config.name;
    keyEnv = config.apiKeyEnv ? [config.apiKeyEnv] : ruleOf(family).keyEnv;
  } else {
    const rule = detectFamily(id);
    if (!rule) {
      throw new Error(
        `cannot tell the provider of model "${id}": expected a prefix of ${
          FAMILY_RULES.flatMap((r) => r.prefixes.map(String)).join(", ")
        }, or { provider: <name>, id: ${id} } with a named provider`,
      );
    }
    family = rule.family;
    providerName = rule.family;
    keyEnv = providers.get(rule.family)?.apiKeyEnv
      ? [providers.get(rule.family)!.apiKeyEnv!]
      : rule.keyEnv;
  }
  const config = providers.get(providerName);
  const keyVar = keyEnv.find((name) => (env[name] ?? "") !== "") ?? keyEnv[0]!;
  const apiKey = env[keyVar] || undefined;
  const baseUrl = config?.baseUrl ?? (env[`MCPTEST_${family.toUpperCase()}_BASE_URL`] || undefined);
  const price = config?.prices[id] ?? priceOf(id);
  const organization = family === "openai" && !named ? env.OPENAI_ORG_ID || undefined : undefined;
  return {
    id,
    provider: providerName,
    named,
    family,
    // A named OpenAI-compatible endpoint (vLLM, OpenRouter, ...) speaks Chat Completions.
    api: named && family === "openai" ? "chat" : API_OF[family],
    apiKeyEnv: keyVar,
    label: named ? `${providerName}/${id}` : id,
    ...(baseUrl ? { baseUrl } : {}),
    ...(apiKey ? { apiKey } : {}),
    ...(organization ? { organization } : {}),
    ...(price ? { price } : {}),
  };
}

function ruleOf(family: ProviderFamily): FamilyRule {
  return FAMILY_RULES.find((r) => r.family === family)!;
}
