/** @module mcptest's answers to the server's requests: ping, roots, and the scripted sampling and elicitation replies of a ClientSpec, with a record of each (what was asked, what was answered, and why). */

import type { JsonRpcResponse } from "../../0_base/protocol/jsonrpc.ts";
import { matchTarget } from "../../1_matchers/apply.ts";
import { compileMatcher } from "../../1_matchers/registry.ts";
import { parseTarget } from "../../1_matchers/target_path.ts";
import { objectExample } from "../../0_base/util/schema_example.ts";
import type { ClientSpec, ScriptedReply } from "./client_spec.ts";

/** How a server request was answered. */
export type ReplyKind =
  /** ping, roots/list: answered by the client itself. */
  | "builtin"
  /** A scripted reply matched. */
  | "scripted"
  /** The capability is declared, but no scripted reply matched: answered with an error. */
  | "unscripted"
  /** The client did not declare the capability (or the method is unknown): -32601. */
  | "undeclared";

/** A server->client request and mcptest's answer. */
export interface ServerRequestRecord {
  /** The request as the server sent it (`{method, params}`; over 2026-07-28 from `inputRequests`). */
  readonly request: { readonly method: string; readonly params?: unknown; readonly id?: unknown };
  /** The answer: a result or an error. */
  readonly reply: { readonly result: unknown } | { readonly error: JsonRpcResponse["error"] };
  /** Who answered: the client itself, a scripted reply, or an error (unscripted, undeclared). */
  readonly kind: ReplyKind;
  /** Why, for the error kinds (shown when a test fails on it). */
  readonly detail?: string;
}

const METHOD_NOT_FOUND = -32601;
const INTERNAL_ERROR = -32603;

interface Compiled {
  readonly reply: ScriptedReply;
  readonly conditions: ReadonlyArray<{
    readonly target: ReturnType<typeof parseTarget>;
    readonly matcher: ReturnType<typeof compileMatcher>;
  }>;
}

/** Answers server requests as a ClientSpec says (matchers compiled once). */
export class ClientResponder {
  readonly spec: ClientSpec;
  readonly #sampling: readonly Compiled[];
  readonly #elicitation: readonly Compiled[];

  /** @throws ConfigError when a condition's target or matcher is invalid (the loader checked it) */
  constructor(spec: ClientSpec) {
    this.spec = spec;
    this.#sampling = (spec.sampling ?? []).map(compile);
    this.#elicitation = (spec.elicitation ?? []).map(compile);
  }

  /** The answer to one server request, and the record of it. */
  async answer(method: string, params: unknown, id?: unknown): Promise<ServerRequestRecord> {
    const request = {
      method,
      ...(params === undefined ? {} : { params }),
      ...(id === undefined ? {} : { id }),
    };
    const caps = this.spec.capabilities;
    if (method === "ping") return { request, reply: { result: {} }, kind: "builtin" };
    if (method === "roots/list") {
      if (!caps.roots) return undeclared(request, "roots");
      const roots = (this.spec.roots ?? []).map((r) => ({ ...r }));
      return { request, reply: { result: { roots } }, kind: "builtin" };
    }
    if (method === "sampling/createMessage") {
      if (!caps.sampling) return undeclared(request, "sampling");
      return await this.#scripted(request, this.#sampling, "sampling");
    }
    if (method === "elicitation/create") {
      if (!caps.elicitation) return undeclared(request, "elicitation");
      const mode = (params as { mode?: unknown } | undefined)?.mode ?? "form";
      if (mode === "url" && !caps.elicitation.url) return undeclared(request, "URL elicitation");
      return await this.#scripted(request, this.#elicitation, "elicitation");
    }
    return {
      request,
      reply: { error: { code: METHOD_NOT_FOUND, message: `Method not found: ${method}` } },
      kind: "undeclared",
      detail: `mcptest's client does not implement ${method}`,
    };
  }

  async #scripted(
    request: ServerRequestRecord["request"],
    replies: readonly Compiled[],
    what: string,
  ): Promise<ServerRequestRecord> {
    for (const candidate of replies) {
      if (!(await holds(candidate, request))) continue;
      const { reply } = candidate;
      return {
        request,
        reply: reply.error ? { error: { ...reply.error } } : { result: resultOf(reply, request) },
        kind: "scripted",
      };
    }
    const detail = `no scripted ${what} reply matches this ${request.method} (${
      replies.length === 0 ? "none scripted" : `${replies.length} scripted`
    })`;
    return {
      request,
      reply: { error: { code: INTERNAL_ERROR, message: `mcptest: ${detail}` } },
      kind: "unscripted",
      detail,
    };
  }
}

/** The scripted result; with `fillFromSchema`, its content filled from the requested schema. */
function resultOf(
  reply: ScriptedReply,
  request: ServerRequestRecord["request"],
): Record<string, unknown> {
  const result: Record<string, unknown> = { ...reply.result };
  if (!reply.fillFromSchema || result.action !== "accept") return result;
  const schema = (request.params as { requestedSchema?: unknown } | undefined)?.requestedSchema;
  const given = result.content !== null && typeof result.content === "object"
    ? result.content as Record<string, unknown>
    : {};
  result.content = { ...objectExample(schema, { withDefaults: true }), ...given };
  return result;
}

function compile(reply: ScriptedReply): Compiled {
  return {
    reply,
    conditions: (reply.when ?? []).map((c) => ({
      target: parseTarget(c.target),
      matcher: compileMatcher(c.matcher),
    })),
  };
}

async function holds(candidate: Compiled, request: unknown): Promise<boolean> {
  for (const { target, matcher } of candidate.conditions) {
    const outcome = await matchTarget(matcher, request, target, {
      suiteDir: ".",
      updateSnapshots: false,
    });
    if (!outcome.pass) return false;
  }
  return true;
}

function undeclared(request: ServerRequestRecord["request"], what: string): ServerRequestRecord {
  const detail = `the server sent ${request.method}, but mcptest's client did not declare ${what}`;
  return {
    request,
    reply: { error: { code: METHOD_NOT_FOUND, message: `mcptest: ${detail}` } },
    kind: "undeclared",
    detail,
  };
}
