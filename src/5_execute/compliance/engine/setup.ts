/** @module A rule's setup request: fetch what the probe needs (a listed uri, a prompt's arguments) or say why the rule cannot run. */

import { parseTarget, resolveTarget } from "../../../1_matchers/target_path.ts";
import { responseRoot } from "../../runner/response_root.ts";
import type { Session } from "../../../2_connect/session/types.ts";
import type { RuleSetup, SetupPick } from "../../../3_load/compliance_corpus/types.ts";

/** The variables a setup provides, or why the rule skips, or why it could not run. */
export type SetupOutcome =
  | { readonly vars: Readonly<Record<string, unknown>> }
  | { readonly skip: string }
  | { readonly failure: string };

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

function argumentsOf(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

function transform(value: unknown, as: "argument_values" | "required_names"): unknown {
  const required = argumentsOf(value).filter((a) => a.required === true)
    .map((a) => String(a.name));
  return as === "required_names"
    ? required
    : Object.fromEntries(required.map((name) => [name, "mcptest"]));
}

function isEmpty(value: unknown, pick: SetupPick): boolean {
  if (value === undefined || value === null) return true;
  // An argument_values object may be empty (a prompt without required arguments is fine).
  if (typeof pick !== "string" && pick.as === "argument_values") return false;
  return Array.isArray(value) && value.length === 0;
}

/** Run `setup` over the session and pick its variables. */
export async function runSetup(
  session: Session,
  setup: RuleSetup,
  timeoutMs: number,
): Promise<SetupOutcome> {
  const exchange = await session.request(
    setup.method,
    setup.params ? { ...setup.params } : undefined,
    { timeoutMs },
  );
  if (exchange.failure) {
    return {
      failure: `setup ${setup.method}: ${exchange.failure.kind}: ${exchange.failure.message}`,
    };
  }
  if (exchange.response?.error !== undefined) {
    const error = exchange.response.error as { code?: unknown; message?: unknown };
    if (error.code === -32601) {
      return { skip: `nothing to check: the server does not offer ${setup.method} (-32601)` };
    }
    return {
      failure: `setup ${setup.method} was refused: ${error.code} ${String(error.message ?? "")}`
        .trim(),
    };
  }
  const root = responseRoot(exchange);
  const vars: Record<string, unknown> = {};
  for (const [name, pick] of Object.entries(setup.pick)) {
    const path = typeof pick === "string" ? pick : pick.path;
    const found = resolveTarget(root, parseTarget(path));
    // A transform reads a missing `arguments` as none (a prompt without arguments).
    const value = typeof pick !== "string"
      ? transform(found.found ? found.value : undefined, pick.as)
      : found.found
      ? found.value
      : undefined;
    if (isEmpty(value, pick)) {
      return { skip: `nothing to check: ${setup.method} offers no ${path}` };
    }
    vars[name] = value;
  }
  return { vars };
}
