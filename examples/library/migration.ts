/** @module Library example: check a "resource not found" error code against the migration target. */

import { checkResourceErrorCode } from "../../mod.ts";

// The legacy code fails, the target's code passes, any other code is not this check's business.
for (const code of [-32002, -32602, -32601]) {
  const check = checkResourceErrorCode(code);
  console.log(`${code}: ${check.status}`);
}
