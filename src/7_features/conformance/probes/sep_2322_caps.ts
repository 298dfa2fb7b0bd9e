/** @module SEP-2322 probe: a server puts into inputRequests only kinds of request the client declared in its capabilities. */

import { META_CLIENT_CAPABILITIES } from "../../../2_connect/session/meta.ts";
import { fail, notVerified, pass, type ProbeContext, type ProbeSet } from "./probe_types.ts";
import { argumentsFor, asRecord, describe, isOutcome, resultOf } from "./_helpers.ts";
import { needsStateless } from "./_stateless.ts";
import { safeTools } from "./_task_run.ts";

/** Client capability -> the inputRequests method it allows. */
const KINDS: Readonly<Record<string, string>> = {
  elicitation: "elicitation/create",
  sampling: "sampling/createMessage",
  roots: "roots/list",
};

/** What a tool call answered: the capabilities the inputRequests need, and a one-line summary. */
interface Answer {
  readonly needs: string[];
  readonly summary: string;
  /** Whether the server answered at all (a result or an error). */
  readonly answered: boolean;
}

/** tools/call of `tool` (its --safe-tool arguments, else none) from a client declaring exactly `declared`. */
async function callAs(ctx: ProbeContext, tool: string, declared: string[]): Promise<Answer> {
  const caps = Object.fromEntries(declared.map((kind) => [kind, {}]));
  const exchange = await ctx.session.request("tools/call", {
    name: tool,
    arguments: argumentsFor(ctx, tool),
    _meta: { [META_CLIENT_CAPABILITIES]: caps },
  });
  const result = resultOf(exchange);
  const answered = exchange.response !== undefined;
  if (!result) return { needs: [], summary: describe(exchange), answered };
  const requests = Object.values(asRecord(result.inputRequests) ?? {});
  const needs = Object.entries(KINDS)
    .filter(([, method]) => requests.some((request) => asRecord(request)?.method === method))
    .map(([kind]) => kind);
  const type = JSON.stringify(result.resultType ?? null);
  return {
    needs,
    summary: needs.length > 0 ? `inputRequests for ${needs.join(", ")}` : `resultType ${type}`,
    answered,
  };
}

/** `declared` as words for a detail. */
function label(declared: string[]): string {
  return declared.length === 0 ? "no capabilities" : `only ${declared.join(", ")}`;
}

/** Check id -> probe. */
export const sep2322Caps: ProbeSet = {
  probes: {
    "sep-2322-respect-client-capabilities": async (ctx) => {
      const blocked = needsStateless(ctx);
      if (blocked) return blocked;
      const tools = await safeTools(ctx);
      if (isOutcome(tools)) return tools;
      const everything = Object.keys(KINDS);
      for (const tool of tools.slice(0, 5)) {
        // Which kinds the tool asks for when the client can answer every kind.
        const asked = await callAs(ctx, tool.name, everything);
        if (asked.needs.length === 0) continue;
        const declarations = [[], ...everything.map((kind) => [kind])];
        const seen: string[] = [];
        for (const declared of declarations) {
          const answer = await callAs(ctx, tool.name, declared);
          const undeclared = answer.needs.filter((kind) => !declared.includes(kind));
          if (undeclared.length > 0) {
            return fail(
              `tool "${tool.name}" called by a client declaring ${label(declared)} answered ` +
                `inputRequests for ${undeclared.join(", ")}`,
            );
          }
          seen.push(`${label(declared)}: ${answer.summary}`);
          if (!answer.answered) {
            return notVerified(
              `tool "${tool.name}" called by a client declaring ${label(declared)}: ` +
                `${answer.summary}, so what it asks for then is unknown`,
            );
          }
        }
        return pass(
          `tool "${tool.name}" asks for ${asked.needs.join(", ")} input, and never for an ` +
            `undeclared kind (${seen.join("; ")})`,
        );
      }
      return notVerified(
        tools.length === 0
          ? "no read-only tool without required arguments to call, so no input request to check"
          : "no read-only tool without required arguments answered with inputRequests, even " +
            "for a client declaring elicitation, sampling and roots",
      );
    },
  },
};
