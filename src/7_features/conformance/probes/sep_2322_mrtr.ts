/** @module SEP-2322 multi round-trip probes: protocol errors, unexpected inputResponses, and the InputRequiredResult of a safe tool when one asks for input. */

import { META_CLIENT_CAPABILITIES } from "../../../2_connect/session/meta.ts";
import type { Exchange } from "../../../2_connect/session/types.ts";
import {
  fail,
  notVerified,
  pass,
  type Probe,
  type ProbeContext,
  type ProbeOutcome,
  type ProbeSet,
} from "./probe_types.ts";
import { argumentsFor, asRecord, bogusName, describe, isOutcome, resultOf } from "./_helpers.ts";
import { anyListMethod, needsStateless } from "./_stateless.ts";
import { safeTools } from "./_task_run.ts";

/** The request method of each allowed inputRequests variant. */
const VARIANTS: Readonly<Record<string, string>> = {
  elicitation: "elicitation/create",
  sampling: "sampling/createMessage",
  roots: "roots/list",
};

/** Client capabilities that let a server ask for any of the three kinds of input. */
const ASKING_META = {
  [META_CLIENT_CAPABILITIES]: { elicitation: {}, sampling: {}, roots: {} },
};

/** A tool call that returned an InputRequiredResult. */
export interface InputRun {
  readonly tool: string;
  readonly first: Record<string, unknown>;
}

const runs = new WeakMap<ProbeContext, Promise<InputRun | ProbeOutcome>>();

const NO_INPUT = "no safe tool answered with an InputRequiredResult (a tool asks for input " +
  "only when it needs it; mcptest calls the tools named with --safe-tool, else only read-only " +
  "tools it can call without arguments)";

/** Call safe tools (client declares elicitation, sampling, roots) until one asks for input. */
export function inputRun(ctx: ProbeContext): Promise<InputRun | ProbeOutcome> {
  let run = runs.get(ctx);
  if (!run) {
    run = (async () => {
      const blocked = needsStateless(ctx);
      if (blocked) return blocked;
      const tools = await safeTools(ctx);
      if (isOutcome(tools)) return tools;
      for (const tool of tools.slice(0, 5)) {
        const exchange = await call(ctx, tool.name, {});
        const first = resultOf(exchange);
        if (first?.resultType === "input_required") return { tool: tool.name, first };
      }
      return notVerified(NO_INPUT);
    })();
    runs.set(ctx, run);
  }
  return run;
}

/** tools/call of `name` as a client that declares elicitation, sampling and roots, with `extra` params. */
export function call(
  ctx: ProbeContext,
  name: string,
  extra: Record<string, unknown>,
): Promise<Exchange> {
  return ctx.session.request("tools/call", {
    name,
    arguments: argumentsFor(ctx, name),
    ...extra,
    _meta: ASKING_META,
  });
}

/** The requestState of the first answer, to send back on a retry. */
function stateOf(run: InputRun): Record<string, unknown> {
  return typeof run.first.requestState === "string" ? { requestState: run.first.requestState } : {};
}

/** A check on one inputRequests variant: every value is an allowed request; this variant is seen. */
function variant(kind: string): Probe {
  return async (ctx) => {
    const run = await inputRun(ctx);
    if (isOutcome(run)) return run;
    const requests = Object.entries(asRecord(run.first.inputRequests) ?? {});
    const allowed = new Set(Object.values(VARIANTS));
    const wrong = requests.find(([, request]) => !allowed.has(String(asRecord(request)?.method)));
    if (wrong) {
      return fail(
        `inputRequests["${wrong[0]}"] has method ${
          JSON.stringify(asRecord(wrong[1])?.method ?? null)
        }, not one of ${[...allowed].join(", ")}`,
      );
    }
    const found = requests.filter(([, request]) => asRecord(request)?.method === VARIANTS[kind]);
    return found.length > 0
      ? pass(`tool "${run.tool}" asked with ${found.length} ${VARIANTS[kind]} request(s)`)
      : notVerified(`tool "${run.tool}" asked for no ${VARIANTS[kind]} input`);
  };
}

