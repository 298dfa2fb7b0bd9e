/** @module SEP-2322 probe: a requestState altered by the client is rejected, while the same retry with the state as issued is served. */

import { fail, notApplicable, notVerified, pass, type ProbeSet } from "./probe_types.ts";
import { describe, isOutcome, resultOf } from "./_helpers.ts";
import { answersFor } from "./_input_answers.ts";
import { tamper } from "./_tamper.ts";
import { call, inputRun } from "./sep_2322_mrtr.ts";

/** Check id -> probe. */
export const sep2322State: ProbeSet = {
  probes: {
    // The retry answers every input request (decline, a canned message, no roots) and carries a
    // forged requestState: only a JSON-RPC error rejects it (a complete result accepted it; a new
    // InputRequiredResult, where the state as issued completes, did not say the state failed).
    // An error counts only when the same retry with the state as issued is served: otherwise the
    // answers, not the state, were refused.
    "sep-2322-reject-tampered-state": async (ctx) => {
      const run = await inputRun(ctx);
      if (isOutcome(run)) return run;
      const state = run.first.requestState;
      if (typeof state !== "string" || state === "") {
        return notApplicable(
          `tool "${run.tool}" asked for input without a requestState: there is no state to protect`,
        );
      }
      const inputResponses = answersFor(run.first.inputRequests);
      const forged = tamper(state);
      const retry = await call(ctx, run.tool, { requestState: forged.state, inputResponses });
      const result = resultOf(retry);
      if (result && result.resultType !== "input_required") {
        return fail(
          `tool "${run.tool}": a requestState with ${forged.how} was accepted (a result)`,
        );
      }
      if (!result && !retry.response?.error) {
        return notVerified(`the forged retry: ${describe(retry)}`);
      }
      const control = await call(ctx, run.tool, { requestState: state, inputResponses });
      const served = resultOf(control);
      if (!served || (result && served.resultType === "input_required")) {
        return notVerified(
          `the same retry with the state as issued got ${
            served ? "a new InputRequiredResult" : describe(control)
          } as well, so the answer to the forged one says nothing about the state`,
        );
      }
      if (result) {
        return fail(
          `tool "${run.tool}": a requestState with ${forged.how} got a new InputRequiredResult ` +
            "instead of a JSON-RPC error (the state as issued completes)",
        );
      }
      return pass(
        `tool "${run.tool}": a requestState with ${forged.how} got ${
          describe(retry)
        }; the state as issued was served`,
      );
    },
  },
};
