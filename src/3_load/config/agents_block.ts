/** @module Reads the `agents:` block of a file into agent tests: models resolved, servers keyed, assertions normalised. */

import {
  claimTestId,
  type ModelLookup,
  resolveNode,
  serverKeyOf,
  type TestBlockContext,
  unknownServer,
} from "./agent_block_context.ts";
import type { AgentTest, ModelRef } from "./agent_types.ts";
import { collectJudgeModels } from "./judge_models.ts";
import { normalizeExpect } from "./normalize_expect.ts";
import type { DocumentView } from "./types.ts";

type RawTest = Readonly<Record<string, unknown>>;

/**
 * The agent tests of `doc`, in declaration order. An entry that does not resolve or repeats a
 * name is left out; every problem is a positioned error in `context.found`.
 */
export function readAgentTests(doc: DocumentView, context: TestBlockContext): AgentTest[] {
  const list = Array.isArray(doc.value.agents) ? doc.value.agents : [];
  const tests: AgentTest[] = [];
  list.forEach((_, i) => {
    const item = resolveNode(context.found, doc, ["agents", i]) as RawTest | undefined;
    if (item === undefined) return;
    const id = claimTestId(doc, "agents", i, String(item.name), context);
    if (id !== undefined) tests.push(agentTestOf(doc, i, id, item, context));
  });
  return tests;
}

/** Entry `i` of `agents:`, read, under the id it claimed. */
function agentTestOf(
  doc: DocumentView,
  i: number,
  id: string,
  item: RawTest,
  context: TestBlockContext,
): AgentTest {
  const models = modelsOf(doc, i, item, context.lookup);
  const servers = serversOf(doc, i, item, context);
  const { assertions } = normalizeExpect(
    item.expect ?? [],
    ["agents", i, "expect"],
    doc.positionOf,
  );
  collectJudgeModels(doc, "agents", i, item.expect, context.lookup, context.judges);
  return {
    id,
    name: String(item.name),
    models,
    matrix: item.models !== undefined,
    servers,
    prompt: String(item.prompt),
    ...(typeof item.system === "string" ? { system: item.system } : {}),
    maxTurns: typeof item.max_turns === "number" ? item.max_turns : 8,
    maxTokens: typeof item.max_tokens === "number" ? item.max_tokens : 1024,
    assertions,
    file: doc.file,
    pos: doc.positionOf(["agents", i]),
  };
}

/** `model:` (one) or `models:` (a matrix), resolved; those that do not resolve are left out. */
function modelsOf(doc: DocumentView, i: number, item: RawTest, lookup: ModelLookup): ModelRef[] {
  const matrix = item.models !== undefined;
  const written = matrix ? item.models as unknown[] : [item.model];
  return written.flatMap((m, k) => {
    const model = lookup(m, doc, matrix ? ["agents", i, "models", k] : ["agents", i, "model"]);
    return model ? [model] : [];
  });
}

/** `servers:` (one name or a list) as keys with the names written; unknown ones are errors, left out. */
function serversOf(
  doc: DocumentView,
  i: number,
  item: RawTest,
  context: TestBlockContext,
): { key: string; name: string }[] {
  const one = typeof item.servers === "string";
  const names = one ? [item.servers as string] : item.servers as string[];
  return names.flatMap((name, k) => {
    const key = serverKeyOf(context.servers, doc, name);
    if (key) return [{ key, name }];
    const at = ["agents", i, "servers", ...(one ? [] : [k])];
    context.found.errors.push(unknownServer(context.servers, doc, name, at));
    return [];
  });
}
