/** @module SEP-1036 probes: a client that declares no elicitation capability gets no elicitation requests. */

import {
  fail,
  notApplicable,
  notVerified,
  pass,
  type ProbeContext,
  type ProbeSet,
} from "./probe_types.ts";
import { answered } from "./_evidence.ts";
import { asRecord } from "./_helpers.ts";

/** The elicitation/create requests the server sent during the run. */
function elicitations(ctx: ProbeContext): Record<string, unknown>[] {
  return (ctx.session.capture().server_messages ?? [])
    .map((m) => asRecord(m.message))
    .filter((m): m is Record<string, unknown> =>
      m !== undefined && m.method === "elicitation/create" && "id" in m
    );
}

const NONE = "the server sent no elicitation request during the run";

/** Check id -> probe. */
export const sep1036: ProbeSet = {
  probes: {
    // Evidence: a tools/call the server answered (tool code is where a server elicits). With
    // none, "no elicitation came" rests on nothing the server did: not verified.
    "sep-1036-server-no-undeclared-mode": (ctx) => {
      const sent = elicitations(ctx);
      if (sent.length > 0) {
        return Promise.resolve(fail(
          `${sent.length} elicitation/create request(s) to a client that declared no elicitation capability`,
        ));
      }
      const calls = answered(ctx, ["tools/call"]);
      return Promise.resolve(
        calls.length > 0
          ? pass(
            `the server answered ${calls.length} tools/call during the run with no ` +
              "elicitation/create request (mcptest declares no elicitation capability)",
          )
          : notVerified(
            "no tools/call was answered during the run, so the server never ran a tool that " +
              "could have elicited (mcptest declares no elicitation capability)",
          ),
      );
    },
    "sep-1036-request-required-params": (ctx) => {
      const sent = elicitations(ctx);
      if (sent.length === 0) return Promise.resolve(notApplicable(NONE));
      const bad = sent.filter((m) => {
        const params = asRecord(m.params) ?? {};
        const mode = params.mode ?? "form";
        return typeof params.message !== "string" || (mode !== "form" && mode !== "url");
      });
      return Promise.resolve(
        bad.length === 0
          ? pass("every elicitation request has a message and a mode")
          : fail(`${bad.length} malformed elicitation request(s)`),
      );
    },
    "sep-1036-url-request-shape": (ctx) => {
      const sent = elicitations(ctx).filter((m) => asRecord(m.params)?.mode === "url");
      if (sent.length === 0) {
        return Promise.resolve(notApplicable("the server sent no URL mode elicitation"));
      }
      const bad = sent.filter((m) => {
        const params = asRecord(m.params) ?? {};
        return typeof params.url !== "string" || typeof params.elicitationId !== "string";
      });
      return Promise.resolve(
        bad.length === 0
          ? pass("URL elicitations carry url and elicitationId")
          : fail(`${bad.length} URL elicitation(s) lack url or elicitationId`),
      );
    },
  },
  late: [
    "sep-1036-server-no-undeclared-mode",
    "sep-1036-request-required-params",
    "sep-1036-url-request-shape",
  ],
};