/** Check id -> probe. */
export const sep2322Mrtr: ProbeSet = {
  probes: {
    "sep-2322-error-on-protocol-error": async (ctx) => {
      const blocked = needsStateless(ctx);
      if (blocked) return blocked;
      // No expectId: the parse-error answer has id null; it is this frame's while it is the only
      // raw frame in flight. "No answer" is decided by the session's fence (the server answered
      // pings sent after the frame, in order) or the deadline (--timeout), never a shorter window.
      const malformed = await ctx.session.sendRaw('{"jsonrpc":"2.0","id":"mcptest-bad-json",', {
        fence: true,
      });
      const invalid = await ctx.session.request("tools/call", { name: 42, arguments: "none" });
      const problems: string[] = [];
      if (!malformed.response?.error && !(malformed.http && malformed.http.status >= 400)) {
        problems.push(`malformed JSON: ${describe(malformed)}`);
      }
      if (!invalid.response?.error) problems.push(`params of the wrong type: ${describe(invalid)}`);
      return problems.length === 0
        ? pass(`malformed JSON: ${describe(malformed)}; invalid params: ${describe(invalid)}`)
        : fail(`expected a JSON-RPC error; ${problems.join("; ")}`);
    },
    "sep-2322-ignore-unexpected-params": async (ctx) => {
      const blocked = needsStateless(ctx);
      if (blocked) return blocked;
      const method = anyListMethod(ctx);
      const exchange = await ctx.session.request(method, {
        inputResponses: { [bogusName("mcptest-unrequested")]: { action: "decline" } },
      });
      const result = resultOf(exchange);
      if (result) return pass(`${method} with an unrequested inputResponses key was served`);
      return exchange.response?.error
        ? fail(`${method} with an unrequested inputResponses key: ${describe(exchange)}`)
        : notVerified(`${method}: ${describe(exchange)}`);
    },
    "sep-2322-request-state-incomplete": async (ctx) => {
      const run = await inputRun(ctx);
      if (isOutcome(run)) return run;
      const has = asRecord(run.first.inputRequests) !== undefined ||
        typeof run.first.requestState === "string";
      return has
        ? pass(`tool "${run.tool}": the InputRequiredResult carries inputRequests or requestState`)
        : fail(
          `tool "${run.tool}": an InputRequiredResult with neither inputRequests nor requestState`,
        );
    },
    "sep-2322-elicitation-incomplete": variant("elicitation"),
    "sep-2322-sampling-incomplete": variant("sampling"),
    "sep-2322-list-roots-incomplete": variant("roots"),
    "sep-2322-missing-response-rerequests": async (ctx) => {
      const run = await inputRun(ctx);
      if (isOutcome(run)) return run;
      if (asRecord(run.first.inputRequests) === undefined) {
        return notVerified(`tool "${run.tool}" asked for no input requests`);
      }
      const retry = await call(ctx, run.tool, stateOf(run));
      const result = resultOf(retry);
      return result?.resultType === "input_required"
        ? pass(`a retry without the responses got a new InputRequiredResult`)
        : fail(
          `a retry without the requested responses: ${
            result ? `resultType ${JSON.stringify(result.resultType ?? null)}` : describe(retry)
          }, expected a new InputRequiredResult`,
        );
    },
    "sep-2322-validate-input-responses": async (ctx) => {
      const run = await inputRun(ctx);
      if (isOutcome(run)) return run;
      const keys = Object.keys(asRecord(run.first.inputRequests) ?? {});
      if (keys.length === 0) return notVerified(`tool "${run.tool}" asked for no input requests`);
      // Every requested key answered with a value that is no response of any kind.
      const garbage = Object.fromEntries(keys.map((key) => [key, "mcptest-not-a-response"]));
      const retry = await call(ctx, run.tool, { ...stateOf(run), inputResponses: garbage });
      const result = resultOf(retry);
      if (retry.response?.error) return pass(`unparseable inputResponses: ${describe(retry)}`);
      if (result?.resultType === "input_required") {
        return pass("unparseable inputResponses were not accepted (asked again)");
      }
      if (result?.isError === true) {
        return pass("unparseable inputResponses were rejected with a tool error");
      }
      return result
        ? fail("unparseable inputResponses were accepted: the tool call completed")
        : notVerified(describe(retry));
    },
  },
};
