/** @module The `cassette:` block of each file: its `normalize:` rules, checked at load (positioned errors). */

import { ConfigError, ConfigErrors } from "../../0_base/errors/errors.ts";
import type { NormalizeRule } from "../../2_connect/cassette/format.ts";
import { ruleProblem } from "../../2_connect/cassette/normalize.ts";
import type { DocumentView } from "./types.ts";

/**
 * The `cassette.normalize:` rules of every file, in file order (the schema checked their shape;
 * this checks each pattern compiles and each target parses).
 */
export function cassetteRules(
  docs: readonly DocumentView[],
): { rules: NormalizeRule[]; errors: ConfigError[] } {
  const rules: NormalizeRule[] = [];
  const errors: ConfigError[] = [];
  for (const doc of docs) {
    const block = doc.value["cassette"] as { normalize?: unknown } | undefined;
    if (!block || !Array.isArray(block.normalize)) continue;
    for (const [i, raw] of block.normalize.entries()) {
      const path = ["cassette", "normalize", i];
      let resolved: Record<string, unknown>;
      try {
        resolved = doc.resolve(path).value as Record<string, unknown>;
      } catch (error) {
        if (error instanceof ConfigErrors) errors.push(...error.errors);
        else if (error instanceof ConfigError) errors.push(error);
        else throw error;
        continue;
      }
      const item = (resolved ?? raw) as Record<string, unknown>;
      const rule = {
        ...(typeof item["target"] === "string" ? { target: item["target"] } : {}),
        ...(typeof item["header"] === "string" ? { header: item["header"] } : {}),
        ...(typeof item["pattern"] === "string" ? { pattern: item["pattern"] } : {}),
        replace: String(item["replace"] ?? ""),
      } as NormalizeRule;
      const problem = ruleProblem(rule);
      if (problem) {
        errors.push(
          new ConfigError(
            `cassette.normalize: ${problem}`,
            doc.positionOf(
              item["pattern"] !== undefined && problem.startsWith("invalid pattern")
                ? [...path, "pattern"]
                : [...path, "target"],
            ),
          ),
        );
        continue;
      }
      rules.push(rule);
    }
  }
  return { rules, errors };
}
