/** @module Reads the `evals:` block of a file into evals: a tool, resource or prompt call graded by llm-judge or llm-jury. */

import { ConfigError } from "../../0_base/errors/errors.ts";
import {
  claimTestId,
  resolveNode,
  serverKeyOf,
  soleServer,
  type TestBlockContext,
  unknownServer,
} from "./agent_block_context.ts";
import type { EvalTest } from "./agent_types.ts";
import { collectJudgeModels, JUDGE_MATCHERS } from "./judge_models.ts";
import { normalizeExpect } from "./normalize_expect.ts";
import type { Call, DocumentView } from "./types.ts";

type RawEval = Readonly<Record<string, unknown>>;

/**
 * The evals of `doc`, in declaration order. An entry that does not resolve, repeats a name or
 * names no known server is left out; every problem is a positioned error in `context.found`.
 */
export function readEvalTests(doc: DocumentView, context: TestBlockContext): EvalTest[] {
  const list = Array.isArray(doc.value.evals) ? doc.value.evals : [];
  const tests: EvalTest[] = [];
  list.forEach((_, i) => {
    const item = resolveNode(context.found, doc, ["evals", i]) as RawEval | undefined;
    if (item === undefined) return;
    const id = claimTestId(doc, "evals", i, String(item.name), context);
    if (id === undefined) return;
    const server = evalServer(doc, i, item, context);
    if (server) tests.push(evalTestOf(doc, i, id, server, item, context));
  });
  return tests;
}

/** The server entry `i` calls (its `server:`, else the only one it can mean), or undefined after an error. */
function evalServer(
  doc: DocumentView,
  i: number,
  item: RawEval,
  context: TestBlockContext,
): { key: string; name: string } | undefined {
  const { servers, found } = context;
  const name = typeof item.server === "string" ? item.server : soleServer(servers, doc);
  if (name === undefined) {
    const pos = doc.positionOf(["evals", i]);
    found.errors.push(
      new ConfigError("eval has no server:; name one of the declared servers", pos),
    );
    return undefined;
  }
  const key = serverKeyOf(servers, doc, name);
  if (key) return { key, name };
  found.errors.push(unknownServer(servers, doc, name, ["evals", i, "server"]));
  return undefined;
}

/** Entry `i` of `evals:`, read, under the id it claimed; an eval without a judge is an error. */
function evalTestOf(
  doc: DocumentView,
  i: number,
  id: string,
  server: { key: string; name: string },
  item: RawEval,
  context: TestBlockContext,
): EvalTest {
  const { assertions } = normalizeExpect(item.expect, ["evals", i, "expect"], doc.positionOf);
  if (!assertions.some((a) => JUDGE_MATCHERS.has(a.matcher.name))) {
    context.found.errors.push(
      new ConfigError(
        "an eval needs at least one llm-judge or llm-jury assertion (use tools:/resources:/prompts: for deterministic checks)",
        doc.positionOf(["evals", i, "expect"]),
      ),
    );
  }
  collectJudgeModels(doc, "evals", i, item.expect, context.lookup, context.judges);
  return {
    id,
    name: String(item.name),
    serverKey: server.key,
    serverName: server.name,
    call: evalCallOf(item),
    ...(typeof item.question === "string" ? { prompt: item.question } : {}),
    assertions,
    file: doc.file,
    pos: doc.positionOf(["evals", i]),
  };
}

/** The call an eval makes: `tool:` with `args:`, `resource:`, or `prompt:` with `args:`. */
function evalCallOf(item: RawEval): Call {
  const args = (item.args ?? {}) as Record<string, unknown>;
  if (typeof item.tool === "string") return { kind: "tool", tool: item.tool, args };
  if (typeof item.resource === "string") return { kind: "resource", uri: item.resource };
  return { kind: "prompt", prompt: String(item.prompt), args };
}
