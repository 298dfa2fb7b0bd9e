/** @module Resolves a model as written to its provider, or records a positioned error: the one lookup every block that names models uses. */

import { ConfigError, type SourcePos } from "../../0_base/errors/errors.ts";
import { type ProviderConfig, resolveModel } from "./model_providers.ts";
import type { ModelRef } from "./agent_types.ts";

/** Resolves a model as written at `pos`; undefined (and an error in `found`) when it cannot. */
export type ModelLookupAt = (written: unknown, pos: SourcePos) => ModelRef | undefined;

/**
 * The model lookup of a suite: through its `providers:` and the environment. Each key it finds
 * joins `found.secrets`; a model that does not resolve (an unknown provider, an id no family
 * matches) is an error at `pos` in `found.errors`.
 * @param env the environment keys and `MCPTEST_<FAMILY>_BASE_URL` come from
 */
export function modelLookupAt(
  found: { readonly errors: ConfigError[]; readonly secrets: string[] },
  providers: ReadonlyMap<string, ProviderConfig>,
  env: Readonly<Record<string, string>>,
): ModelLookupAt {
  return (written, pos) => {
    try {
      const model = resolveModel(
        written as string | { provider: string; id: string },
        providers,
        env,
      );
      if (model.apiKey) found.secrets.push(model.apiKey);
      return model;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      found.errors.push(new ConfigError(message, pos));
      return undefined;
    }
  };
}
