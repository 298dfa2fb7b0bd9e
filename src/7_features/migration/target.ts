/** @module The migration target revision and the codes it moves, all read from the revisions table. */

import {
  findRevision,
  LATEST_REVISION,
  LEGACY_RESOURCE_NOT_FOUND,
  RC_ERROR_CODES,
  type RevisionInfo,
} from "../../0_base/protocol/revisions.ts";

/** The revision `mcptest migrate --to` and `doctor --target-version` support. */
export const MIGRATION_TARGET: RevisionInfo = findRevision(LATEST_REVISION) as RevisionInfo;

/** The name of the RC of the target (facts: the RC numbering was renumbered in the final). */
export const MIGRATION_TARGET_RC = `${MIGRATION_TARGET.id}-rc`;

/** The legacy missing-resource code (-32002). */
export const LEGACY_CODE: number = LEGACY_RESOURCE_NOT_FOUND;

/** The target's missing-resource code (-32602, Invalid Params). */
export const TARGET_RESOURCE_CODE: number = MIGRATION_TARGET.resourceNotFoundCode;

/** RC code -> final code, for every error the final release renumbered. */
export const RC_RENUMBERING: ReadonlyArray<
  { readonly name: string; readonly code: number; readonly replacement: number }
> = Object.entries(RC_ERROR_CODES).flatMap(([name, code]) => {
  const codes = MIGRATION_TARGET.errorCodes;
  const replacement = Object.hasOwn(codes, name) ? codes[name] : undefined;
  return replacement === undefined ? [] : [{ name, code, replacement }];
});

/**
 * Whether a `--to` / `--target-version` value names the migration target (`2026-07-28`,
 * `v2026-07-28`, `2026-07-28-rc`, `draft`).
 */
export function isMigrationTarget(name: string): boolean {
  return findRevision(name)?.id === MIGRATION_TARGET.id;
}
