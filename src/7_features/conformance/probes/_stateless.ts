/** @module Helpers of the 2026-07-28 probes: error codes from the revisions table, `_meta` keys. */

import {
  findRevision,
  LATEST_REVISION,
  RC_ERROR_CODES,
} from "../../../0_base/protocol/revisions.ts";
import { META_PROTOCOL_VERSION } from "../../../2_connect/session/meta.ts";
import { notVerified, type ProbeContext, type ProbeOutcome } from "./probe_types.ts";
import { httpOnly } from "./_helpers.ts";

export { META_PROTOCOL_VERSION };

/** The codes accepted for a named 2026 error: the final number, plus the RC number for `-rc` corpora. */
export function errorCodes(ctx: ProbeContext, name: string): number[] {
  const revision = findRevision(ctx.version) ?? findRevision(LATEST_REVISION);
  const codes: number[] = [];
  const final = revision?.errorCodes[name];
  if (final !== undefined) codes.push(final);
  const rc = RC_ERROR_CODES[name];
  if (rc !== undefined && ctx.version.toLowerCase().endsWith("-rc")) codes.push(rc);
  return codes;
}

/** Not-verified when the session did not come up stateless (these probes need the 2026 lifecycle). */
export function needsStateless(ctx: ProbeContext): ProbeOutcome | undefined {
  return ctx.stateless ? undefined : notVerified(
    `the session negotiated ${
      ctx.session.protocolVersion || "no revision"
    }, not the stateless lifecycle`,
  );
}

/** The gate of HTTP-only 2026 checks: not-applicable on stdio, then not-verified unless stateless. */
export function httpStateless(ctx: ProbeContext): ProbeOutcome | undefined {
  return httpOnly(ctx) ?? needsStateless(ctx);
}

/** A list method the server advertises (tools/list, prompts/list, resources/list), or server/discover. */
export function anyListMethod(ctx: ProbeContext): string {
  for (
    const [capability, method] of [["tools", "tools/list"], ["prompts", "prompts/list"], [
      "resources",
      "resources/list",
    ]] as const
  ) {
    if (ctx.capabilities[capability] !== undefined) return method;
  }
  return "server/discover";
}
