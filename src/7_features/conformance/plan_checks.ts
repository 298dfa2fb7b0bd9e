/** @module Plans a conformance run: one result per requirement of a corpus, and the probes still to run on the session. */

import { isHttpOnly } from "./applicability.ts";
import type { Probe } from "./probes/probe_types.ts";
import { STDIO_SKIP } from "./probes/probe_types.ts";
import type { CheckResult, ExcludedResult } from "./result.ts";
import { severityOf } from "./severity.ts";
import { type CheckStatus, isChecked, type SepCorpus } from "./types.ts";

/** Checks that a failed handshake decides: a 2026 server must implement server/discover. */
const HANDSHAKE_CHECKS: Readonly<Record<string, string>> = {
  "sep-2575-server-implements-discover": "server/discover",
};

/** Every check of a corpus with its verdict so far, and the probes still to run. */
export interface Planned {
  readonly checks: CheckResult[];
  readonly excluded: ExcludedResult[];
  /** Checks (by index in `checks`) whose probe runs on the live session. */
  readonly pending: Array<{ index: number; probe: Probe }>;
}

/**
 * One result per requirement, in corpus order: excluded ones aside; HTTP-only checks on stdio
 * not applicable; without a session (`live` false) the handshake decides; without a probe
 * untested; the rest pending (untested until their probe runs).
 */
export function planChecks(
  corpus: SepCorpus,
  probes: Readonly<Record<string, Probe>>,
  transport: "stdio" | "http",
  live: boolean,
  handshakeError: string | undefined,
): Planned {
  const planned: Planned = { checks: [], excluded: [], pending: [] };
  const { checks, excluded, pending } = planned;
  for (const sep of corpus.seps) {
    for (const requirement of sep.requirements) {
      const severity = severityOf(requirement.text);
      if (!isChecked(requirement)) {
        excluded.push({
          sep: sep.sep,
          severity,
          text: requirement.text,
          reason: requirement.excluded,
        });
        continue;
      }
      const base = {
        check: requirement.check,
        sep: sep.sep,
        severity,
        text: requirement.text,
        ...(requirement.url === undefined ? {} : { url: requirement.url }),
      };
      const probe = Object.hasOwn(probes, requirement.check)
        ? probes[requirement.check]
        : undefined;
      let outcome: Verdict | undefined;
      if (transport === "stdio" && isHttpOnly(requirement.check)) {
        outcome = { status: "not-applicable", detail: STDIO_SKIP };
      } else if (!live) {
        outcome = handshakeOutcome(requirement.check, handshakeError ?? "", probe !== undefined);
      }
      if (outcome || !probe) {
        checks.push(outcome ? { ...base, ...outcome } : { ...base, status: "untested" });
        continue;
      }
      checks.push({ ...base, status: "untested" });
      pending.push({ index: checks.length - 1, probe });
    }
  }
  return planned;
}

/** A status and its reason. */
interface Verdict {
  readonly status: CheckStatus;
  readonly detail?: string;
}

function handshakeOutcome(check: string, error: string, probed: boolean): Verdict {
  const method = HANDSHAKE_CHECKS[check];
  if (method) return { status: "fail", detail: `${method} failed: ${error}` };
  if (!probed) return { status: "untested" };
  return {
    status: "not-verified",
    detail: `the handshake failed, so no probe could run: ${error}`,
  };
}
