/** @module checkResourceErrorCode (seed 000): judge a missing-resource error code against the migration target. */

import { LEGACY_CODE, MIGRATION_TARGET, TARGET_RESOURCE_CODE } from "./target.ts";
import type { CodeCheck } from "./types.ts";

/**
 * Judge the JSON-RPC error code a server returned for a resources/read of a uri it does not have.
 * No model is consulted: an integer comparison against the target's required code.
 *
 * @param code the error code the server answered
 * @returns `fail` on the legacy -32002 (naming -32602 as the replacement), `pass` on -32602,
 *   `skip` on any unrelated code
 *
 * @example
 * ```ts
 * import { checkResourceErrorCode } from "./check_resource_error_code.ts";
 * checkResourceErrorCode(-32002).status; // "fail"
 * ```
 */
export function checkResourceErrorCode(code: number): CodeCheck {
  const target = MIGRATION_TARGET.id;
  if (code === LEGACY_CODE) {
    return {
      status: "fail",
      message:
        `missing resource answered ${LEGACY_CODE} (legacy resource not found); ${target} requires ${TARGET_RESOURCE_CODE} (Invalid Params)`,
    };
  }
  if (code === TARGET_RESOURCE_CODE) {
    return {
      status: "pass",
      message:
        `missing resource answered ${TARGET_RESOURCE_CODE} (Invalid Params), as ${target} requires`,
    };
  }
  return {
    status: "skip",
    message:
      `missing resource answered ${code}, neither the legacy ${LEGACY_CODE} nor ${TARGET_RESOURCE_CODE}: not the migration's concern`,
  };
}
