/** @module The `spec_version_check:` block at LOAD: its targets, defaults and checks (the gate itself runs in EXECUTE). */

import { ConfigError } from "../../0_base/errors/errors.ts";
import { compileMatcher } from "../../1_matchers/registry.ts";
import type { ComplianceBlock } from "./compliance_block.ts";

/** The shape of a revision name: a typo of it is an error, an unshipped one a bootstrap. */
export const VERSION_NAME = /^(v\d{4}-\d{2}-\d{2}|draft)$/;

/** The defaults of seed 000 when `expect:` is omitted. */
export const DEFAULT_GATE_EXPECT: readonly { target: string; matcher: Record<string, unknown> }[] =
  [
    { target: "spec_clean", matcher: { exact: true } },
    { target: "spec_breaking_changes", matcher: { schema: { maxItems: 0 } } },
  ];

/** The targets a gate can assert on. */
export const GATE_TARGETS = [
  "spec_clean",
  "spec_breaking_changes",
  "spec_added_rules",
  "spec_removed_rules",
  "spec_unchanged_rules",
] as const;

/** The parsed `spec_version_check:` of a compliance block. */
export type SpecVersionCheck = NonNullable<ComplianceBlock["check"]>;

/** The error for a gate without a pin. */
export const needsPin = (check: SpecVersionCheck) =>
  new ConfigError(
    "spec_version_check: needs compliance.spec_version, the revision the suite is authored against",
    check.pos,
  );

/** The error for an `against:` that is not a revision name. */
export const notARevision = (check: SpecVersionCheck, against: string) =>
  new ConfigError(
    `spec_version_check against: "${against}" is not a revision name, expected v<YYYY-MM-DD> or draft`,
    check.pos,
  );

/**
 * Check a gate block at load: a pin is required and every expectation must target a known name
 * with a valid matcher.
 * @throws {ConfigError} positioned
 */
export function validateGate(block: ComplianceBlock): void {
  const check = block.check;
  if (!check) return;
  if (block.revision === undefined) throw needsPin(check);
  if (check.against !== undefined && !VERSION_NAME.test(check.against)) {
    throw notARevision(check, check.against);
  }
  for (const item of check.expect ?? []) {
    const { target, matcher } = item as { target?: unknown; matcher?: Record<string, unknown> };
    if (
      typeof target !== "string" ||
      !(GATE_TARGETS as readonly string[]).includes(target.split(/[.[]/)[0] ?? "")
    ) {
      throw new ConfigError(
        `unknown spec_version_check target ${JSON.stringify(target)}, expected one of: ${
          GATE_TARGETS.join(", ")
        }`,
        check.pos,
      );
    }
    const [name = "", arg] = Object.entries(matcher ?? {})[0] ?? [];
    compileMatcher({ name, arg, pos: check.pos });
  }
}
