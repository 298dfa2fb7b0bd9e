/** @module What mcptest's client declares (sampling, elicitation, roots) and how it answers the server's requests: plain data a suite resolves to, the same on every revision. */

import type { MatcherSpec } from "../../1_matchers/types.ts";

/** A root the client offers (`roots/list`). */
export interface ClientRoot {
  /** The root's URI (`file:///work`). */
  readonly uri: string;
  /** A name to show for it. */
  readonly name?: string;
}

/** A condition on the server's request: a target into `{method, params}` and a matcher. */
export interface ReplyCondition {
  /** Target path into the request (`params.messages[0].content.text`). */
  readonly target: string;
  /** What the value at the target must match. */
  readonly matcher: MatcherSpec;
}

/**
 * One scripted reply: used for the first request every condition of which holds (no conditions:
 * any request). Exactly one of `result` (the reply's result object) and `error` is set.
 */
export interface ScriptedReply {
  /** The conditions on the request (none: any request). */
  readonly when?: readonly ReplyCondition[];
  /** The reply's result object. */
  readonly result?: Readonly<Record<string, unknown>>;
  /** The reply's JSON-RPC error instead. */
  readonly error?: { readonly code: number; readonly message: string };
  /**
   * An elicitation `accept` whose `content` is filled from the request's `requestedSchema`: every
   * required property, and every one with a `default`, gets its default, first enum or const
   * value, or an example by type and format; keys of `result.content` win over filled ones.
   */
  readonly fillFromSchema?: boolean;
}

/** The client capabilities mcptest declares (absent: not declared). */
export interface ClientCapabilitySpec {
  /** `sampling` (with `tools` to say tool use in sampling is supported). */
  readonly sampling?: { readonly tools?: boolean };
  /** `elicitation` with the modes declared (2025-11-25: `form`, `url`; older revisions: `{}`). */
  readonly elicitation?: { readonly form?: boolean; readonly url?: boolean };
  /** `roots` (with `listChanged`: the client says when its roots change). */
  readonly roots?: { readonly listChanged?: boolean };
  /** `extensions` by identifier (`io.modelcontextprotocol/ui` for MCP Apps), each with its settings. */
  readonly extensions?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

/**
 * The client's behaviour for one server (or one test): what it declares, and its scripted answers
 * to `sampling/createMessage`, `elicitation/create` and `roots/list`. Undeclared capabilities stay
 * undeclared, and a request for one is answered -32601.
 */
export interface ClientSpec {
  /** What `initialize` (or the 2026 `_meta`) declares. */
  readonly capabilities: ClientCapabilitySpec;
  /** Roots offered by `roots/list` (default: none). */
  readonly roots?: readonly ClientRoot[];
  /** Replies to `sampling/createMessage`, first match wins. */
  readonly sampling?: readonly ScriptedReply[];
  /** Replies to `elicitation/create`, first match wins. */
  readonly elicitation?: readonly ScriptedReply[];
}

/** The client of a plain run: no capability declared, nothing scripted. */
export const NO_CLIENT: ClientSpec = { capabilities: {} };

/**
 * The `capabilities` object of `initialize` (and of the 2026 `_meta` client capabilities) for a
 * spec. `modes` false: elicitation is declared as `{}` (before 2025-11-25 it has no modes).
 */
export function declaredCapabilities(
  spec: ClientSpec,
  modes = true,
): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  const { sampling, elicitation, roots } = spec.capabilities;
  if (sampling) out.sampling = sampling.tools ? { tools: {} } : {};
  if (elicitation) {
    const declared: Record<string, unknown> = {};
    if (modes && elicitation.form !== false) declared.form = {};
    if (modes && elicitation.url) declared.url = {};
    out.elicitation = declared;
  }
  if (roots) out.roots = roots.listChanged ? { listChanged: true } : {};
  const extensions = spec.capabilities.extensions;
  if (extensions && Object.keys(extensions).length > 0) out.extensions = { ...extensions };
  return out;
}

/**
 * Whether a client declares a capability the server may ask about on its own initiative (roots,
 * sampling, elicitation): then a Streamable HTTP session opens the server's GET event stream.
 */
export function declaresAny(spec: ClientSpec | undefined): boolean {
  return spec !== undefined && Object.keys(declaredCapabilities(spec)).length > 0;
}
